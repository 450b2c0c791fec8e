import { describe, expect, it } from 'vitest';
import { seedDemoData } from '@event-admin/functions/local/seed';
import { apiForFile, signedIn } from '../setup/api.ts';
import { doorCountsExact } from './check-ins.helpers.ts';
import { cents, ok } from './helpers.ts';

// The demo data goes in through the domain functions; every counter must then agree with the lists.
const api = await apiForFile();
await seedDemoData(api.setupDb, { events: 10, customers: 15, transactions: 80, orders: 6 });
const client = await signedIn(api);

describe('demo data: counters agree with the lists', () => {
  it('dashboard stats equal what the lists add up to', async () => {
    const [stats, events, customers, transactions] = await Promise.all(
      ['/api/dashboard/stats', '/api/events', '/api/customers', '/api/transactions'].map(async (path) => ok<any>(await client.get(path))),
    );
    expect(events).toHaveLength(10);
    expect(customers).toHaveLength(15);
    expect(transactions).toHaveLength(86); // 80 purchases and 6 orders
    const completed = transactions.filter((t: any) => t.status === 'completed');
    const viewed = events.filter((e: any) => e.pageViews > 0);
    const meanConversion = viewed.reduce((s: number, e: any) => s + (e.completedPurchases / e.pageViews) * 100, 0) / viewed.length;
    expect(stats.totalEvents).toBe(events.length);
    expect(stats.activeCustomers).toBe(new Set(completed.map((t: any) => t.customerId)).size);
    expect(stats.ticketSales).toBe(Math.round(completed.reduce((s: number, t: any) => s + cents(t.amount), 0) / 100));
    expect(Math.abs(stats.avgConversion - meanConversion)).toBeLessThanOrEqual(0.051);
  });

  it('each event: sales and conversion from its own completed purchases', async () => {
    const events = ok<any[]>(await client.get('/api/events'));
    const transactions = ok<any[]>(await client.get('/api/transactions'));
    for (const event of events) {
      const mine = transactions.filter((t) => t.eventId === event.id && t.status === 'completed');
      expect(event.completedPurchases, event.title).toBe(mine.length);
      expect(Math.round(event.sales * 100), event.title).toBe(mine.reduce((s, t) => s + cents(t.amount), 0));
      const rate = event.pageViews > 0 ? Math.round((mine.length / event.pageViews) * 1000) / 10 : 0;
      expect(event.conversionRate, event.title).toBe(`${rate}%`);
    }
  });

  it('transaction totals equal summing the list', async () => {
    const transactions = ok<any[]>(await client.get('/api/transactions'));
    const totals = ok(await client.get('/api/transactions/totals'));
    const sum = transactions.reduce((s, t) => s + cents(t.amount), 0);
    expect(totals).toEqual({
      totalTransactions: transactions.length,
      totalRevenue: `$${(sum / 100).toFixed(2)}`,
      uniqueCustomers: new Set(transactions.map((t) => t.customerId)).size,
    });
  });

  it('top events are the five highest conversions, in order', async () => {
    const events = ok<any[]>(await client.get('/api/events'));
    const top = ok<any[]>(await client.get('/api/dashboard/top-events'));
    const rate = (r: string) => Number.parseFloat(r);
    const expected = events
      .map((e) => rate(e.conversionRate))
      .sort((a, b) => b - a)
      .slice(0, 5);
    expect(top.map((t) => rate(t.conversionRate))).toEqual(expected);
  });

  it('every customer has exactly one Primary billing address, and purchases of their own', async () => {
    const customers = ok<any[]>(await client.get('/api/customers'));
    for (const customer of customers) {
      const addresses = ok<any[]>(await client.get(`/api/customers/${customer.id}/addresses`));
      expect(addresses.filter((a) => a.addressType === 'billing' && a.isDefault)).toHaveLength(1);
      const purchases = ok<any[]>(await client.get(`/api/customers/${customer.id}/purchases`));
      expect(purchases.every((p) => p.customerId === customer.id)).toBe(true);
    }
  });

  it('events with details join the SEO the demo saved', async () => {
    const details = ok<any[]>(await client.get('/api/events-with-details'));
    expect(details).toHaveLength(10);
    for (const d of details.filter((x) => x.seo)) {
      const seo = ok(await client.get(`/api/events/${d.id}/seo`));
      expect(d.seo).toEqual({ title: seo.title, description: seo.description, keywords: seo.keywords });
    }
    expect(details.some((d) => d.seo)).toBe(true);
  });

  it('places orders with tickets on upcoming events: listed, valid, and counted at the door exactly', async () => {
    const events = ok<any[]>(await client.get('/api/events'));
    let tickets = 0;
    for (const event of events) {
      const { shown, recount } = await doorCountsExact(client, event.id);
      expect(shown, event.title).toEqual(recount);
      tickets += shown.tickets;
      if (shown.tickets > 0) expect(event.status, event.title).toBe('active');
    }
    expect(tickets).toBeGreaterThanOrEqual(6);
  });
});
