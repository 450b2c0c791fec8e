import { QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import type { Db } from '../db/client.ts';
import { keys } from '../db/keys.ts';
import { forEachLimited } from '../db/write.ts';
import { renameTransaction } from '../transaction/transaction.repo.ts';
import type { JobItem } from './job.repo.ts';

/**
 * Where a rename stands: opaque to everyone but this file (base64url JSON). An event's purchases
 * sit in several index partitions (shards, db/shards.ts), walked one after the other: the
 * position names the partition and the key its Query continues after.
 */
interface Position {
  /** index into the partitions (0 for a customer's single partition) */
  part?: number;
  /** the key the next Query of that partition continues after */
  after?: Record<string, unknown>;
}

const encode = (position: Position) => Buffer.from(JSON.stringify(position)).toString('base64url');

function decode(cursor: string | null | undefined): Position {
  if (!cursor) return {};
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (value && typeof value === 'object' && !Array.isArray(value)) return value as Position;
  } catch {
    // a cursor this code cannot read starts the rename over: a rename is safe to repeat
  }
  return {};
}

interface Page {
  items: Record<string, unknown>[];
  /** items the Query evaluated, renamed or not */
  read: number;
  /** null when the purchases are exhausted */
  next: Position | null;
}

type PageQuery = Pick<QueryCommandInput, 'IndexName' | 'KeyConditionExpression' | 'FilterExpression' | 'ExpressionAttributeValues'>;

/** One Query page of purchases, at most `limit` evaluated, continuing after `position`. */
async function purchasesPage(db: Db, query: PageQuery, position: Position, limit: number): Promise<Page> {
  const result = await db.doc.send(
    new QueryCommand({ ...query, TableName: db.tableName, ExclusiveStartKey: position.after, Limit: limit }),
  );
  const next = result.LastEvaluatedKey ? { after: result.LastEvaluatedKey } : null;
  return { items: result.Items ?? [], read: result.ScannedCount ?? 0, next };
}

/**
 * One page of an event's purchases that do not carry `title` yet (gsi2 `EVENT_PURCHASES#<eventId>`
 * and its shards), from a position: partitions are read in turn until `limit` items were evaluated.
 */
async function eventPurchasesPage(db: Db, eventId: string, title: string, position: Position, limit: number): Promise<Page> {
  const partitions = keys.eventTransactionsPartitions(eventId);
  const page: Page = { items: [], read: 0, next: null };
  for (let part = position.part ?? 0, after = position.after; part < partitions.length && page.read < limit; part++, after = undefined) {
    const query: PageQuery = {
      IndexName: 'gsi2',
      KeyConditionExpression: 'gsi2pk = :pk',
      FilterExpression: 'eventTitle <> :name',
      ExpressionAttributeValues: { ':pk': partitions[part], ':name': title },
    };
    const found = await purchasesPage(db, query, { after }, limit - page.read);
    page.items.push(...found.items);
    page.read += found.read;
    page.next = found.next ? { part, after: found.next.after } : part + 1 < partitions.length ? { part: part + 1 } : null;
    if (found.next) break;
  }
  return page;
}

/** One page of a customer's purchases (in the customer's own partition) that do not carry `name` yet. */
function customerPurchasesPage(db: Db, customerId: string, name: string, position: Position, limit: number) {
  const query: PageQuery = {
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    FilterExpression: 'customerName <> :name',
    ExpressionAttributeValues: { ':pk': keys.customer(customerId).pk, ':prefix': keys.transactionPrefix, ':name': name },
  };
  return purchasesPage(db, query, position, limit);
}

/** Purchase updates in flight within a step. */
const concurrency = 8;

/**
 * One step of a rename job: reads one page of purchases (at most `limit` evaluated) from `cursor`
 * and puts the job's name on those that carry another. `cursor` null: the rename is complete.
 * Each purchase's update is conditional on the names it read (renameTransaction), so a step
 * repeated after a crash, or racing a rename of the other name, leaves every purchase right.
 */
export async function renameStep(
  db: Db,
  job: Pick<JobItem, 'kind' | 'targetId' | 'name'>,
  cursor: string | null | undefined,
  limit: number,
): Promise<{ renamed: number; read: number; cursor: string | null }> {
  const position = decode(cursor);
  const page =
    job.kind === 'rename-event'
      ? await eventPurchasesPage(db, job.targetId, job.name, position, limit)
      : await customerPurchasesPage(db, job.targetId, job.name, position, limit);
  const patch = job.kind === 'rename-event' ? { eventTitle: job.name } : { customerName: job.name };
  let renamed = 0;
  await forEachLimited(page.items, concurrency, async (item) => {
    if (await renameTransaction(db, item, patch)) renamed += 1;
  });
  return { renamed, read: page.read, cursor: page.next ? encode(page.next) : null };
}
