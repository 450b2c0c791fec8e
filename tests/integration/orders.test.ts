// Orders over HTTP (issue 30 items 3, 4, 6, 7, 10): the answer, the fee, every refusal with nothing
// recorded, idempotent repeats in parallel, tickets back on a failure or a full refund, a racing
// burst against a small capacity compared with a recomputation, event.sold_out, erasure.
import { describe, expect, it, vi } from 'vitest';
import * as TicketType from '@event-admin/core/ticket-type/index';
import { deliverDue } from '@event-admin/core/webhook/sender';
import type { Client, TestApi } from '../setup/api.ts';
import { createEvent, expectError, ok, unknownId } from './helpers.ts';
import { availability, expectCounts, notEnough, onSale, order, postOrder, retried } from './orders.helpers.ts';
import { addEndpoint, localTargets, webhookTestbed } from './webhook-receiver.ts';

vi.setConfig({ testTimeout: 120_000 });

const bed = webhookTestbed();
let started: { api: TestApi; client: Client } | undefined;
/** One app for the file, on its own table, with a service fee of 12.5 %. */
async function app() {
  if (!started) {
    started = await bed.signedIn(localTargets);
    ok(await started.client.post('/api/app-settings', { serviceFeePercentage: '12.5' }));
  }
  return started;
}
const codeShape = /^[23456789ABCDEFGHJKLMNPQRSTUVWXYZ]{20}$/;

