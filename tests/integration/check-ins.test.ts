// The door over HTTP (issue 31 items 2 and 6): check-ins once, twice, typed loosely, for another
// event, void, unknown, undone, in parallel (exactly one admitted, the counts equal to a recount
// from the tickets); each announced as `ticket.checked_in`, with nothing more than the check-in.
import { afterAll, describe, expect, it, vi } from 'vitest';
import { deliverDue } from '@event-admin/core/webhook/sender';
import { signedInForFile } from '../setup/api.ts';
import { checkIn, sold, stats } from './check-ins.helpers.ts';
import { createCustomer, expectError, ok } from './helpers.ts';
import { addEndpoint, deliveryLog, localTargets, startReceiver, verifies } from './webhook-receiver.ts';

vi.setConfig({ testTimeout: 120_000 });

const app = await signedInForFile();
const { api, client } = app;
const receiver = await startReceiver();
afterAll(() => receiver.close());

describe('check-ins', () => {
  it('admit a code once, in any case and with dashes, and refuse every other scan with the exact words, changing nothing', async () => {
    const { event, codes } = await sold(app, 2);
    const loose = ` ${codes[0]!.toLowerCase().match(/.{4}/g)!.join(' - ')} `;
    const first = ok(await checkIn(client, { code: loose, eventId: event.id }), 201);
    expect(first).toMatchObject({ checkedInBy: 'admin', ticket: { code: codes[0], status: 'valid' } });
    const hhmm = new Date(first.checkedInAt).toISOString().slice(11, 16);
    expectError(await checkIn(client, { code: codes[0], eventId: event.id }), 409, `Already checked in at ${hhmm} by admin`);
    expectError(await checkIn(client, { code: 'ZZZZ-ZZZZ-ZZZZ-ZZZZ-ZZZZ', eventId: event.id }), 404, 'No ticket with this code');
    const other = await sold(app, 1);
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

  it("admit by ticketId (an offline door's queue) with the code's refusals; exactly one of code and ticketId", async () => {
    const { event, codes, order: placed } = await sold(app, 1);
    const ticketId: string = placed.tickets[0].id;
    const byId = (body: Record<string, unknown>) => checkIn(client, { eventId: event.id, ...body });
    const first = ok(await byId({ ticketId, scannedAt: new Date(Date.now() - 60_000).toISOString() }), 201);
    expect(first.ticket).toMatchObject({ id: ticketId, code: codes[0] });
    const hhmm = first.checkedInAt.slice(11, 16);
    expectError(await byId({ ticketId }), 409, `Already checked in at ${hhmm} by admin`);
    const other = await sold(app, 1);
    expectError(await checkIn(client, { ticketId, eventId: other.event.id }), 409, `This ticket is for ${event.title}`);
    expectError(await byId({ ticketId: 'no-such-ticket' }), 404, 'No ticket with this code');
    expectError(await byId({}), 400, 'A ticket code or a ticketId is required');
    expectError(await byId({ ticketId, code: codes[0] }), 400, 'Send a ticket code or a ticketId, not both');
  });

  it('take a scan time within the last 24 hours, and answer a replay with the first answer', async () => {
    const { event, codes } = await sold(app, 2);
    const future = new Date(Date.now() + 5 * 60_000).toISOString();
    expectError(await checkIn(client, { code: codes[0], eventId: event.id, scannedAt: future }), 400, 'scannedAt cannot be in the future');
    // a door's clock a minute fast: admitted, at the server's now
    const before = Date.now();
    const ahead = ok(await checkIn(client, { code: codes[1], eventId: event.id, scannedAt: new Date(before + 60_000).toISOString() }), 201);
    expect(Date.parse(ahead.checkedInAt)).toBeGreaterThanOrEqual(before);
    expect(Date.parse(ahead.checkedInAt)).toBeLessThanOrEqual(Date.now());
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
    const { event, codes, order: placed, types } = await sold(app, 2, { status: 'pending' });
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

describe('ticket.checked_in', () => {
  /** Every due delivery sent now, to this machine's receiver. */
  const sendAll = async () => {
    while ((await deliverDue(api.db, { schedule: [1000], targets: localTargets, now: () => new Date() })) > 0);
  };

  it("announces an admission once, with the check-in and nothing more; the buyer's erasure scrubs its attendee", async () => {
    await client.confirm();
    const hook = await addEndpoint(client, receiver.url('/door'), ['ticket.checked_in']);
    const buyer = await createCustomer(client, { name: 'Nora Doorwell', email: 'nora.doorwell@example.com' });
    const attendees = [{ name: 'Ingrid Attendee', email: 'ingrid.attendee@example.com' }];
    const { event, codes } = await sold(app, 1, { customer: buyer, attendees });
    const admitted = ok(await checkIn(client, { code: codes[0], eventId: event.id }), 201);
    expectError(await checkIn(client, { code: codes[0], eventId: event.id }), 409);
    expect((await client.request('DELETE', `/api/check-ins/${admitted.ticket.id}`)).status).toBe(204);
    await sendAll();

    const got = receiver.received.filter((r) => r.path === '/door');
    expect(got).toHaveLength(1);
    expect(verifies(got[0]!, hook.secret)).toBe(true);
    const body = JSON.parse(got[0]!.body);
    expect(body.type).toBe('ticket.checked_in');
    expect(body.data).toEqual(admitted);
    // the API's ticket, nothing stored beside it (keys, version, search text, the buyer)
    expect(Object.keys(body.data).sort()).toEqual(['checkedInAt', 'checkedInBy', 'ticket']);
    expect(Object.keys(body.data.ticket).sort()).toEqual(
      ['attendeeEmail', 'attendeeName', 'checkedInAt', 'checkedInBy', 'code', 'eventId', 'id', 'status']
        .concat(['ticketTypeId', 'ticketTypeName', 'transactionId'])
        .sort(),
    );
    for (const text of ['customerId', buyer.id, buyer.email, 'Nora Doorwell', 'searchText', 'version', '"pk"'])
      expect(got[0]!.body).not.toContain(text);

    ok(await client.post(`/api/customers/${buyer.id}/erase`, { confirm: buyer.email }));
    const [delivery] = await deliveryLog(client, hook.id);
    expect((await client.post(`/api/webhooks/${hook.id}/deliveries/${delivery.id}/retry`)).status).toBe(202);
    await sendAll();
    const again = receiver.received.filter((r) => r.path === '/door');
    expect(again).toHaveLength(2);
    expect(JSON.parse(again[1]!.body).data.ticket).toMatchObject({ attendeeName: '[erased]', attendeeEmail: '[erased]', code: codes[0] });
    for (const text of ['Ingrid', 'ingrid.attendee@example.com']) expect(again[1]!.body).not.toContain(text);
  });
});
