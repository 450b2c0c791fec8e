// Holds over HTTP (issue 30 item 5): kept, read, released and confirmed into an order with the
// exact messages; an expired one refused and its tickets on sale again within 5 s by the sweep
// (no read needed); holds and orders racing against a small capacity, counts recomputed.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import * as Hold from '@event-admin/core/hold/index';
import { startSignedIn, type Client, type TestApi } from '../setup/api.ts';
import { expectError, ok, unknownId } from './helpers.ts';
import { availability, expectCounts, notEnough, onSale, order, postOrder, retried } from './orders.helpers.ts';
import { poolTotals } from './tickets.helpers.ts';

vi.setConfig({ testTimeout: 120_000 });

let api: TestApi;
let client: Client;
let stopSweep: () => void;
beforeAll(async () => {
  ({ api, client } = await startSignedIn());
  stopSweep = Hold.sweepHoldsEvery(api.db); // as npm start runs it
});
afterAll(async () => {
  stopSweep();
  await api.stop();
});

const keyed = (key: string) => ({ headers: { 'Idempotency-Key': key } });

describe('holds over REST', () => {
  it('keeps tickets until released or confirmed, with the messages of each refusal', async () => {
    const { event, types, customer } = await onSale(api, client, [{ name: 'Seats', quantity: 4, price: '$20.00' }]);
    const line = (quantity: number) => [{ ticketTypeId: types[0]!.id, quantity }];
    const hold = ok(await client.post('/api/holds', { eventId: event.id, lines: line(3), minutes: 5 }), 201);
    expect(Object.keys(hold)).toEqual(['id', 'eventId', 'lines', 'expiresAt', 'status']);
    expect(hold).toMatchObject({ eventId: event.id, lines: line(3), status: 'held' });
    expect(Date.parse(hold.expiresAt) - Date.now()).toBeGreaterThan(4 * 60_000);
    expect(ok(await client.get(`/api/holds/${hold.id}`))).toEqual(hold);
    expect((await availability(api, event.id)).types[0]).toMatchObject({ held: 3, available: 1 });

    const base = { eventId: event.id, customerId: customer.id, paymentMethod: 'Card' };
    const short = await postOrder(client, { ...base, lines: line(2) });
    expectError(short, 409);
    expect(notEnough(short.text)).toEqual(['Seats', 1]);
    const tooMany = await client.post('/api/holds', { eventId: event.id, lines: line(2) });
    expectError(tooMany, 409);
    expect(tooMany.text).toBe('Not enough tickets: Seats has 1 left');
    for (const [body, message] of [
      [{ eventId: event.id, lines: [] }, 'An order needs at least one ticket'],
      [{ eventId: event.id, lines: line(1), minutes: 61 }, 'Minutes must be a whole number from 1 to 60'],
      [{ eventId: event.id, lines: [{ ticketTypeId: unknownId(), quantity: 1 }] }, 'Unknown ticket type'],
    ] as const) {
      const refused = await client.post('/api/holds', body);
      expectError(refused, 400);
      expect(refused.text).toBe(message);
    }

    // confirmed with a key, four times at once: one order, the held tickets sold
    const confirm = { customerId: customer.id, paymentMethod: 'Card', attendees: [{ name: 'Ada Byron' }] };
    const confirms = await Promise.all(
      Array.from({ length: 4 }, () => client.request('POST', `/api/holds/${hold.id}/confirm`, confirm, keyed('confirm-1'))),
    );
    const sold = ok(confirms[0]!, 201);
    for (const again of confirms) expect(ok(again, 201)).toEqual(sold);
    expect(sold).toMatchObject({ eventId: event.id, status: 'completed', subtotal: '$60.00', serviceFee: '$10.80', amount: '$70.80' });
    expect(sold.tickets.map((t: { attendeeName: string | null }) => t.attendeeName)).toEqual(['Ada Byron', null, null]);
    expect(ok(await client.get(`/api/holds/${hold.id}`)).status).toBe('confirmed');
    expect((await availability(api, event.id)).types[0]).toMatchObject({ sold: 3, held: 0, available: 1 });
    const late = await client.post(`/api/holds/${hold.id}/confirm`, confirm);
    expectError(late, 409);
    expect(late.text).toBe('This hold is no longer active');
    expectError(await client.request('DELETE', `/api/holds/${hold.id}`), 409, 'This hold is no longer active');

    const second = ok(await client.post('/api/holds', { eventId: event.id, lines: line(1) }), 201);
    expect((await availability(api, event.id)).types[0]).toMatchObject({ held: 1, available: 0 });
    const released = await client.request('DELETE', `/api/holds/${second.id}`);
    expect([released.status, released.text]).toEqual([204, '']);
    expect((await availability(api, event.id)).types[0]).toMatchObject({ held: 0, available: 1 });
    expect((await client.request('DELETE', `/api/holds/${second.id}`)).status).toBe(204);
    const gone = await client.post(`/api/holds/${second.id}/confirm`, confirm);
    expectError(gone, 409);
    expect(gone.text).toBe('This hold is no longer active');
    expectError(await client.get(`/api/holds/${unknownId()}`), 404);
    await expectCounts(api, client, event.id, [sold.id], [hold.id, second.id]);
  });

  it('refuses to confirm an expired hold, and the sweep puts its tickets back on sale within 5 s, unread', async () => {
    const { event, types, customer } = await onSale(api, client, [{ name: 'Quick', quantity: 2 }]);
    const hold = await Hold.placeHold(
      api.db,
      { eventId: event.id, lines: [{ ticketTypeId: types[0]!.id, quantity: 2 }] },
      new Date(Date.now() + 1500),
    );
    if (typeof hold === 'symbol') throw new Error('the hold lost a race');
    expect((await poolTotals(api.db, event.id, types[0]!.id)).held).toBe(2);
    const expiresAt = Date.parse(hold.expiresAt);
    await new Promise((r) => setTimeout(r, expiresAt - Date.now() + 50));
    // nothing reads the event meanwhile: only the raw shards are looked at
    let held = 2;
    while (held > 0 && Date.now() < expiresAt + 5000) {
      held = (await poolTotals(api.db, event.id, types[0]!.id)).held;
      if (held > 0) await new Promise((r) => setTimeout(r, 100));
    }
    expect(held).toBe(0);
    expect(Date.now()).toBeLessThan(expiresAt + 5000);
    const expired = await client.post(`/api/holds/${hold.id}/confirm`, { customerId: customer.id, paymentMethod: 'Card' });
    expectError(expired, 409);
    expect(expired.text).toBe('This hold has expired');
    expect(ok(await client.get(`/api/holds/${hold.id}`)).status).toBe('expired');
    expect(
      (
        await order(client, {
          eventId: event.id,
          customerId: customer.id,
          lines: [{ ticketTypeId: types[0]!.id, quantity: 2 }],
          paymentMethod: 'Card',
        })
      ).tickets,
    ).toHaveLength(2);
  });

  it('holds and orders racing for a capacity of 20: never above it, and the counts equal the orders and holds', async () => {
    const { event, types, customer } = await onSale(api, client, [{ name: 'Type A', quantity: 12 }, { name: 'Type B' }], 20);
    const lines = (i: number) => [{ ticketTypeId: types[i % 2]!.id, quantity: 1 + (i % 3) }];
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        // keyed, so a 503 on a starved machine is sent again as a client would: each ends 201 or 409
        retried(() =>
          i % 3 === 0
            ? client.request('POST', '/api/holds', { eventId: event.id, lines: lines(i) }, keyed(`h-${event.id}-${i}`))
            : postOrder(
                client,
                { eventId: event.id, customerId: customer.id, lines: lines(i), paymentMethod: 'Card' },
                `o-${event.id}-${i}`,
              ),
        ),
      ),
    );
    const holds: string[] = [];
    const orders: string[] = [];
    for (const [i, result] of results.entries()) {
      if (result.status === 201) (i % 3 === 0 ? holds : orders).push((result.body as { id: string }).id);
      else {
        expectError(result, 409);
        expect(notEnough(result.text)[1]).toBeLessThan(lines(i)[0]!.quantity);
      }
    }
    let figures = await expectCounts(api, client, event.id, orders, holds);
    expect(figures.sold + figures.held).toBeLessThanOrEqual(20);
    // half the holds released, the rest confirmed: every ticket ends sold or free again
    for (const [i, id] of holds.entries()) {
      if (i % 2) expect((await client.request('DELETE', `/api/holds/${id}`)).status).toBe(204);
      else orders.push(ok(await client.post(`/api/holds/${id}/confirm`, { customerId: customer.id, paymentMethod: 'Card' }), 201).id);
    }
    figures = await expectCounts(api, client, event.id, orders, holds);
    expect(figures.held).toBe(0);
    expect(figures.sold).toBeLessThanOrEqual(20);
  });
});
