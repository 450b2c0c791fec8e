import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from '../db/client.ts';
import { keys } from '../db/keys.ts';
import type { TransactItem } from '../db/write.ts';

/** The dashboard totals, kept by the writes that change them. */
export interface StatsItem {
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
