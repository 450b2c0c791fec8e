// HTTP helpers for the ticket and door tests: an event on sale with an order of its tickets,
// check-ins over REST, the door counts, and a recount from the ticket list to hold them against.
import type { Client, TestApi } from '../setup/api.ts';
import { followLinks, ok } from './helpers.ts';
import { onSale, order } from './orders.helpers.ts';

export interface Attendee {
  name: string;
  email: string;
}

/** Two attendees, one of them a formula (the CSV must keep it inert). */
export const attendeesOf = (quantity: number): Attendee[] =>
  [
    { name: 'Ada Lovelace', email: 'ada@example.com' },
    { name: '=cmd()', email: 'x@example.com' },
  ].slice(0, quantity);

/** An on-sale event with two types (Floor, Balcony) and an order of `quantity` tickets of the first. */
export async function sold(
  app: { api: TestApi; client: Client },
  quantity = 3,
  options: { status?: 'completed' | 'pending'; attendees?: Attendee[]; customer?: { id: string } } = {},
) {
  const { api, client } = app;
  const made = await onSale(api, client, [{ name: 'Floor' }, { name: 'Balcony' }]);
  const customer = options.customer ?? made.customer;
  const placed = await order(client, {
    eventId: made.event.id,
    customerId: customer.id,
    lines: [{ ticketTypeId: made.types[0]!.id, quantity, attendees: options.attendees ?? attendeesOf(quantity) }],
    paymentMethod: 'Card',
    status: options.status ?? 'completed',
  });
  return { ...made, customer, client, order: placed, codes: placed.tickets.map((t: { code: string }) => t.code) as string[] };
}

/** POST /api/check-ins, with an Idempotency-Key when given. */
export const checkIn = (client: Client, body: Record<string, unknown>, key?: string) =>
  client.request('POST', '/api/check-ins', body, key ? { headers: { 'Idempotency-Key': key } } : {});

/** GET /api/events/{id}/check-in-stats. */
export const stats = async (client: Client, eventId: string) => ok(await client.get(`/api/events/${eventId}/check-in-stats`));

/** The door counts recomputed from the event's tickets as listed (every page): valid ones, and those of them in. */
export async function recountDoor(client: Client, eventId: string, typeIds: readonly string[]) {
  const tickets: { ticketTypeId: string; status: string; checkedInAt: string | null }[] = await followLinks(
    client,
    `/api/events/${eventId}/tickets`,
    100,
  );
  const count = (list: typeof tickets) => ({ tickets: list.length, checkedIn: list.filter((t) => t.checkedInAt).length });
  const valid = tickets.filter((t) => t.status === 'valid');
  return { ...count(valid), byType: typeIds.map((id) => ({ ticketTypeId: id, ...count(valid.filter((t) => t.ticketTypeId === id)) })) };
}

/** The door counts equal the recount, in all and type by type. */
export async function doorCountsExact(client: Client, eventId: string) {
  const shown = await stats(client, eventId);
  const recount = await recountDoor(
    client,
    eventId,
    shown.byType.map((t: { ticketTypeId: string }) => t.ticketTypeId),
  );
  return { shown: { ...shown, byType: shown.byType.map(({ name: _name, ...rest }: { name: string }) => rest) }, recount };
}
