import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { foldDays, foldGraceMs } from '@event-admin/core/counters/fold';
import { addDays, utcDay } from '@event-admin/core/report/report.rules';
import { type Client, type TestApi, startSignedIn } from '../setup/api.ts';
import { addViews, cents, createCustomer, createEvent, createTransaction, dayAt as at, inBatches, ok, requestsDuring } from './helpers.ts';

// The days that are over are folded into one item each (core/counters/fold.ts), while writes keep
// going to shards. The figures must be the same before a fold, after it, and after late changes
// of a folded day (which land on its folded item): each compared with a recomputation from the
// transactions themselves. Here "today" is folded by running the fold as if it were tomorrow,
// while this server's clock still says today: every write of today after that is a late one.

let api: TestApi;
let client: Client;
beforeAll(async () => ({ api, client } = await startSignedIn()));
afterAll(() => api.stop());

const today = utcDay(new Date());
/** As the scheduled fold would run it once today is over. */
const tomorrowFold = () => foldDays(api.db, { now: new Date(Date.parse(`${addDays(today, 1)}T00:00:00Z`) + foldGraceMs + 60_000) });
const from = addDays(today, -6);

/** The figures a report must show, recomputed from every transaction (and the views and customers the test made). */
async function recomputed(views: Record<string, number>, newCustomers: number, eventId?: string) {
  const all: any[] = ok(await client.get('/api/transactions'));
  const details = await inBatches(all, 8, async (t) => ok(await client.get(`/api/transactions/${t.id}`)));
  const mine = details.filter((t) => !eventId || t.eventId === eventId);
  const days = new Map<string, { purchases: number; revenueCents: number; refundsCents: number }>();
  const day = (d: string) => days.get(d) ?? days.set(d, { purchases: 0, revenueCents: 0, refundsCents: 0 }).get(d)!;
  for (const t of mine) {
    if (['completed', 'partially_refunded', 'refunded'].includes(t.status)) {
      day(t.purchaseDate.slice(0, 10)).purchases += 1;
      day(t.purchaseDate.slice(0, 10)).revenueCents += cents(t.amount);
    }
    for (const r of t.refunds) day(r.createdAt.slice(0, 10)).refundsCents += cents(r.amount);
  }
  return Array.from({ length: 7 }, (_, i) => addDays(from, i)).map((date) => {
    const f = days.get(date) ?? { purchases: 0, revenueCents: 0, refundsCents: 0 };
    const pageViews = date === today ? Object.entries(views).reduce((sum, [id, n]) => sum + (!eventId || id === eventId ? n : 0), 0) : 0;
    const customers = !eventId && date === today ? newCustomers : 0;
    return { date, ...f, netCents: f.revenueCents - f.refundsCents, newCustomers: customers, pageViews };
  });
}

const report = async (eventId?: string) =>
  ok(await client.get(`/api/reports/sales?from=${from}&to=${today}${eventId ? `&eventId=${eventId}` : ''}`)).days;

/** The keys every BatchGetItem asks for while `work` runs. */
const keysAsked = async (work: () => Promise<unknown>) =>
  (await requestsDuring(api.db, work))
    .filter((request) => request.command === 'BatchGetItemCommand')
    .flatMap((request) =>
      Object.values(request.input.RequestItems as Record<string, { Keys: { pk: string }[] }>).flatMap((r) => r.Keys.map((k) => k.pk)),
    );

