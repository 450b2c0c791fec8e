import {
  BatchWriteCommand,
  type BatchWriteCommandOutput,
  TransactWriteCommand,
  type TransactWriteCommandInput,
  UpdateCommand,
  type UpdateCommandInput,
} from '@aws-sdk/lib-dynamodb';
import type { Db } from './client.ts';
import { DomainError } from '../error.ts';

type TransactItems = NonNullable<TransactWriteCommandInput['TransactItems']>;
type Operation = 'Put' | 'Update' | 'Delete' | 'ConditionCheck';

/**
 * What a transaction item may bring along, under a symbol key (so it is no part of the request):
 * one more item for the same transaction, added once however many items bring the same `key`,
 * and what to do once the transaction has committed. The history feed marks the months that hold
 * records this way (audit/audit.repo.ts), once per process and month instead of with every record.
 */
export const companion = Symbol('companion');
export interface Companion {
  key: string;
  /** the item to add, or undefined when this Db needs none */
  item: (db: Db) => TransactItem | undefined;
  committed: (db: Db) => void;
}

/**
 * What an item turns into when its own condition fails: every item of the same `group` is
 * replaced by its `item` and the transaction is sent again, in place, so the caller never sees
 * that failure (a day's counter shard once the day is folded becomes an ADD on the folded item:
 * counters/days.ts).
 */
export const fallback = Symbol('fallback');
export interface Fallback {
  group: string;
  item: TransactItem;
}

/** One transaction item, without its TableName (added here). */
export type TransactItem = Partial<Record<Operation, Record<string, unknown>>> & { [companion]?: Companion; [fallback]?: Fallback };

/** The companions of a transaction's items, one per key. */
const companionsOf = (items: readonly TransactItem[]) => [
  ...new Map(items.flatMap((item) => (item[companion] ? [[item[companion].key, item[companion]] as const] : []))).values(),
];

