import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from '../db/client.ts';
import { keys } from '../db/keys.ts';
import { batchGet } from '../db/query.ts';
import { randomShard, shardSuffixes, sumShards } from '../db/shards.ts';
import type { TransactItem } from '../db/write.ts';
import { eventStatuses, type EventStatus } from '../event/event.rules.ts';

/** Where the events of one status are counted on the totals item: 'draft' -> draftEvents. */
export const statusCountField = (status: EventStatus) => `${status}Events` as const;
export type StatusCountField = ReturnType<typeof statusCountField>;

/** The counts' moves when events go from one status to another (undefined: created or deleted). */
export function statusCountDeltas(moves: readonly { from?: string; to?: string }[]) {
  const deltas: Partial<Record<StatusCountField, number>> = {};
  const add = (status: string | undefined, n: number) => {
    if (!status || !(eventStatuses as readonly string[]).includes(status)) return;
    const field = statusCountField(status as EventStatus);
    deltas[field] = (deltas[field] ?? 0) + n;
  };
  for (const { from, to } of moves) {
    if (from === to) continue;
    add(from, -1);
    add(to, 1);
  }
  return deltas;
}

/** The dashboard totals, kept by the writes that change them. */
export interface StatsItem extends Record<StatusCountField, number> {
  eventCount: number;
  customerCount: number;
  activeCustomers: number;
  uniqueCustomers: number;
  transactionCount: number;
  transactionAmountCents: number;
  ticketSalesCents: number;
  conversionSumMilli: number;
  viewedEventCount: number;
}

/**
 * The totals: every shard's item in one BatchGetItem (db/shards.ts: 17 small items by default,
 * 0.5 RCU each), added up. Its cost is the shard count, whatever the table holds. Undefined when
 * nothing was ever counted.
 */
export async function getStatsItem(db: Db, consistent = false): Promise<StatsItem | undefined> {
  const items = await batchGet(
    db,
    shardSuffixes.map((s) => keys.stats(s)),
    { consistent },
  );
  return items.length === 0 ? undefined : (sumShards(items) as unknown as StatsItem);
}

/**
 * A dashboard-totals increment on one shard, to ride in the transaction of the write that changes
 * it: an ADD with no condition, so writers never wait on each other.
 */
export function statsIncrement(deltas: Partial<Record<keyof StatsItem, number>>): TransactItem {
  const names = Object.keys(deltas);
  return {
    Update: {
      Key: keys.stats(randomShard()),
      UpdateExpression: `ADD ${names.map((_, i) => `#c${i} :c${i}`).join(', ')}`,
      ExpressionAttributeNames: Object.fromEntries(names.map((n, i) => [`#c${i}`, n])),
      ExpressionAttributeValues: Object.fromEntries(names.map((n, i) => [`:c${i}`, deltas[n as keyof StatsItem]])),
    },
  };
}

/** The same increment on its own (bulk loads, after their items are written). */
export async function addToStats(db: Db, deltas: Partial<Record<keyof StatsItem, number>>) {
  const changed = Object.fromEntries(Object.entries(deltas).filter(([, value]) => value !== 0));
  if (Object.keys(changed).length === 0) return;
  await db.doc.send(new UpdateCommand({ TableName: db.tableName, ...statsIncrement(changed).Update } as never));
}
