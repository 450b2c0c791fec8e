import { countersSettled } from '@event-admin/core/event/counters';
import type { RefundInfo, TransactionDetail, TransactionInfo } from '@event-admin/core/transaction/transaction.schema';
import { expect, it } from 'vitest';
import { customerCounts, getCustomerWithCounts } from '@event-admin/core/customer/customer.repo';
import { getStatsItem } from '@event-admin/core/stats/stats.repo';
import { random } from '@event-admin/functions/local/random';
import { signedInForFile } from '../setup/api.ts';
import { addViews, cents, createCustomer, createEvent, ok } from './helpers.ts';

const { api, client } = await signedInForFile();

it('after random purchases, status changes, refunds, bulk actions, erasures and deletes, every counter and day figure equals a recomputation', async () => {
  // Seeded: the same sequence on every run, so a failure can be replayed.
  const { next: rand, pick } = random(20261124);
  const events = await Promise.all([1, 2, 3].map(() => createEvent(client)));
  const customers = await Promise.all([1, 2, 3, 4, 5].map(() => createCustomer(client)));
  const ids: string[] = [];
  const reached = new Set<string>();
  /** customers not erased yet: a purchase for an erased one is refused (409), the others pick from these */
  const live = [...customers];

  const op = async () => {
    const roll = rand();
    if (roll < 0.3 || ids.length === 0) {
      const status = pick(['completed', 'completed', 'pending', 'failed'] as const);
      const amount = (100 + Math.floor(rand() * 4900)) / 100;
      const buyer = pick(live);
      const body = { eventId: pick(events).id, customerId: buyer.id, amount, status, paymentMethod: 'Card' };
      const created = await client.post('/api/transactions', body);
      // erased while this purchase was on its way (an erasure runs beside it): refused, nothing counted
      if (created.status === 409 && !live.includes(buyer)) return;
      expect(created.status, created.text).toBe(201);
      ids.push(created.body.id);
      reached.add(created.body.status);
      return;
    }
    if (roll < 0.35) return void (await addViews(client, pick(events).id, 1 + Math.floor(rand() * 5)));
    if (roll < 0.41 && live.length > 2) {
      // erasure removes the person, not the sale: no counter may move
      const [erased] = live.splice(Math.floor(rand() * live.length), 1);
      return void ok(await client.post(`/api/customers/${erased!.id}/erase`, { confirm: erased!.email }));
    }
    if (roll < 0.44) {
      // an event and a customer that never sold, deleted again: what their creation counted goes back
      const [event, customer] = await Promise.all([createEvent(client), createCustomer(client)]);
      await addViews(client, event.id, 3);
      for (const path of [`/api/events/${event.id}`, `/api/customers/${customer.id}`]) {
        const removed = await client.request('DELETE', path);
        expect(removed.status, removed.text).toBe(204);
      }
      return;
    }
    if (roll < 0.55) {
      const result = await client.post(`/api/transactions/${pick(ids)}/status`, { status: pick(['completed', 'failed', 'pending']) });
      if (result.status === 200) reached.add(result.body.status);
      return void expect([200, 409], result.text).toContain(result.status);
    }
    if (roll < 0.85) {
      const amount = rand() < 0.3 ? undefined : pick(['$0.50', '$1.00', '$2.25', '$7.00', '$30.00']);
      const result = await client.post(`/api/transactions/${pick(ids)}/refunds`, { amount, reason: 'Property test' });
      if (result.status === 201) reached.add(result.body.status);
      return void expect([201, 400, 409], result.text).toContain(result.status);
    }
    const chosen = [...new Set([pick(ids), pick(ids), pick(ids)])];
    const action = pick(['complete', 'fail', 'refund'] as const);
    const { results } = ok(await client.post('/api/transactions/bulk', { ids: chosen, action, reason: 'Bulk property test' }));
    for (const result of results) if (result.ok) reached.add(result.status);
  };
  // 60 operations, three at a time: concurrent changes must not miscount either
  for (let i = 0; i < 20; i++) await Promise.all([op(), op(), op()]);
  // Concurrent changes reach the events' copies (lists, rank, dashboard conversion) by one more refresh.
  await countersSettled();

  // The recomputation, from the records alone
  const listed = ok<TransactionInfo[]>(await client.get('/api/transactions'));
  expect(listed).toHaveLength(ids.length);
  const details = await Promise.all(listed.map(async (t) => ok<TransactionDetail>(await client.get(`/api/transactions/${t.id}`))));
  const isSale = (t: TransactionDetail) => t.status === 'completed' || t.status === 'partially_refunded';
  const net = (t: TransactionDetail) => (isSale(t) ? cents(t.amount) - cents(t.refundedAmount) : 0);
  for (const t of details) {
    const refunds = t.refunds.reduce((sum: number, r: RefundInfo) => sum + cents(r.amount), 0);
    expect(refunds).toBe(cents(t.refundedAmount));
    expect(cents(t.refundedAmount)).toBeLessThanOrEqual(cents(t.amount));
    if (t.status === 'refunded') expect(t.refundedAmount).toBe(t.amount);
    if (t.status === 'partially_refunded') expect(cents(t.refundedAmount)).toBeLessThan(cents(t.amount));
  }

  const conversions: number[] = [];
  for (const event of events) {
    const mine = details.filter((t) => t.eventId === event.id);
    const stored = ok(await client.get(`/api/events/${event.id}`));
    const sales = mine.filter(isSale).length;
    expect(stored.completedPurchases).toBe(sales);
    expect(Math.round(stored.sales * 100)).toBe(mine.reduce((sum, t) => sum + net(t), 0));
    const conversion = stored.pageViews > 0 ? Math.round((sales / stored.pageViews) * 1000) / 10 : 0;
    expect(stored.conversionRate).toBe(`${conversion}%`);
    if (stored.pageViews > 0) conversions.push(Math.round((sales / stored.pageViews) * 100_000));
  }
  // The lists show each event's copy of its counter shards' sum: the same figures once refreshed.
  const shown = (e: { id: string; sales: number; completedPurchases: number; pageViews: number; conversionRate: string }) => [
    e.id,
    e.sales,
    e.completedPurchases,
    e.pageViews,
    e.conversionRate,
  ];
  const listedEvents = ok(await client.get('/api/events'))
    .map(shown)
    .sort();
  expect(listedEvents).toEqual((await Promise.all(events.map(async (e) => shown(ok(await client.get(`/api/events/${e.id}`)))))).sort());
  for (const customer of customers) {
    const mine = details.filter((t) => t.customerId === customer.id);
    const stored = await getCustomerWithCounts(api.db, customer.id, true);
    const counts = customerCounts(stored.counts);
    expect(counts.transactions).toBe(mine.length);
    expect(counts.completed).toBe(mine.filter(isSale).length);
  }

  expect(live.length).toBeLessThan(customers.length);
  const dashboard = ok(await client.get('/api/dashboard/stats'));
  const netCents = details.reduce((sum, t) => sum + net(t), 0);
  expect(dashboard.ticketSales).toBe(Math.round(netCents / 100));
  expect(dashboard.activeCustomers).toBe(new Set(details.filter(isSale).map((t) => t.customerId)).size);
  const mean = conversions.length ? conversions.reduce((a, b) => a + b, 0) / 1000 / conversions.length : 0;
  expect(dashboard.avgConversion).toBe(Math.round(mean * 10) / 10);
  // the totals' shards, added up
  const stats = (await getStatsItem(api.db, true))!;
  expect(stats.ticketSalesCents).toBe(netCents);
  expect(stats.customerCount).toBe(customers.length);
  expect(stats.eventCount).toBe(events.length);
  expect(stats.conversionSumMilli).toBe(conversions.reduce((a, b) => a + b, 0));

  const totals = ok(await client.get('/api/transactions/totals'));
  expect(totals).toEqual({
    totalTransactions: listed.length,
    totalRevenue: `$${(listed.reduce((sum, t) => sum + cents(t.amount), 0) / 100).toFixed(2)}`,
    uniqueCustomers: new Set(listed.map((t) => t.customerId)).size,
  });
  // The day figures (all of this ran today): every purchase that ever completed counts on its purchase
  // day with its whole amount, every refund on the day it was made.
  const today = new Date().toISOString().slice(0, 10);
  const everSold = (t: TransactionDetail) => isSale(t) || t.status === 'refunded';
  const figures = (mine: TransactionDetail[]) => {
    const sold = mine.filter(everSold);
    const revenueCents = sold.reduce((sum, t) => sum + cents(t.amount), 0);
    const refundsCents = mine.reduce((sum, t) => sum + cents(t.refundedAmount), 0);
    return { purchases: sold.length, revenueCents, refundsCents, netCents: revenueCents - refundsCents };
  };
  expect(details.every((t) => t.purchaseDate.slice(0, 10) === today && t.refunds.every((r) => r.createdAt.slice(0, 10) === today))).toBe(
    true,
  );
  const day = ok(await client.get(`/api/reports/sales?from=${today}&to=${today}`));
  expect(day.totals).toMatchObject({ ...figures(details), newCustomers: customers.length });
  expect(day.totals.netCents).toBe(netCents);
  for (const event of events) {
    const own = ok(await client.get(`/api/reports/sales?from=${today}&to=${today}&eventId=${event.id}`));
    expect(own.totals).toMatchObject(figures(details.filter((t) => t.eventId === event.id)));
  }

  // the sequence did reach every kind of state
  expect(reached).toEqual(new Set(['completed', 'pending', 'failed', 'partially_refunded', 'refunded']));
}, 120_000);
