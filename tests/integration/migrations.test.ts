import { DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keys } from '@event-admin/core/db/keys';
import { shardSuffixes } from '@event-admin/core/db/shards';
import { migrations, runMigrations } from '@event-admin/core/maintenance/migrations';
import { addDays, utcDay } from '@event-admin/core/report/report.rules';
import { type Client, type TestApi, startSignedIn } from '../setup/api.ts';
import { addViews, createCustomer, createEvent, createTransaction, ok } from './helpers.ts';

// The data migrations convert what tables from before hold, and the readers no longer read the
// old shapes. So: data made through the API, then rewritten into the shapes older versions
// stored (unsharded totals and index keys, an event's and a customer's own counters, day shards
// whose total and event items sit on different shards); the figures are off until the
// migrations run, and exactly what they were after.

let api: TestApi;
let client: Client;
beforeAll(async () => ({ api, client } = await startSignedIn()));
afterAll(() => api.stop());

const table = () => api.db.tableName;
const get = async (key: { pk: string; sk: string }) =>
  (await api.db.doc.send(new GetCommand({ TableName: table(), Key: key, ConsistentRead: true }))).Item;
const put = (item: Record<string, unknown>) => api.db.doc.send(new PutCommand({ TableName: table(), Item: item }));
const remove = (key: { pk: string; sk: string }) => api.db.doc.send(new DeleteCommand({ TableName: table(), Key: key }));
const numbers = (item: Record<string, unknown> | undefined) =>
  Object.fromEntries(Object.entries(item ?? {}).filter(([name, value]) => typeof value === 'number' && name !== 'ops')) as Record<
    string,
    number
  >;
const add = (a: Record<string, number>, b: Record<string, number>) =>
  Object.fromEntries([...new Set([...Object.keys(a), ...Object.keys(b)])].map((name) => [name, (a[name] ?? 0) + (b[name] ?? 0)]));

const today = utcDay(new Date());
const past = addDays(today, -5);

/** Everything a reader shows that a migration touches. */
async function shown(eventIds: string[], customerId: string) {
  const events = await Promise.all(eventIds.map(async (id) => ok(await client.get(`/api/events/${id}`))));
  const list = ok(await client.get('/api/transactions'))
    .map((t: any) => t.id)
    .sort();
  const feed = ok(await client.get('/api/audit?limit=100'))
    .items.map((r: any) => r.id)
    .sort();
  const range = `from=${addDays(today, -9)}&to=${today}`;
  return {
    stats: ok(await client.get('/api/dashboard/stats')),
    totals: ok(await client.get('/api/transactions/totals')),
    events: events.map((e) => [e.sales, e.completedPurchases, e.pageViews, e.conversionRate]),
    purchasesOfCustomer: ok(await client.get(`/api/customers/${customerId}/purchases`)).length,
    list,
    feed,
    report: ok(await client.get(`/api/reports/sales?${range}`)).days,
    eventReport: ok(await client.get(`/api/reports/sales?${range}&eventId=${eventIds[0]}`)).days,
  };
}