describe('POST /api/orders', () => {
  it('records an order as a transaction: its lines, the fee rounded half up, one ticket per admission, counted as a purchase', async () => {
    const { api, client } = await app();
    const { event, types, customer } = await onSale(api, client, [
      { name: 'Floor', price: '$10.04' },
      { name: 'Balcony', price: '$0.50' },
    ]);
    const body = {
      eventId: event.id,
      customerId: customer.id,
      lines: [
        { ticketTypeId: types[0]!.id, quantity: 1, attendees: [{ name: 'Mary Shelley', email: 'mary@example.com' }] },
        { ticketTypeId: types[1]!.id, quantity: 0 },
      ],
      paymentMethod: 'Credit Card',
    };
    const sold = await order(client, body);
    // 1004 x 12.5 % = 125.5 cents: half up to $1.26
    expect(Object.keys(sold)).toEqual([
      'id',
      'eventId',
      'customerId',
      'status',
      'paymentMethod',
      'purchaseDate',
      'lines',
      'subtotal',
      'serviceFee',
      'amount',
      'tickets',
    ]);
    expect(sold).toMatchObject({
      eventId: event.id,
      customerId: customer.id,
      status: 'completed',
      paymentMethod: 'Credit Card',
      lines: [{ ticketTypeId: types[0]!.id, name: 'Floor', quantity: 1, unitPrice: '$10.04', total: '$10.04' }],
      subtotal: '$10.04',
      serviceFee: '$1.26',
      amount: '$11.30',
    });
    expect(sold.tickets).toEqual([
      {
        id: expect.any(String),
        code: expect.stringMatching(codeShape),
        ticketTypeId: types[0]!.id,
        attendeeName: 'Mary Shelley',
        attendeeEmail: 'mary@example.com',
      },
    ]);

    const three = await order(client, { ...body, lines: [{ ticketTypeId: types[0]!.id, quantity: 3 }], status: 'pending' });
    // 3012 x 12.5 % = 376.5 cents: $3.77
    expect(three).toMatchObject({ status: 'pending', subtotal: '$30.12', serviceFee: '$3.77', amount: '$33.89' });
    expect(new Set(three.tickets.map((t: { code: string }) => t.code)).size).toBe(3);
    expect(three.tickets.map((t: { attendeeName: string | null }) => t.attendeeName)).toEqual([null, null, null]);

    const detail = ok(await client.get(`/api/transactions/${sold.id}`));
    expect(detail).toMatchObject({
      id: sold.id,
      amount: '$11.30',
      lines: sold.lines,
      subtotal: '$10.04',
      serviceFee: '$1.26',
      tickets: sold.tickets,
    });
    const viaTrpc = await client.trpc().transactions.get.query({ id: sold.id });
    expect(viaTrpc.tickets).toEqual(sold.tickets);
    const listed = await client.trpc().transactions.list.query({ limit: 100 });
    expect(listed.items.find((t) => t.id === sold.id)).toEqual({
      id: sold.id,
      eventId: event.id,
      customerId: customer.id,
      amount: '$11.30',
      status: 'completed',
      purchaseDate: sold.purchaseDate,
      paymentMethod: 'Credit Card',
    });
    expect(ok(await client.get(`/api/events/${event.id}`))).toMatchObject({ completedPurchases: 1, sales: 11.3 });
    expect((await availability(api, event.id)).types[0]).toMatchObject({ sold: 4, held: 0 });
    const history = ok(await client.get(`/api/audit?entity=transaction&id=${sold.id}`));
    expect(history.items[0].changes).toContainEqual({ field: 'lines', from: null, to: '1 x Floor at $10.04' });
    expect(JSON.stringify(history)).not.toContain(sold.tickets[0].code);
  });

  it('refuses with the exact status and message, and a refused order records nothing', async () => {
    const { api, client } = await app();
    const { event, types, customer } = await onSale(
      api,
      client,
      [
        { name: 'Floor', quantity: 3, minPerOrder: 1, maxPerOrder: 4 },
        { name: 'Early bird', salesEnd: '2020-01-01T00:00:00.000Z' },
        { name: 'Pair', minPerOrder: 2, maxPerOrder: 2 },
      ],
      6,
    );
    const other = await onSale(api, client, [{ name: 'Elsewhere' }]);
    const line = (type: { id: string }, quantity: number) => [{ ticketTypeId: type.id, quantity }];
    const base = { eventId: event.id, customerId: customer.id, paymentMethod: 'Cash' };
    await order(client, { ...base, lines: line(types[2]!, 2) }); // the capacity has 4 left
    const draft = await createEvent(client, { status: 'draft' });
    const draftType = await TicketType.create(api.db, { eventId: draft.id, name: 'Draft seat', price: '$5.00' });
    const before = {
      stats: ok(await client.get('/api/dashboard/stats')),
      event: ok(await client.get(`/api/events/${event.id}`)),
      figures: await availability(api, event.id),
    };
    const cases: [unknown, number, string][] = [
      [[], 400, 'An order needs at least one ticket'],
      [line(types[0]!, 0), 400, 'An order needs at least one ticket'],
      [[{ ticketTypeId: unknownId(), quantity: 1 }], 400, 'Unknown ticket type'],
      [line(other.types[0]!, 1), 400, 'Unknown ticket type'],
      [line(types[2]!, 1), 400, 'Pair: from 2 to 2 tickets per order'],
      [line(types[0]!, 5), 400, 'Floor: from 1 to 4 tickets per order'],
      [line(types[1]!, 1), 409, 'Early bird is not on sale'],
      [line(types[0]!, 4), 409, 'Not enough tickets: Floor has 3 left'],
      [[...line(types[0]!, 3), ...line(types[2]!, 2)], 409, 'Not enough tickets: Pair has 1 left'],
    ];
    for (const [lines, status, message] of cases) {
      const result = await postOrder(client, { ...base, lines });
      expectError(result, status);
      expect(result.text).toBe(message);
    }
    const notOnSale = await postOrder(client, { ...base, eventId: draft.id, lines: line(draftType, 1) });
    expectError(notOnSale, 409);
    expect(notOnSale.text).toBe('This event is not on sale');
    ok(await client.post(`/api/events/${event.id}/archive`));
    const archived = await postOrder(client, { ...base, lines: line(types[0]!, 1) });
    expectError(archived, 409);
    expect(archived.text).toBe('This event is not on sale');
    expectError(
      await postOrder(client, { ...base, eventId: other.event.id, customerId: unknownId(), lines: line(other.types[0]!, 1) }),
      404,
    );

    expect(ok(await client.get('/api/dashboard/stats'))).toEqual(before.stats);
    const { completedPurchases, sales } = before.event;
    expect(ok(await client.get(`/api/events/${event.id}`))).toMatchObject({ completedPurchases, sales });
    expect(ok(await client.get(`/api/customers/${customer.id}/purchases`))).toHaveLength(1);
    // the same figures (only `onSale` moved, by the archive)
    const counted = ({ onSale: _onSale, ...figures }: Awaited<ReturnType<typeof availability>>['types'][number]) => figures;
    const now = await availability(api, event.id);
    expect({ ...now, types: now.types.map(counted) }).toEqual({ ...before.figures, types: before.figures.types.map(counted) });
  });

  it('answers repeats of one Idempotency-Key, sent in parallel, with one order', async () => {
    const { api, client } = await app();
    const { event, types, customer } = await onSale(api, client, [{ name: 'Standing', quantity: 10 }]);
    const body = {
      eventId: event.id,
      customerId: customer.id,
      lines: [{ ticketTypeId: types[0]!.id, quantity: 2 }],
      paymentMethod: 'Cash',
    };
    const answers = await Promise.all(Array.from({ length: 8 }, () => postOrder(client, body, 'order-key-1')));
    const bodies = answers.map((answer) => ok(answer, 201));
    expect(new Set(bodies.map((b) => JSON.stringify(b))).size).toBe(1);
    expect((await availability(api, event.id)).types[0]).toMatchObject({ sold: 2, available: 8 });
    const customerTransactions = ok(await client.get(`/api/customers/${customer.id}/purchases`));
    expect(customerTransactions.map((t: { id: string }) => t.id)).toEqual([bodies[0].id]);
    expectError(await postOrder(client, { ...body, paymentMethod: 'Card' }, 'order-key-1'), 422, 'This Idempotency-Key was already used');
  });

  it('gives tickets back when an order fails or is refunded in full; a partial refund keeps them', async () => {
    const { api, client } = await app();
    const { event, types, customer } = await onSale(api, client, [{ name: 'Seats', quantity: 6 }]);
    const buy = (status: 'completed' | 'pending') =>
      order(client, {
        eventId: event.id,
        customerId: customer.id,
        lines: [{ ticketTypeId: types[0]!.id, quantity: 2 }],
        paymentMethod: 'Cash',
        status,
      });
    const [pending, full, partial] = [await buy('pending'), await buy('completed'), await buy('completed')];
    expect((await availability(api, event.id)).types[0]).toMatchObject({ sold: 6, available: 0 });
    ok(await client.post(`/api/transactions/${pending.id}/status`, { status: 'failed' }));
    expect((await availability(api, event.id)).types[0]).toMatchObject({ sold: 4, available: 2 });
    ok(await client.post(`/api/transactions/${partial.id}/refunds`, { amount: '$1.00', reason: 'Late start' }), 201);
    expect((await availability(api, event.id)).types[0]).toMatchObject({ sold: 4, available: 2 });
    ok(await client.post(`/api/transactions/${full.id}/refunds`, { reason: 'Cancelled' }), 201);
    expect((await availability(api, event.id)).types[0]).toMatchObject({ sold: 2, available: 4 });
    ok(await client.post(`/api/transactions/${partial.id}/refunds`, { reason: 'The rest' }), 201);
    expect((await availability(api, event.id)).types[0]).toMatchObject({ sold: 0, available: 6 });
    await expectCounts(api, client, event.id, [pending.id, full.id, partial.id]);
    // on sale again: the returned tickets sell
    expect((await buy('completed')).tickets).toHaveLength(2);
  });
});

