import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from '../db/client.ts';
import { keys } from '../db/keys.ts';

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
