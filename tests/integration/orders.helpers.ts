// HTTP helpers for the order and hold tests: an on-sale event with ticket types (made through
// core: their REST routes are another change's), orders and holds over REST, and the counts
// recomputed from the orders and holds themselves.
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import * as TicketType from '@event-admin/core/ticket-type/index';
import type { CreateTicketTypeInput } from '@event-admin/core/ticket-type/ticket-type.schema';
import type { Client, HttpResult, TestApi } from '../setup/api.ts';
import { createCustomer, createEvent, ok } from './helpers.ts';

type TypeFields = Omit<Partial<CreateTicketTypeInput>, 'eventId'>;

/** An active event with these types (in order) and capacity, and a customer to buy. */
export async function onSale(api: Pick<TestApi, 'db'>, client: Client, types: TypeFields[], capacity: number | null = null) {
  const event = await createEvent(client);
  const made = [];
  for (const fields of types)
    made.push(await TicketType.create(api.db, { eventId: event.id, name: `Type ${randomUUID().slice(0, 6)}`, price: '$10.00', ...fields }));
  if (capacity !== null) await TicketType.setCapacity(api.db, { eventId: event.id, capacity });
  const customer = await createCustomer(client);
  return { event, types: made, customer };
}

/** The event's figures as they stand (exact: core's availability read). */
export const availability = (api: TestApi, eventId: string) => TicketType.availability(api.db, { eventId });

/** POST /api/orders, with an Idempotency-Key when given. */
export const postOrder = (client: Client, body: Record<string, unknown>, key?: string) =>
  client.request('POST', '/api/orders', body, key ? { headers: { 'Idempotency-Key': key } } : {});

/**
 * A keyed write as a client retries it: a 503 (the store gave up, as a busy machine's may) sent
 * again with the same Idempotency-Key, after its Retry-After, a few times; then its last answer.
 */
export async function retried(send: () => Promise<HttpResult>, attempts = 5): Promise<HttpResult> {
  for (let attempt = 1; ; attempt++) {
    const result = await send();
    if (result.status !== 503 || attempt === attempts) return result;
    const seconds = Number(result.headers.get('retry-after'));
    expect(seconds).toBeGreaterThan(0);
    await new Promise((r) => setTimeout(r, seconds * 1000));
  }
}

/** An order that must succeed. */
export const order = async (client: Client, body: Record<string, unknown>) => ok(await postOrder(client, body), 201);

/** 'Not enough tickets: NAME has N left' -> [NAME, N]; anything else fails the test. */
export function notEnough(text: string): [string, number] {
  const match = /^Not enough tickets: (.+) has (\d+) left$/.exec(text);
  expect(match, text).not.toBeNull();
  return [match![1]!, Number(match![2])];
}

/**
 * Sold and held per type, recomputed from the records: the orders that still hold their tickets
 * (not failed, not refunded in full) and the holds still holding before their expiry.
 */
export async function recount(client: Client, orderIds: readonly string[], holdIds: readonly string[] = []) {
  const sold = new Map<string, number>();
  const held = new Map<string, number>();
  const add = (map: Map<string, number>, id: string, n: number) => map.set(id, (map.get(id) ?? 0) + n);
  for (const id of orderIds) {
    const detail = ok(await client.get(`/api/transactions/${id}`));
    if (detail.status === 'failed' || detail.status === 'refunded') continue;
    for (const line of detail.lines) add(sold, line.ticketTypeId, line.quantity);
  }
  for (const id of holdIds) {
    const hold = ok(await client.get(`/api/holds/${id}`));
    if (hold.status === 'held') for (const line of hold.lines) add(held, line.ticketTypeId, line.quantity);
  }
  return { sold: (id: string) => sold.get(id) ?? 0, held: (id: string) => held.get(id) ?? 0 };
}

/** The availability equals the recomputation, type by type and for the event. */
export async function expectCounts(api: TestApi, client: Client, eventId: string, orderIds: string[], holdIds: string[] = []) {
  const counts = await recount(client, orderIds, holdIds);
  const figures = await availability(api, eventId);
  let sold = 0;
  let held = 0;
  for (const type of figures.types) {
    expect({ sold: type.sold, held: type.held }, type.name).toEqual({ sold: counts.sold(type.id), held: counts.held(type.id) });
    sold += type.sold;
    held += type.held;
  }
  expect({ sold: figures.sold, held: figures.held }).toEqual({ sold, held });
  return figures;
}
