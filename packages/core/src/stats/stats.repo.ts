import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from '../db/client.ts';
import { keys } from '../db/keys.ts';
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

/** One GetItem, whatever the table holds. */
export async function getStatsItem(db: Db, consistent = false): Promise<StatsItem | undefined> {
  const result = await db.doc.send(new GetCommand({ TableName: db.tableName, Key: keys.stats(), ConsistentRead: consistent }));
  return result.Item as StatsItem | undefined;
}

/** A dashboard-totals increment, to ride in the transaction of the write that changes it. */
export function statsIncrement(deltas: Partial<Record<keyof StatsItem, number>>): TransactItem {
  const names = Object.keys(deltas);
  return {
    Update: {
      Key: keys.stats(),
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