describe('folding the days that are over', () => {
  it('keeps every figure across the fold and after late changes of a folded day, reading one item a day', async () => {
    const [a, b] = await Promise.all([createEvent(client), createEvent(client)]);
    const [c1, c2] = await Promise.all([createCustomer(client), createCustomer(client)]);
    let newCustomers = 2;
    const views: Record<string, number> = {};
    const view = async (eventId: string, n: number) => {
      await addViews(client, eventId, n);
      views[eventId] = (views[eventId] ?? 0) + n;
    };
    // days before today go straight to their folded items; today's to shards
    await createTransaction(client, a.id, c1.id, '$10.00', 'completed', { purchaseDate: at(addDays(today, -3)) });
    await createTransaction(client, b.id, c2.id, '$7.25', 'completed', { purchaseDate: at(addDays(today, -2)) });
    const sold = await createTransaction(client, a.id, c2.id, '$30.00', 'completed');
    await createTransaction(client, b.id, c1.id, '$4.00', 'completed');
    const pendingToday = await createTransaction(client, a.id, c1.id, '$12.00', 'pending');
    const pendingPast = await createTransaction(client, b.id, c2.id, '$9.00', 'pending', { purchaseDate: at(addDays(today, -4)) });
    ok(await client.post(`/api/transactions/${sold.id}/refunds`, { amount: '$5.00', reason: 'Seat moved' }), 201);
    await view(a.id, 20);
    await view(b.id, 8);

    const expected = async () => ({
      all: await recomputed(views, newCustomers),
      a: await recomputed(views, newCustomers, a.id),
      b: await recomputed(views, newCustomers, b.id),
    });
    const shown = async () => ({ all: await report(), a: await report(a.id), b: await report(b.id) });
    const before = await expected();
    expect(await shown()).toEqual(before);

    // the fold: today (and every day before) becomes one item a day
    const folded = await tomorrowFold();
    expect(folded.folded).toContain(today);
    expect(await shown()).toEqual(before);
    // the fold mark and one item a day; shards only of today (read at once, as today is never folded by the clock)
    const asked = (await keysAsked(report)).filter((pk) => pk.startsWith('DAY'));
    expect(new Set(asked.filter((pk) => /^DAY#\d{4}-\d{2}-\d{2}#/.test(pk)).map((pk) => pk.slice(4, 14)))).toEqual(new Set([today]));
    expect(asked.length).toBe(1 + 14 + 16);
    // repeated, it changes nothing
    expect((await tomorrowFold()).folded).toEqual([]);
    expect(await shown()).toEqual(before);

    // late changes of the folded day (today, by this server's clock) and of earlier days
    await createTransaction(client, b.id, c1.id, '$20.00', 'completed');
    await createTransaction(client, a.id, c1.id, '$3.50', 'completed', { purchaseDate: at(addDays(today, -2)) });
    ok(await client.post(`/api/transactions/${sold.id}/refunds`, { amount: '$2.00', reason: 'Parking' }), 201);
    ok(await client.post(`/api/transactions/${pendingToday.id}/status`, { status: 'completed' }));
    ok(await client.post(`/api/transactions/${pendingPast.id}/status`, { status: 'completed' }));
    await view(a.id, 5);
    await createCustomer(client);
    const gone = await createCustomer(client);
    expect((await client.request('DELETE', `/api/customers/${gone.id}`)).status).toBe(204);
    newCustomers += 1;
    const after = await expected();
    expect(after).not.toEqual(before);
    expect(await shown()).toEqual(after);
    // and the Reports table, each event over the range
    const rows = (await client.trpc().reports.events.query({ from, to: today })).events;
    const total = (days: typeof after.a) => days.reduce((sum, d) => sum + d.netCents, 0);
    expect(Object.fromEntries(rows.map((r) => [r.eventId, [r.netCents, r.pageViews]]))).toEqual({
      [a.id]: [total(after.a), views[a.id]],
      [b.id]: [total(after.b), views[b.id]],
    });
    // folding again takes nothing twice
    await tomorrowFold();
    expect(await shown()).toEqual(after);
  }, 180_000);

  it('loses and doubles nothing when purchases, refunds and views race the fold', async () => {
    const own = await startSignedIn();
    try {
      const event = await createEvent(own.client);
      const customer = await createCustomer(own.client);
      const buy = (i: number) => createTransaction(own.client, event.id, customer.id, `$${(i % 7) + 1}.00`, 'completed');
      const first = await Promise.all(Array.from({ length: 6 }, (_, i) => buy(i)));
      // the fold runs while 12 purchases, 3 refunds and 4 view batches land on the day it folds
      const [, , changes] = await Promise.all([
        foldDays(own.api.db, { now: new Date(Date.parse(`${addDays(today, 1)}T00:00:00Z`) + foldGraceMs + 60_000) }),
        Promise.all(Array.from({ length: 12 }, (_, i) => buy(i + 6))),
        Promise.all([
          ...first.slice(0, 3).map((t) => own.client.post(`/api/transactions/${t.id}/refunds`, { amount: '$0.50', reason: 'Race' })),
          ...Array.from({ length: 4 }, () => own.client.post(`/api/events/${event.id}/views`, { count: 3 })),
        ]),
      ]);
      for (const result of changes) expect(result.status, result.text).toBeLessThan(300);
      const all: any[] = ok(await own.client.get('/api/transactions'));
      const revenue = all.reduce((sum, t) => sum + cents(t.amount), 0);
      const day = ok(await own.client.get(`/api/reports/sales?from=${today}&to=${today}`)).totals;
      expect(day).toEqual({
        purchases: 18,
        revenueCents: revenue,
        refundsCents: 150,
        netCents: revenue - 150,
        newCustomers: 1,
        pageViews: 12,
      });
    } finally {
      await own.api.stop();
    }
  }, 180_000);
});
