import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from '../db/client.ts';
import { keys } from '../db/keys.ts';
import { batchGet, queryAll } from '../db/query.ts';
import { forEachLimited } from '../db/write.ts';
import { customerSearchText, phoneDigits } from '../customer/customer.rules.ts';
import { eventSearchText } from '../event/event.rules.ts';
import { transactionSearchText } from '../transaction/transaction.rules.ts';
import type { Migration } from './migration.ts';

/**
 * Tables written before the lists were paged and searched on the server lack what that needs:
 * search text on events, customers and purchases, names on purchases (the rows no longer look
 * them up when absent), and the purchases-by-event index keys. This fills them in (reading each
 * list once). Safe to run again, and alongside live writes: it only sets what is missing.
 */
export const searchFields: Migration = {
  name: 'search-fields-v1',
  run: async (db) => ({ updated: await fillSearchFields(db) }),
};

async function fillSearchFields(db: Db) {
  const missing = (gsi1pk: string) =>
    queryAll(db, {
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk',
      FilterExpression: 'attribute_not_exists(searchText)',
      ExpressionAttributeValues: { ':pk': gsi1pk },
    });
  const set = (item: Record<string, unknown>, fields: Record<string, unknown>) =>
    db.doc.send(
      new UpdateCommand({
        TableName: db.tableName,
        Key: { pk: item.pk, sk: item.sk },
        UpdateExpression: `SET ${Object.keys(fields)
          .map((name) => `#${name} = if_not_exists(#${name}, :${name})`)
          .join(', ')}`,
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeNames: Object.fromEntries(Object.keys(fields).map((name) => [`#${name}`, name])),
        ExpressionAttributeValues: Object.fromEntries(Object.entries(fields).map(([name, value]) => [`:${name}`, value])),
      }),
    );

  const events = await missing(keys.eventsByCreated('', '').gsi1pk);
  await forEachLimited(events, 8, async (e) => {
    await set(e, { searchText: eventSearchText({ title: String(e.title ?? ''), venue: String(e.venue ?? '') }) });
  });
  const customers = await missing(keys.customersByCreated('', '').gsi1pk);
  await forEachLimited(customers, 8, async (c) => {
    const fields = { name: String(c.name ?? ''), email: String(c.email ?? ''), phone: String(c.phone ?? '') };
    await set(c, { searchText: customerSearchText(fields), phoneDigits: phoneDigits(fields.phone) });
  });
  const purchases = (await Promise.all(keys.transactionsPartitions().map(missing))).flat();
  const named = await batchGet(db, [
    ...[...new Set(purchases.map((p) => String(p.eventId)))].map((id) => keys.event(id)),
    ...[...new Set(purchases.map((p) => String(p.customerId)))].map((id) => keys.customer(id)),
  ]);
  const titles = new Map(named.filter((i) => i.sk === 'EVENT').map((i) => [String(i.id), String(i.title)]));
  const names = new Map(named.filter((i) => i.sk === 'CUSTOMER').map((i) => [String(i.id), String(i.name)]));
  await forEachLimited(purchases, 8, async (p) => {
    const eventTitle = titles.get(String(p.eventId));
    const customerName = names.get(String(p.customerId));
    await set(p, {
      ...(eventTitle === undefined ? {} : { eventTitle }),
      ...(customerName === undefined ? {} : { customerName }),
      searchText: transactionSearchText({ eventTitle, customerName, amountCents: Number(p.amountCents), status: String(p.status ?? '') }),
      ...keys.transactionsByEvent(String(p.eventId), String(p.purchaseDate), String(p.id)),
    });
  });
  return events.length + customers.length + purchases.length;
}