describe('an on-sale burst', () => {
  it('40 parallel orders of 1 to 4 against a capacity of 25 over two types: never oversold, the last ticket sold, every refusal a 409 that says what is left', async () => {
    const { api, client } = await app();
    const endpoint = await addEndpoint(client, bed.receiver.url('/sold-out'), ['event.sold_out', 'transaction.created']);
    const { event, types, customer } = await onSale(api, client, [{ name: 'Front', quantity: 15 }, { name: 'Back' }], 25);
    const bodyOf = (i: number) => ({
      eventId: event.id,
      customerId: customer.id,
      lines: [{ ticketTypeId: types[i % 2]!.id, quantity: 1 + (i % 4) }],
      paymentMethod: 'Card',
    });
    // a 503 (the store too busy) is tried again with its key, as a client does after Retry-After
    const send = (i: number) => retried(() => postOrder(client, bodyOf(i), `burst-${event.id}-${i}`), 8);
    const results = await Promise.all(Array.from({ length: 40 }, (_, i) => send(i)));
    const orders: string[] = [];
    for (const [i, result] of results.entries()) {
      if (result.status === 201) {
        orders.push((result.body as { id: string }).id);
        continue;
      }
      expectError(result, 409);
      const [name, left] = notEnough(result.text);
      expect([types[0]!.name, types[1]!.name, 'Front', 'Back']).toContain(name);
      expect(left).toBeLessThan(bodyOf(i).lines[0]!.quantity);
    }
    let figures = await expectCounts(api, client, event.id, orders);
    expect(figures.sold).toBeLessThanOrEqual(25);
    expect(figures.types[0]!.sold).toBeLessThanOrEqual(15);
    // the rest one at a time: the last ticket sells, then the next is refused with 0 left
    while (figures.available! > 0) {
      orders.push((await order(client, { ...bodyOf(1), lines: [{ ticketTypeId: types[1]!.id, quantity: 1 }] })).id);
      figures = await availability(api, event.id);
    }
    const last = await postOrder(client, { ...bodyOf(1), lines: [{ ticketTypeId: types[1]!.id, quantity: 1 }] });
    expectError(last, 409);
    expect(last.text).toBe('Not enough tickets: Back has 0 left');
    figures = await expectCounts(api, client, event.id, orders);
    expect(figures).toMatchObject({ capacity: 25, sold: 25, held: 0, available: 0 });

    // delivered as the sender does, again while some are due (a delivery that timed out on a busy
    // machine is due again a second later)
    const soldOut = () => bed.receiver.bodies().filter((b) => b.type === 'event.sold_out' && b.data.id === event.id);
    await expect
      .poll(async () => (await deliverDue(api.db, { targets: localTargets, schedule: [1000, 2000, 4000] }), soldOut().length), {
        interval: 500,
      })
      .toBeGreaterThan(0);
    expect(soldOut().map((b) => b.data)).toEqual([{ id: event.id, title: event.title, capacity: 25, sold: 25, held: 0 }]);
    const created = bed.receiver.bodies().find((b) => b.type === 'transaction.created' && b.data.id === orders[0]);
    expect(created?.data).toMatchObject({ id: orders[0], lines: [expect.objectContaining({ quantity: expect.any(Number) })] });
    expect(created?.data.tickets.length).toBeGreaterThan(0);
    expect(endpoint.id).toBeTruthy();
  });
});

describe('erasure', () => {
  it("scrubs the attendees of an erased customer's orders", async () => {
    const { api, client } = await app();
    const { event, types, customer } = await onSale(api, client, [{ name: 'Hall' }]);
    const sold = await order(client, {
      eventId: event.id,
      customerId: customer.id,
      lines: [{ ticketTypeId: types[0]!.id, quantity: 2, attendees: [{ name: 'Percy Bysshe', email: 'percy@example.com' }] }],
      paymentMethod: 'Cash',
    });
    ok(await client.post(`/api/customers/${customer.id}/erase`, { confirm: customer.email }));
    for (let i = 0; i < 100 && ok(await client.get(`/api/customers/${customer.id}`)).erasure !== 'complete'; i++)
      await new Promise((r) => setTimeout(r, 100));
    const detail = ok(await client.get(`/api/transactions/${sold.id}`));
    expect(
      detail.tickets.map((t: { code: string; attendeeName: unknown; attendeeEmail: unknown }) => [t.code, t.attendeeName, t.attendeeEmail]),
    ).toEqual(sold.tickets.map((t: { code: string }) => [t.code, null, null]));
    expect(JSON.stringify(detail)).not.toContain('Percy');
  });
});
