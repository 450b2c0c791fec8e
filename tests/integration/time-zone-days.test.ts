import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, type TestApi, startSignedIn } from '../setup/api.ts';
import { cents, createCustomer, createEvent, createTransaction, inBatches, ok } from './helpers.ts';

// Day figures on the business's days (issue 32): a sale counts on the calendar day its instant
// falls on in the zone set when it is recorded, 23-hour and 25-hour days included. The zone is
// one setting per table: this file has its own and sets it test by test, each test on its own event.
let api: TestApi;
let client: Client;
beforeAll(async () => ({ api, client } = await startSignedIn()));
afterAll(() => api.stop());

/** The recomputation: a day by Intl directly (en-CA writes yyyy-mm-dd), not by the app's own module. */
const dayIn = (zone: string, instant: string | number) => new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(new Date(instant));

const report = async (query: string) => ok(await client.get(`/api/reports/sales?${query}`));
/** Sets the zone and waits (bounded) for the day figures' rebuild in it (tests/integration/time-zone-rebuild.test.ts). */
async function setZone(timeZone: string) {
  ok(await client.post('/api/app-settings', { serviceFeePercentage: '18', timeZone }));
  await expect.poll(async () => (await report('')).rebuilding, { timeout: 30_000, interval: 250 }).toBe(false);
}

/** Records completed sales of one new event at `instants` (amount i+1 dollars) and answers the event. */
async function salesAt(instants: readonly string[]) {
  const event = await createEvent(client, { title: `Night sales ${instants[0]}` });
  const customer = await createCustomer(client);
  await inBatches(instants, 4, (instant, i) =>
    createTransaction(client, event.id, customer.id, `${i + 1}.00`, 'completed', { purchaseDate: instant }),
  );
  return event;
}

/** The report's rows of one event, by day: purchases and revenue (days without sales left out). */
async function rowsOf(eventId: string, from: string, to: string) {
  const r = await report(`from=${from}&to=${to}&eventId=${eventId}`);
  return Object.fromEntries(r.days.filter((d: any) => d.purchases > 0).map((d: any) => [d.date, [d.purchases, d.revenueCents]]));
}

/** The same rows recomputed from the instants (sale i is i+1 dollars). */
function recomputed(zone: string, instants: readonly string[]) {
  const rows: Record<string, [number, number]> = {};
  instants.forEach((instant, i) => {
    const row = (rows[dayIn(zone, instant)] ??= [0, 0]);
    row[0] += 1;
    row[1] += (i + 1) * 100;
  });
  return rows;
}

