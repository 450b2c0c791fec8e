import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { addUpdate } from '../counters/add.ts';
import { totalFigures } from '../counters/figures.ts';
import type { Db } from '../db/client.ts';
import { keys } from '../db/keys.ts';
import { queryAll } from '../db/query.ts';
import { failedConditions, forEachLimited, transact, updateIf } from '../db/write.ts';
import type { Migration } from './migration.ts';

// Before shards (2026-11-25) the items every purchase touches had one key each: the totals
// (STATS / GLOBAL) and the index partitions TRANSACTIONS, EVENT_PURCHASES#<event> and
// AUDIT#<month>. Readers read those beside the shards until this moved them onto the shards;
// now they read the shards alone. (A day's unsuffixed item needs no move: it is the day's folded
// item, counters/days.ts.)

/** Items of an unsharded index partition, re-keyed onto their shard (conditional on the key read). */
async function rekey(db: Db, index: 'gsi1', pk: string, keysOf: (item: Record<string, unknown>) => Record<string, string>) {
  const items = await queryAll(db, { IndexName: index, KeyConditionExpression: 'gsi1pk = :pk', ExpressionAttributeValues: { ':pk': pk } });
  let moved = 0;
  await forEachLimited(items, 8, async (item) => {
    const next = keysOf(item);
    const names = Object.keys(next);
    const landed = await updateIf(db, {
      Key: { pk: item.pk, sk: item.sk },
      UpdateExpression: `SET ${names.map((name) => `${name} = :${name}`).join(', ')}`,
      ConditionExpression: 'gsi1pk = :seen',
      ExpressionAttributeValues: { ...Object.fromEntries(names.map((name) => [`:${name}`, next[name]])), ':seen': pk },
    });
    if (landed) moved += 1;
  });
  return moved;
}

/** A purchase's index keys on its shards (its events' partition too, where it has one). */
function purchaseKeys(item: Record<string, unknown>) {
  const [date, id] = [String(item.purchaseDate), String(item.id)];
  return { ...keys.transactionsByDate(date, id), ...(item.gsi2pk ? keys.transactionsByEvent(String(item.eventId), date, id) : {}) };
}

/** The unsharded totals added onto the first shard, and gone (one transaction: never counted twice). */
async function moveTotals(db: Db) {
  const old = { pk: 'STATS', sk: 'GLOBAL' };
  const found = (await db.doc.send(new GetCommand({ TableName: db.tableName, Key: old, ConsistentRead: true }))).Item;
  if (!found) return 0;
  const add = addUpdate(keys.stats('#0'), Object.fromEntries(totalFigures.map((name) => [name, Number(found[name] ?? 0)])));
  try {
    await transact(db, [{ Delete: { Key: old, ConditionExpression: 'attribute_exists(pk)' } }, ...(add ? [add] : [])]);
  } catch (error) {
    if (!failedConditions(error)?.length) throw error; // another run moved them
  }
  return 1;
}

export const unshardedKeys: Migration = {
  name: 'unsharded-keys-v1',
  async run(db) {
    let updated = await moveTotals(db);
    // purchases: both their indexes' keys (one written before shards had both unsharded)
    updated += await rekey(db, 'gsi1', 'TRANSACTIONS', purchaseKeys);
    // the history feed: months marked, and the two from before the marks
    const { pk: marks } = keys.auditMonth('');
    const marked = await queryAll(db, { KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': marks } });
    const months = marked.map((m) => String(m.sk));
    for (const month of new Set([...months, '2026-11', '2026-12'])) {
      updated += await rekey(db, 'gsi1', `AUDIT#${month}`, (item) => keys.auditFeed(String(item.at), String(item.id)));
    }
    return { updated };
  },
};