describe('data migrations', () => {
  it('convert what older versions stored, after which every figure and list is what it was', async () => {
    const [a, b] = await Promise.all([createEvent(client), createEvent(client)]);
    const customer = await createCustomer(client);
    const t1 = await createTransaction(client, a.id, customer.id, '$12.00', 'completed');
    await createTransaction(client, b.id, customer.id, '$8.00', 'completed');
    await createTransaction(client, a.id, customer.id, '$3.00', 'pending');
    await createTransaction(client, a.id, customer.id, '$7.00', 'completed', { purchaseDate: `${past}T10:00:00.000Z` });
    await addViews(client, a.id, 40);
    await addViews(client, b.id, 10);
    const before = await shown([a.id, b.id], customer.id);
    expect(before.eventReport.find((d: any) => d.date === past)).toMatchObject({ purchases: 1, revenueCents: 700 });

    // 0. that past day as versions before the fold kept it: in shards, its total and the event's
    //    item on different ones
    for (const [key, shard] of [
      [keys.dayTotal(past), '#7'],
      [keys.dayEvent(past, a.id), '#2'],
    ] as const) {
      const folded = (await get(key))!;
      await remove(key);
      await put({ ...folded, pk: `${key.pk}${shard}` });
    }
    // 1. the totals of one shard as the unsharded item of before
    const shard = (await get(keys.stats('#3'))) ?? {};
    await remove(keys.stats('#3'));
    await put({ pk: 'STATS', sk: 'GLOBAL', ...numbers(shard) });
    // 2. event a's counters on itself, no shards, no countedOps; event b's in its unsuffixed shard
    const counters = async (id: string) => {
      let sum: Record<string, number> = {};
      for (const s of shardSuffixes) {
        const found = await get(keys.eventCounter(id, s));
        sum = add(sum, numbers(found));
        if (found) await remove(keys.eventCounter(id, s));
      }
      return sum;
    };
    const ofA = await counters(a.id);
    await api.db.doc.send(
      new UpdateCommand({
        TableName: table(),
        Key: keys.event(a.id),
        UpdateExpression: 'SET completedPurchases = :c, salesCents = :s, pageViews = :v REMOVE countedOps',
        ExpressionAttributeValues: { ':c': ofA.completedPurchases, ':s': ofA.salesCents, ':v': ofA.pageViews },
      }),
    );
    const ofB = await counters(b.id);
    await put({ ...keys.eventCounter(b.id, ''), ...ofB, ops: 0, viewDays: new Set([today]) });
    // 3. the customer's counts on itself
    const counts = numbers(await get(keys.customerCounts(customer.id)));
    await remove(keys.customerCounts(customer.id));
    await api.db.doc.send(
      new UpdateCommand({
        TableName: table(),
        Key: keys.customer(customer.id),
        UpdateExpression: 'SET purchaseCount = :p, completedPurchases = :c',
        ExpressionAttributeValues: { ':p': counts.purchaseCount, ':c': counts.completedPurchases },
      }),
    );
    // 4. a purchase and a history record in the unsharded index partitions
    await api.db.doc.send(
      new UpdateCommand({
        TableName: table(),
        Key: keys.transaction(customer.id, t1.purchaseDate, t1.id),
        UpdateExpression: 'SET gsi1pk = :all, gsi2pk = :event',
        ExpressionAttributeValues: { ':all': 'TRANSACTIONS', ':event': `EVENT_PURCHASES#${a.id}` },
      }),
    );
    const [record] =
      (
        await api.db.doc.send(
          new QueryCommand({
            TableName: table(),
            KeyConditionExpression: 'pk = :pk',
            ExpressionAttributeValues: { ':pk': `AUDIT#event#${a.id}` },
          }),
        )
      ).Items ?? [];
    await api.db.doc.send(
      new UpdateCommand({
        TableName: table(),
        Key: { pk: record!.pk, sk: record!.sk },
        UpdateExpression: 'SET gsi1pk = :month',
        ExpressionAttributeValues: { ':month': `AUDIT#${String(record!.at).slice(0, 7)}` },
      }),
    );
    expect(await shown([a.id, b.id], customer.id)).not.toEqual(before);

    const first = await runMigrations(api.db);
    expect(first.pending).toEqual([]);
    expect(Object.keys(first.ran)).toEqual(migrations.map((m) => m.name));
    expect(await shown([a.id, b.id], customer.id)).toEqual(before);
    // nothing of the old shapes is left
    expect(await get({ pk: 'STATS', sk: 'GLOBAL' })).toBeUndefined();
    expect(await get(keys.eventCounter(b.id, ''))).toBeUndefined();
    expect(await get(keys.customer(customer.id))).not.toHaveProperty('purchaseCount');
    for (const s of shardSuffixes) expect(await get(keys.eventCounter(a.id, s)), s).toBeDefined();
    // recorded: a second run does nothing
    expect(await runMigrations(api.db)).toEqual({ ran: {}, pending: [] });
    // the past day is one folded item now
    expect(numbers(await get(keys.dayEvent(past, a.id)))).toMatchObject({ purchases: 1, revenueCents: 700 });
  }, 180_000);

  it('record every migration at once on a new table, doing nothing', async () => {
    const own = await startSignedIn();
    try {
      expect(await runMigrations(own.api.db, { tableIsNew: true })).toEqual({
        ran: Object.fromEntries(migrations.map((m) => [m.name, 0])),
        pending: [],
      });
      expect(await runMigrations(own.api.db)).toEqual({ ran: {}, pending: [] });
    } finally {
      await own.api.stop();
    }
  });
});
