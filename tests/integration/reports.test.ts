import { describe, expect, it } from 'vitest';
import { addDays, utcDay } from '@event-admin/core/report/report.rules';
import { signedInForFile } from '../setup/api.ts';
import { addViews, cents, createCustomer, createEvent, createTransaction, dayAt as at, expectError, ok, unknownId } from './helpers.ts';

// Each file has its own table, so the whole business's figures here are this file's writes.
const { client } = await signedInForFile();

const today = utcDay(new Date());
const report = async (query: string) => ok(await client.get(`/api/reports/sales?${query}`));

describe('GET /api/reports/sales', () => {
  let a: any;
  let b: any;

  it('equals a recomputation from the transactions, day by day, with the previous period', async () => {
    a = await createEvent(client, { title: 'Report Alpha' });
    b = await createEvent(client, { title: 'Report Bravo' });
    const [c1, c2] = await Promise.all([createCustomer(client), createCustomer(client)]);
    const d = (n: number) => addDays(today, -n);
    // Completed ones count on their purchase's UTC day; pending and failed ones never.
    await createTransaction(client, a.id, c1.id, '$12.34', 'completed', { purchaseDate: at(d(0), '00:00:01') });
    await createTransaction(client, a.id, c2.id, '$10.00', 'completed', { purchaseDate: at(d(1), '23:59:59') });
    await createTransaction(client, b.id, c1.id, '$5.55', 'completed', { purchaseDate: at(d(3)) });
    await createTransaction(client, b.id, c2.id, '$99.00', 'pending', { purchaseDate: at(d(3)) });
    await createTransaction(client, a.id, c2.id, '$42.00', 'failed', { purchaseDate: at(d(2)) });
    await createTransaction(client, a.id, c1.id, '$3.00', 'completed', { purchaseDate: at(d(9)) }); // the previous week
    await addViews(client, a.id, 20);
    await addViews(client, b.id, 5);

    const from = d(6);
    const r = await report(`from=${from}&to=${today}`);
    expect(r.from).toBe(from);
    expect(r.to).toBe(today);
    expect(r.days.map((day: any) => day.date)).toEqual(Array.from({ length: 7 }, (_, i) => addDays(from, i)));

    const all: any[] = ok(await client.get('/api/transactions'));
    const completedOn = (day: string) => all.filter((t) => t.status === 'completed' && t.purchaseDate.slice(0, 10) === day);
    for (const day of r.days) {
      const sold = completedOn(day.date);
      expect(day.purchases, day.date).toBe(sold.length);
      expect(day.revenueCents, day.date).toBe(sold.reduce((sum, t) => sum + cents(t.amount), 0));
      expect(day.refundsCents).toBe(0);
      expect(day.netCents).toBe(day.revenueCents);
      expect(day.newCustomers).toBe(day.date === today ? 2 : 0);
      expect(day.pageViews).toBe(day.date === today ? 25 : 0);
    }
    expect(r.totals).toEqual({ purchases: 3, revenueCents: 2789, refundsCents: 0, netCents: 2789, newCustomers: 2, pageViews: 25 });
    expect(r.previous).toEqual({
      from: d(13),
      to: d(7),
      totals: { purchases: 1, revenueCents: 300, refundsCents: 0, netCents: 300, newCustomers: 0, pageViews: 0 },
    });
  });

  it("gives one event's own figures with eventId (no new customers)", async () => {
    const r = await report(`from=${addDays(today, -6)}&to=${today}&eventId=${a.id}`);
    expect(r.totals).toEqual({ purchases: 2, revenueCents: 2234, refundsCents: 0, netCents: 2234, newCustomers: 0, pageViews: 20 });
    expect(r.previous.totals.revenueCents).toBe(300);
    expectError(await client.get(`/api/reports/sales?eventId=${unknownId()}`), 404, 'Event not found');
  });

  it('defaults to the last 30 days to today', async () => {
    const r = await report('');
    expect(r.to).toBe(today);
    expect(r.from).toBe(addDays(today, -29));
    expect(r.days).toHaveLength(30);
    expect(r.previous.to).toBe(addDays(today, -30));
    expect(r.totals.purchases).toBe(4);
  });

  it('counts a refund on the day it is made and a purchase completed later on its purchase day', async () => {
    const all: any[] = ok(await client.get('/api/transactions'));
    const sold = all.find((t) => t.eventId === b.id && t.status === 'completed');
    const refund = await client.post(`/api/transactions/${sold.id}/refunds`, { amount: '$2.50', reason: 'Seat moved' });
    expect(refund.status, refund.text).toBe(201);
    const day = await report(`from=${today}&to=${today}`);
    expect(day.totals).toMatchObject({ purchases: 1, revenueCents: 1234, refundsCents: 250, netCents: 984 });
    const event = await report(`from=${today}&to=${today}&eventId=${b.id}`);
    expect(event.totals).toMatchObject({ purchases: 0, refundsCents: 250, netCents: -250 });

    // A pending purchase 20 days back counts there once it completes, never before.
    const earlier = addDays(today, -20);
    const pending = await createTransaction(client, a.id, sold.customerId, '$8.00', 'pending', { purchaseDate: at(earlier) });
    expect((await report(`from=${earlier}&to=${earlier}`)).totals.purchases).toBe(0);
    const completed = await client.post(`/api/transactions/${pending.id}/status`, { status: 'completed' });
    expect(completed.status, completed.text).toBe(200);
    expect((await report(`from=${earlier}&to=${earlier}&eventId=${a.id}`)).totals).toMatchObject({ purchases: 1, revenueCents: 800 });
  });

  it('refuses a bad date, a reversed range and more than 366 days, with a clear message', async () => {
    expectError(await client.get('/api/reports/sales?from=2026-02-30&to=2026-03-01'), 400, 'real calendar days');
    expectError(await client.get('/api/reports/sales?from=yesterday'), 400, 'YYYY-MM-DD');
    expectError(await client.get('/api/reports/sales?from=2026-03-02&to=2026-03-01'), 400, 'The start date must not be after the end date');
    expectError(await client.get('/api/reports/sales?from=2025-01-01&to=2026-01-02'), 400, 'at most 366 days');
    expect((await report('from=2025-01-01&to=2026-01-01')).days).toHaveLength(366);
  });
});

describe('reports.events', () => {
  it("sums each event's days of a range, with conversion", async () => {
    const r = ok(
      await client.get(`/trpc/reports.events?input=${encodeURIComponent(JSON.stringify({ from: addDays(today, -6), to: today }))}`),
    );
    const rows = r.result.data.events;
    expect(rows.map((row: any) => row.title)).toEqual(['Report Alpha', 'Report Bravo']);
    expect(rows[0]).toMatchObject({ purchases: 2, revenueCents: 2234, pageViews: 20, conversion: 10 });
    expect(rows[1]).toMatchObject({ purchases: 1, revenueCents: 555, refundsCents: 250, netCents: 305, pageViews: 5, conversion: 20 });
  });
});
