import { QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import type { Db } from '../db/client.ts';
import { forEachLimited } from '../db/write.ts';
import { decodePosition, encodePosition, type StepResult } from '../jobs/registry.ts';
import { renameTransaction } from './transaction.repo.ts';

// The step both rename jobs take (event/rename.job.ts, customer/rename.job.ts): a page of the
// purchases that do not carry the new name yet, each renamed conditionally on the names it read
// (renameTransaction), so a step repeated after a crash, or racing a rename of the other name,
// leaves every purchase right.

/** Where a rename stands: the partition (of several, for an event's sharded index) and the key its Query continues after. */
export interface Position {
  part?: number;
  after?: Record<string, unknown>;
}

export interface Page {
  items: Record<string, unknown>[];
  /** items the Query evaluated, renamed or not */
  read: number;
  /** null when the purchases are exhausted */
  next: Position | null;
}

export type PageQuery = Pick<
  QueryCommandInput,
  'IndexName' | 'KeyConditionExpression' | 'FilterExpression' | 'ExpressionAttributeValues' | 'ConsistentRead'
>;

/** One Query page of purchases, at most `limit` evaluated, continuing after `after`. */
export async function purchasesPage(db: Db, query: PageQuery, after: Position['after'], limit: number): Promise<Page> {
  const result = await db.doc.send(new QueryCommand({ ...query, TableName: db.tableName, ExclusiveStartKey: after, Limit: limit }));
  const next = result.LastEvaluatedKey ? { after: result.LastEvaluatedKey } : null;
  return { items: result.Items ?? [], read: result.ScannedCount ?? 0, next };
}

/** Purchase updates in flight within a step. */
const concurrency = 8;

/** One step of a rename: the page from `cursor`, with `patch` put on each purchase that lacks it. */
export async function renamePurchases(
  pageFrom: (position: Position, limit: number) => Promise<Page>,
  db: Db,
  patch: { eventTitle?: string; customerName?: string },
  cursor: string | null | undefined,
  limit: number,
): Promise<StepResult> {
  const page = await pageFrom(decodePosition<Position>(cursor) ?? {}, limit);
  let changed = 0;
  await forEachLimited(page.items, concurrency, async (item) => {
    if (await renameTransaction(db, item, patch)) changed += 1;
  });
  return { changed, read: page.read, cursor: page.next ? encodePosition(page.next) : null };
}
