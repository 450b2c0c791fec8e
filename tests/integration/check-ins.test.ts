// The door over HTTP (issue 31 items 1, 2, 6): tickets listed, searched, filtered, edited and
// exported; check-ins once, twice, typed loosely, for another event, void, unknown, undone, in
// parallel (exactly one admitted, the counts equal to a recount from the tickets).
import { describe, expect, it, vi } from 'vitest';
import type { Client, TestApi } from '../setup/api.ts';
import { signedInForFile } from '../setup/api.ts';
import { expectError, ok } from './helpers.ts';
import { onSale, order } from './orders.helpers.ts';

vi.setConfig({ testTimeout: 120_000 });

const started = signedInForFile();
let app: { api: TestApi; client: Client } | undefined;
const get = async () => (app ??= await started);

/** An on-sale event with two types and an order of `quantity` tickets of the first. */
async function sold(quantity = 3, status: 'completed' | 'pending' = 'completed') {
  const { api, client } = await get();
  const { event, types, customer } = await onSale(api, client, [{ name: 'Floor' }, { name: 'Balcony' }]);
  const attendees = [
    { name: 'Ada Lovelace', email: 'ada@example.com' },
    { name: '=cmd()', email: 'x@example.com' },
  ].slice(0, quantity);
  const placed = await order(client, {
    eventId: event.id,
    customerId: customer.id,
    lines: [{ ticketTypeId: types[0]!.id, quantity, attendees }],
    paymentMethod: 'Card',
    status,
  });
  return { client, event, types, customer, order: placed, codes: placed.tickets.map((t: { code: string }) => t.code) as string[] };
}

const checkIn = (client: Client, body: Record<string, unknown>, key?: string) =>
  client.request('POST', '/api/check-ins', body, key ? { headers: { 'Idempotency-Key': key } } : {});
const stats = async (client: Client, eventId: string) => ok(await client.get(`/api/events/${eventId}/check-in-stats`));

describe('tickets', () => {
  it('are listed by event, searched, filtered, paged with a Link header, read, edited and exported', async () => {
    const { client, event, order: placed, codes } = await sold(3);
    const all = ok(await client.get(`/api/events/${event.id}/tickets`));
    expect(all.map((t: { id: string }) => t.id).sort()).toEqual(placed.tickets.map((t: { id: string }) => t.id).sort());
    expect(all[0]).toMatchObject({
      transactionId: placed.id,
      eventId: event.id,
      ticketTypeName: 'Floor',
      status: 'valid',
      checkedInAt: null,
    });
    const page = await client.get(`/api/events/${event.id}/tickets?limit=2`);
    expect(ok(page)).toHaveLength(2);
    const next = /<([^>]+)>; rel="next"/.exec(page.headers.get('link') ?? '')![1]!;
    expect(ok(await client.get(next))).toHaveLength(1);
    expect(ok(await client.get(`/api/events/${event.id}/tickets?search=LOVELACE`))).toHaveLength(1);
    const dashed = codes[2]!.toLowerCase().match(/.{4}/g)!.join('-');
    expect(ok(await client.get(`/api/events/${event.id}/tickets?search=${dashed}`))).toHaveLength(1);
    ok(await checkIn(client, { code: codes[0], eventId: event.id }), 201);
    expect(ok(await client.get(`/api/events/${event.id}/tickets?checkedIn=true`))).toHaveLength(1);
    expect(ok(await client.get(`/api/events/${event.id}/tickets?checkedIn=false`))).toHaveLength(2);

    const id = all.find((t: { code: string }) => t.code === codes[2]).id;
    expectError(
      await client.put(`/api/tickets/${id}`, { attendeeName: 'Grace', attendeeEmail: 'nope' }),
      400,
      'Please enter a valid email address',
    );
    const saved = ok(await client.put(`/api/tickets/${id}`, { attendeeName: 'Grace Hopper', attendeeEmail: 'grace@example.com' }));
    expect(saved).toMatchObject({ attendeeName: 'Grace Hopper', attendeeEmail: 'grace@example.com' });
    expect(ok(await client.get(`/api/tickets/${id}`))).toEqual(saved);
    const history = ok(await client.get(`/api/audit?entity=ticket&id=${id}`));
    expect(history.items[0].changes).toContainEqual({ field: 'attendeeName', from: null, to: 'Grace Hopper' });

    const csv = await client.get(`/api/exports/attendees.csv?eventId=${event.id}`);
    expect(csv.status).toBe(200);
    expect(csv.text).toContain('Grace Hopper');
    expect(csv.text).toContain("'=cmd()");
    expect(csv.text.trim().split('\r\n')).toHaveLength(4);
  });
});

