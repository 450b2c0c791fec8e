import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, type TestApi, startSignedIn } from '../setup/api.ts';
import { parseCsv } from './csv.helpers.ts';
import { cents, createCustomer, createEvent, createTransaction, inBatches, ok } from './helpers.ts';

// The business zone is one setting per table: this file has its own, and changes it test by test.
let api: TestApi;
let client: Client;
beforeAll(async () => ({ api, client } = await startSignedIn()));
afterAll(() => api.stop());

/**
 * Sales around midnight and both 2026 daylight-saving changes of New York and Berlin, and around
 * Kolkata's midnight (18:30Z), in cents, so each row can be told apart by its amount.
 */
const instants = [
  '2026-03-07T18:29:59Z',
  '2026-03-07T18:30:00Z',
  '2026-03-08T04:59:00Z',
  '2026-03-08T05:00:00Z',
  '2026-03-08T06:30:00Z',
  '2026-03-08T07:30:00Z',
  '2026-03-09T03:59:59Z',
  '2026-03-09T04:00:00Z',
  '2026-03-28T22:59:59Z',
  '2026-03-28T23:00:00Z',
  '2026-03-29T21:59:59Z',
  '2026-03-29T22:00:00Z',
  '2026-07-05T03:59:00Z',
  '2026-07-05T04:00:00Z',
  '2026-10-24T21:59:59Z',
  '2026-10-24T22:00:00Z',
  '2026-10-25T22:59:59Z',
  '2026-10-25T23:00:00Z',
  '2026-11-01T03:59:59Z',
  '2026-11-01T05:30:00Z',
  '2026-11-01T06:30:00Z',
  '2026-11-02T04:59:59Z',
  '2026-11-02T05:00:00Z',
];

/** The recomputation: a day by Intl directly (en-CA writes yyyy-mm-dd), not by the app's own module. */
const dayIn = (zone: string, instant: string) => new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(new Date(instant));

const setZone = async (timeZone: string) => ok(await client.post('/api/app-settings', { serviceFeePercentage: '18', timeZone }));
const exported = async (query = '') => {
  const result = await client.get(`/api/exports/transactions.csv${query}`);
  expect(result.status).toBe(200);
  const [header, ...rows] = parseCsv(result.text);
  expect(header).toEqual(['ID', 'Date', 'Local Date', 'Event', 'Customer', 'Amount', 'Refunded', 'Status', 'Payment Method']);
  return rows;
};

describe('exports in the business zone (issue 32)', () => {
  const byAmount = new Map<string, string>();

  beforeAll(async () => {
    const event = await createEvent(client, { title: 'Midnight sales' });
    const customer = await createCustomer(client, { name: 'Night Owl', email: `owl-${Date.now()}@example.com` });
    await inBatches(instants, 4, async (instant, i) => {
      const amount = `${i + 1}.00`;
      byAmount.set(amount, instant);
      await createTransaction(client, event.id, customer.id, amount, 'completed', { purchaseDate: instant });
    });
  });

  it('New York: dates with their offset, EST or EDT, and the local date beside them', async () => {
    await setZone('America/New_York');
    const rows = await exported();
    const dateOf = (instant: string) => rows.find((r) => byAmount.get(r[5]!) === `${instant}`)!.slice(1, 3);
    expect(dateOf('2026-03-08T04:59:00Z')).toEqual(['2026-03-07T23:59:00-05:00', '2026-03-07']);
    expect(dateOf('2026-03-08T05:00:00Z')).toEqual(['2026-03-08T00:00:00-05:00', '2026-03-08']);
    expect(dateOf('2026-03-08T06:30:00Z')).toEqual(['2026-03-08T01:30:00-05:00', '2026-03-08']);
    expect(dateOf('2026-03-08T07:30:00Z')).toEqual(['2026-03-08T03:30:00-04:00', '2026-03-08']);
    expect(dateOf('2026-11-01T05:30:00Z')).toEqual(['2026-11-01T01:30:00-04:00', '2026-11-01']);
    expect(dateOf('2026-11-01T06:30:00Z')).toEqual(['2026-11-01T01:30:00-05:00', '2026-11-01']);
    expect(dateOf('2026-07-05T03:59:00Z')).toEqual(['2026-07-04T23:59:00-04:00', '2026-07-04']);
    expect(dateOf('2026-07-05T04:00:00Z')).toEqual(['2026-07-05T00:00:00-04:00', '2026-07-05']);
    // every Date names the same instant the sale was recorded at
    for (const row of rows) expect(Date.parse(row[1]!)).toBe(Date.parse(byAmount.get(row[5]!)!));
  });

  it('a day filter is the local day: 23 hours on Mar 8, 25 on Nov 1', async () => {
    await setZone('America/New_York');
    const instantsOf = async (day: string) => (await exported(`?from=${day}&to=${day}`)).map((r) => byAmount.get(r[5]!)).sort();
    expect(await instantsOf('2026-03-08')).toEqual([
      '2026-03-08T05:00:00Z',
      '2026-03-08T06:30:00Z',
      '2026-03-08T07:30:00Z',
      '2026-03-09T03:59:59Z',
    ]);
    expect(await instantsOf('2026-11-01')).toEqual(['2026-11-01T05:30:00Z', '2026-11-01T06:30:00Z', '2026-11-02T04:59:59Z']);
  });

  for (const zone of ['America/New_York', 'Asia/Kolkata', 'Europe/Berlin', 'UTC']) {
    it(`${zone}: each local day's rows and takings equal a recomputation from the recorded sales`, async () => {
      await setZone(zone);
      const rows = await exported();
      expect(rows.map((r) => [r[5], r[2]]).sort()).toEqual([...byAmount].map(([amount, instant]) => [amount, dayIn(zone, instant)]).sort());
      const days = [...new Set(instants.map((instant) => dayIn(zone, instant)))];
      for (const day of days) {
        const expected = instants.filter((instant) => dayIn(zone, instant) === day);
        const filtered = await exported(`?from=${day}&to=${day}`);
        expect(filtered.map((r) => byAmount.get(r[5]!)).sort(), `${zone} ${day}`).toEqual(expected.sort());
        const takings = filtered.reduce((sum, r) => sum + cents(r[5]!), 0);
        expect(takings).toBe(expected.reduce((sum, instant) => sum + (instants.indexOf(instant) + 1) * 100, 0));
      }
    });
  }

  it('customers: Created with its offset and the local date', async () => {
    await setZone('Asia/Kolkata');
    const result = await client.get('/api/exports/customers.csv');
    const [header, ...rows] = parseCsv(result.text);
    expect(header).toEqual(['ID', 'Name', 'Email', 'Phone', 'Created', 'Local Date', 'Purchases', 'Net Spent']);
    const customers: any[] = ok(await client.get('/api/customers'));
    expect(rows.map((r) => r.slice(4, 6))).toEqual(
      customers.map((c) => [expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+05:30$/), dayIn('Asia/Kolkata', c.createdAt)]),
    );
    expect(Date.parse(rows[0]![4]!)).toBe(Math.floor(Date.parse(customers[0].createdAt) / 1000) * 1000);
  });
});