describe('day figures on the business zone (issue 32)', () => {
  it('New York: midnight and both daylight-saving changes of 2026, day by day', async () => {
    await setZone('America/New_York');
    const instants = [
      '2026-03-08T04:59:00Z', // 23:59 EST, Mar 7
      '2026-03-08T05:00:00Z', // 00:00 EST, Mar 8
      '2026-03-08T06:30:00Z', // 01:30 EST, Mar 8 (23 hours long)
      '2026-03-08T07:30:00Z', // 03:30 EDT, Mar 8
      '2026-03-09T03:59:59Z', // 23:59:59 EDT, still Mar 8
      '2026-11-01T05:30:00Z', // 01:30 EDT, Nov 1 (25 hours long)
      '2026-11-01T06:30:00Z', // 01:30 EST, Nov 1
      '2026-11-02T04:59:59Z', // 23:59:59 EST, still Nov 1
      '2026-11-02T05:00:00Z', // 00:00 EST, Nov 2
    ];
    const event = await salesAt(instants);
    expect(await rowsOf(event.id, '2026-03-01', '2026-03-10')).toEqual({
      '2026-03-07': [1, 100],
      '2026-03-08': [4, 200 + 300 + 400 + 500],
    });
    expect(await rowsOf(event.id, '2026-10-30', '2026-11-03')).toEqual({
      '2026-11-01': [3, 600 + 700 + 800],
      '2026-11-02': [1, 900],
    });
    expect({
      ...(await rowsOf(event.id, '2026-03-01', '2026-03-10')),
      ...(await rowsOf(event.id, '2026-10-30', '2026-11-03')),
    }).toEqual(recomputed('America/New_York', instants));
  });

  it("the whole business's rows are local days too, and `from`/`to` are local dates", async () => {
    await setZone('America/New_York');
    const instants = ['2026-04-01T03:59:00Z', '2026-04-01T04:00:00Z']; // 23:59 and 00:00 EDT
    const event = await salesAt(instants);
    const r = await report('from=2026-03-31&to=2026-04-01');
    expect(r.days.map((d: any) => [d.date, d.purchases])).toEqual([
      ['2026-03-31', 1],
      ['2026-04-01', 1],
    ]);
    expect(await rowsOf(event.id, '2026-04-01', '2026-04-01')).toEqual({ '2026-04-01': [1, 200] });
  });

  it('Kolkata (+05:30, east of UTC) and Berlin (its own change dates)', async () => {
    await setZone('Asia/Kolkata');
    const kolkata = ['2026-03-07T18:29:59Z', '2026-03-07T18:30:00Z', '2026-12-31T18:29:00Z', '2026-12-31T18:31:00Z'];
    const east = await salesAt(kolkata);
    expect({
      ...(await rowsOf(east.id, '2026-03-06', '2026-03-09')),
      ...(await rowsOf(east.id, '2026-12-30', '2027-01-02')),
    }).toEqual({ '2026-03-07': [1, 100], '2026-03-08': [1, 200], '2026-12-31': [1, 300], '2027-01-01': [1, 400] });

    await setZone('Europe/Berlin');
    const berlin = [
      '2026-03-28T22:59:59Z', // 23:59:59 CET, Mar 28
      '2026-03-28T23:00:00Z', // 00:00 CET, Mar 29 (23 hours long)
      '2026-03-29T21:59:59Z', // 23:59:59 CEST, Mar 29
      '2026-03-29T22:00:00Z', // 00:00 CEST, Mar 30
      '2026-10-24T21:59:59Z', // 23:59:59 CEST, Oct 24
      '2026-10-24T22:00:00Z', // 00:00 CEST, Oct 25 (25 hours long)
      '2026-10-25T00:30:00Z', // 02:30 CEST, Oct 25
      '2026-10-25T01:30:00Z', // 02:30 CET, Oct 25
      '2026-10-25T22:59:59Z', // 23:59:59 CET, Oct 25
    ];
    const west = await salesAt(berlin);
    const rows = { ...(await rowsOf(west.id, '2026-03-27', '2026-03-31')), ...(await rowsOf(west.id, '2026-10-23', '2026-10-27')) };
    expect(rows).toEqual(recomputed('Europe/Berlin', berlin));
    expect(rows['2026-10-25']).toEqual([4, 600 + 700 + 800 + 900]);
  });

  it('a customer deleted after a zone change comes off the day the rebuilt figures count it on', async () => {
    // 25 hours apart: their days always differ
    const [east, west] = ['Pacific/Kiritimati', 'Pacific/Pago_Pago'];
    const range = () => `from=${dayIn(west, Date.now())}&to=${dayIn(east, Date.now())}`;
    const newCustomers = async () => (await report(range())).days.map((d: any) => [d.date, d.newCustomers]);
    await setZone(east);
    const before = await newCustomers();
    const customer = await createCustomer(client);
    const counted = dayIn(east, Date.now());
    expect(await newCustomers()).toEqual(before.map(([date, n]: [string, number]) => [date, date === counted ? n + 1 : n]));
    await setZone(west); // rebuilt: every customer on its day in the new zone
    const rebuilt = await newCustomers();
    const moved = dayIn(west, customer.createdAt);
    expect((await client.request('DELETE', `/api/customers/${customer.id}`)).status).toBe(204);
    expect(await newCustomers()).toEqual(rebuilt.map(([date, n]: [string, number]) => [date, date === moved ? n - 1 : n]));
  });

  it("today is the business's: the default range ends on it and a sale now counts on it", async () => {
    await setZone('Pacific/Kiritimati'); // UTC+14: its today is never UTC's
    const event = await salesAt([new Date().toISOString()]);
    const r = await report(`eventId=${event.id}`);
    const today = dayIn('Pacific/Kiritimati', Date.now());
    expect(r.to).toBe(today);
    expect(r.days.at(-1)).toMatchObject({ date: today, purchases: 1, revenueCents: cents('$1.00') });
  });
});