/** Which items of a cancelled transaction failed their condition (by position). */
export function failedConditions(error: unknown): number[] | null {
  if (!(error instanceof Error) || error.name !== 'TransactionCanceledException') return null;
  const reasons = (error as Error & { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? [];
  return reasons.flatMap((reason, index) => (reason.Code === 'ConditionalCheckFailed' ? [index] : []));
}

export const isConditionFailure = (error: unknown) => error instanceof Error && error.name === 'ConditionalCheckFailedException';

/** Runs a conditional write: true when it landed, false when its condition failed (any other error is thrown). */
export async function conditional(write: Promise<unknown>) {
  try {
    await write;
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** One conditional UpdateItem of this Db's table: true when it landed, false when its condition failed. */
export const updateIf = (db: Db, update: Omit<UpdateCommandInput, 'TableName'>) =>
  conditional(db.doc.send(new UpdateCommand({ TableName: db.tableName, ...update })));

/**
 * Runs a write transaction; items name their table implicitly (this Db's). A transaction
 * cancelled only because another one touched the same items (TransactionConflict, e.g. two
 * purchases moving the dashboard totals at once) is retried with jitter, a bounded number of times.
 */
export async function transact(db: Db, items: TransactItem[]) {
  const companions = companionsOf(items);
  // Added last, so a failed condition's position still names the caller's own item.
  let all = [...items, ...companions.flatMap((c) => c.item(db) ?? [])];
  for (let attempt = 0; ; attempt++) {
    const command = new TransactWriteCommand({
      TransactItems: all.map((item) => {
        const [[kind, body]] = Object.entries(item) as [[string, Record<string, unknown>]];
        return { [kind]: { ...body, TableName: db.tableName } };
      }) as TransactItems,
    });
    try {
      const result = await db.doc.send(command);
      for (const c of companions) c.committed(db);
      return result;
    } catch (error) {
      const replaced = withFallbacks(all, failedConditions(error));
      if (replaced) {
        all = replaced;
        continue;
      }
      const busy = onlyBusy(error);
      if (!busy) throw error;
      // Out of tries: the store is too busy right now, which is a 503 to try again, never a 500.
      if (attempt >= 10) throw busyStore(error);
      await new Promise((r) => setTimeout(r, Math.random() * 10 * 2 ** Math.min(attempt, 5)));
    }
  }
}

/** The items with their fallbacks in, when every failed condition has one; else null. */
function withFallbacks(items: TransactItem[], failed: number[] | null) {
  if (!failed?.length || !failed.every((i) => items[i]?.[fallback])) return null;
  const groups = new Set(failed.map((i) => items[i]![fallback]!.group));
  return items.map((item) => (item[fallback] && groups.has(item[fallback].group) ? item[fallback].item : item));
}

/** Cancelled only by other transactions or throttling on its items (no condition of ours failed). */
function onlyBusy(error: unknown) {
  if (!(error instanceof Error)) return false;
  if (error.name === 'TransactionInProgressException' || error.name === 'TransactionConflictException') return true;
  if (error.name !== 'TransactionCanceledException') return false;
  const codes = ((error as Error & { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? [])
    .map((r) => r.Code)
    .filter((code) => code && code !== 'None');
  return (
    codes.length > 0 &&
    codes.every((code) => code === 'TransactionConflict' || code === 'ThrottlingError' || code === 'ProvisionedThroughputExceeded')
  );
}

const busyStore = (cause: unknown) =>
  Object.assign(new DomainError('unavailable', 'Too many changes to the same record at once. Please try again.'), { cause });

/**
 * Optimistic retry for counter transactions that are conditional on the values they read:
 * when a concurrent write moved those values on, read again and retry (bounded). Exponential
 * backoff with full jitter spreads a burst out: with a linear 20 ms step, 20 purchases of one
 * event at once exhausted 8 tries and failed. Giving up is a busy store (503), not a bug.
 */
export async function withRetry<T>(attempt: () => Promise<T | typeof retry>, tries = 25): Promise<T> {
  for (let i = 0; i < tries; i++) {
    const result = await attempt();
    if (result !== retry) return result;
    await new Promise((r) => setTimeout(r, Math.random() * Math.min(500, 10 * 2 ** i)));
  }
  throw new DomainError('unavailable', 'Too many changes to the same record at once. Please try again.');
}
export const retry = Symbol('retry');

/** One request of a BatchWriteItem: put an item, or delete one by key. */
export type WriteRequest = { PutRequest: { Item: Record<string, unknown> } } | { DeleteRequest: { Key: { pk: string; sk: string } } };

const batchSize = 25; // BatchWriteItem's limit per call

/**
 * Writes many items with BatchWriteItem, 25 a call and a few calls in flight, retrying the
 * UnprocessedItems DynamoDB hands back (throttling) with exponential backoff and jitter, as AWS
 * recommends. No conditions are possible here: this is for bulk loads whose items are new
 * (fresh ids), with the counters they move applied afterwards by the caller.
 */
export async function batchWrite(
  db: Db,
  requests: readonly WriteRequest[],
  options: { concurrency?: number; onProgress?: (written: number) => void } = {},
) {
  const chunks: WriteRequest[][] = [];
  for (let i = 0; i < requests.length; i += batchSize) chunks.push(requests.slice(i, i + batchSize));
  let next = 0;
  let written = 0;
  const worker = async () => {
    while (next < chunks.length) {
      const chunk = chunks[next++]!;
      let pending: WriteRequest[] = chunk;
      for (let attempt = 0; pending.length > 0; attempt++) {
        if (attempt > 0) {
          if (attempt > 10) throw new DomainError('unavailable', 'The database kept refusing part of a bulk write. Please try again.');
          await new Promise((r) => setTimeout(r, Math.random() * Math.min(2000, 25 * 2 ** attempt)));
        }
        const result: BatchWriteCommandOutput = await db.doc.send(
          new BatchWriteCommand({
            RequestItems: { [db.tableName]: pending as NonNullable<BatchWriteCommandOutput['UnprocessedItems']>[string] },
          }),
        );
        pending = (result.UnprocessedItems?.[db.tableName] ?? []) as WriteRequest[];
      }
      written += chunk.length;
      options.onProgress?.(written);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(options.concurrency ?? 4, chunks.length)) }, worker));
  return written;
}

/** Runs `work` over `items` with at most `concurrency` calls in flight. */
export async function forEachLimited<T>(items: readonly T[], concurrency: number, work: (item: T, index: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.max(1, Math.min(concurrency, items.length)) }, async () => {
      while (next < items.length) {
        const index = next++;
        await work(items[index]!, index);
      }
    }),
  );
}