describe('check-ins', () => {
  it('admit a code once, in any case and with dashes, and refuse every other scan with the exact words, changing nothing', async () => {
    const { client, event, codes } = await sold(2);
    const loose = ` ${codes[0]!.toLowerCase().match(/.{4}/g)!.join(' - ')} `;
    const first = ok(await checkIn(client, { code: loose, eventId: event.id }), 201);
    expect(first).toMatchObject({ checkedInBy: 'admin', ticket: { code: codes[0], status: 'valid' } });
    const hhmm = new Date(first.checkedInAt).toISOString().slice(11, 16);
    expectError(await checkIn(client, { code: codes[0], eventId: event.id }), 409, `Already checked in at ${hhmm} by admin`);
    expectError(await checkIn(client, { code: 'ZZZZ-ZZZZ-ZZZZ-ZZZZ-ZZZZ', eventId: event.id }), 404, 'No ticket with this code');
    const other = await sold(1);
    expectError(await checkIn(client, { code: codes[1], eventId: other.event.id }), 409, `This ticket is for ${event.title}`);
    expect(await stats(client, event.id)).toMatchObject({ tickets: 2, checkedIn: 1 });

    const ticketId = first.ticket.id;
    expect((await client.request('DELETE', `/api/check-ins/${ticketId}`)).status).toBe(204);
    expectError(await client.request('DELETE', `/api/check-ins/${ticketId}`), 409);
    expect(await stats(client, event.id)).toMatchObject({ tickets: 2, checkedIn: 0 });
    const history = ok(await client.get(`/api/audit?entity=ticket&id=${ticketId}`));
    expect(history.items.map((r: { action: string; actor: string }) => `${r.action} ${r.actor}`)).toEqual([
      'check_in.undo admin',
      'check_in admin',
    ]);
    expect(JSON.stringify(history)).not.toContain(codes[0]);
  });

  it('take a scan time within the last 24 hours, and answer a replay with the first answer', async () => {
    const { client, event, codes } = await sold(2);
    const future = new Date(Date.now() + 60_000).toISOString();
    expectError(await checkIn(client, { code: codes[0], eventId: event.id, scannedAt: future }), 400, 'scannedAt cannot be in the future');
    const old = new Date(Date.now() - 25 * 3600_000).toISOString();
    expectError(
      await checkIn(client, { code: codes[0], eventId: event.id, scannedAt: old }),
      400,
      'scannedAt cannot be more than 24 hours ago',
    );
    const scannedAt = new Date(Date.now() - 3600_000).toISOString();
    const first = ok(await checkIn(client, { code: codes[0], eventId: event.id, scannedAt }, 'door-1-scan-1'), 201);
    expect(first.checkedInAt).toBe(scannedAt);
    expect(ok(await checkIn(client, { code: codes[0], eventId: event.id, scannedAt }, 'door-1-scan-1'), 201)).toEqual(first);
  });

  it('of one code ten at once admit exactly one, and the counts equal a recount from the tickets; a void order leaves them', async () => {
    const { client, event, codes, order: placed, types } = await sold(2, 'pending');
    const results = await Promise.all(Array.from({ length: 10 }, () => checkIn(client, { code: codes[0], eventId: event.id })));
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(9);
    const tickets = ok(await client.get(`/api/events/${event.id}/tickets`));
    const recount = { tickets: tickets.length, checkedIn: tickets.filter((t: { checkedInAt: string | null }) => t.checkedInAt).length };
    expect(await stats(client, event.id)).toEqual({
      ...recount,
      byType: [
        { ticketTypeId: types[0]!.id, name: 'Floor', ...recount },
        { ticketTypeId: types[1]!.id, name: 'Balcony', tickets: 0, checkedIn: 0 },
      ],
    });

    ok(await client.post(`/api/transactions/${placed.id}/status`, { status: 'failed' }));
    expectError(await checkIn(client, { code: codes[1], eventId: event.id }), 409, 'This ticket is void');
    expect(await stats(client, event.id)).toMatchObject({ tickets: 0, checkedIn: 0 });
    expect(ok(await client.get(`/api/events/${event.id}/tickets`)).map((t: { status: string }) => t.status)).toEqual(['void', 'void']);
  });
});
