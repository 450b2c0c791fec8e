import { BatchGetCommand, type BatchGetCommandOutput, QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import type { Db } from './client.ts';
import { orderedValue } from './keys.ts';
import { tableDefinition, type IndexName } from './table.ts';
import { DomainError } from '../error.ts';

type QueryInput = Omit<QueryCommandInput, 'TableName' | 'ExclusiveStartKey'>;

/** Runs a Query to the end of the result set, following LastEvaluatedKey past each 1 MB page. */
export async function queryAll(db: Db, input: QueryInput): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await db.doc.send(new QueryCommand({ ...input, TableName: db.tableName, ExclusiveStartKey: start }));
    items.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start);
  return items;
}

/**
 * Runs one Query page of at most `limit` items, from an opaque cursor. It reads one item more
 * than it hands back, so a full page that happens to end the list gets no cursor (DynamoDB alone
 * would give one, leading to an empty page); past a full page the cursor is its last item's key.
 * Unfiltered only: a filtered page is querySearchPage's.
 */
export async function queryPage(
  db: Db,
  input: Omit<QueryInput, 'FilterExpression'> & { Limit: number },
  cursor?: string | null,
): Promise<{ items: Record<string, unknown>[]; nextCursor: string | null }> {
  const page = await db.doc
    .send(
      new QueryCommand({
        ...input,
        Limit: input.Limit + 1,
        TableName: db.tableName,
        ExclusiveStartKey: cursor ? decodeCursor(cursor) : undefined,
      }),
    )
    .catch((error: unknown) => {
      // A cursor that decodes but names no key of this query: the client's mistake, not ours.
      if (cursor && error instanceof Error && error.name === 'ValidationException') throw invalidCursor();
      throw error;
    });
  const items = page.Items ?? [];
  // Fewer than asked: the list ended, or DynamoDB's 1 MB page did (then it says where to go on).
  if (items.length <= input.Limit) return { items, nextCursor: page.LastEvaluatedKey ? encodeCursor(page.LastEvaluatedKey) : null };
  const kept = items.slice(0, input.Limit);
  return { items: kept, nextCursor: encodeCursor(itemKey(kept[kept.length - 1]!, input.IndexName as IndexName | undefined)) };
}

/** The key DynamoDB continues a Query after: the table's keys, and the index's when the Query reads one. */
function itemKey(item: Record<string, unknown>, indexName: IndexName | undefined) {
  const { hashKey, rangeKey } = tableDefinition.primaryIndex;
  const names: string[] = [hashKey, rangeKey];
  if (indexName) names.push(tableDefinition.globalIndexes[indexName].hashKey, tableDefinition.globalIndexes[indexName].rangeKey);
  return Object.fromEntries(names.map((name) => [name, item[name]]));
}

/** A page of a list that may be searched: the matches, where to go on, and how much was read. */
export interface SearchPage<T> {
  items: T[];
  /** null when the list is exhausted */
  nextCursor: string | null;
  /** items DynamoDB evaluated for this page (what it cost), filtered out or not */
  scanned: number;
  /**
   * How far down the list the page reached: the ordered value (a date) of the index key where it
   * stopped, or null at the end. A search shows it as 'searched back to ...'.
   */
  position: string | null;
}

/**
 * One page of an index partition, newest first, optionally searched with a FilterExpression.
 * DynamoDB applies `Limit` before the filter (it bounds the items *evaluated*), so a searched page
 * keeps reading, in growing steps, until it holds `limit` matches or has evaluated `maxScanned`
 * items, then hands back a cursor that continues exactly where it stopped. When the last step
 * finds more matches than the page needs, the page ends at its last match and the cursor is that
 * item's key, so nothing is skipped. Without a filter it is one Query of `limit` items. `keep`
 * narrows the filter's matches further where DynamoDB cannot (e.g. one field of a search text).
 */
export async function querySearchPage(
  db: Db,
  input: QueryInput & { IndexName: IndexName },
  options: { limit: number; cursor?: string | null; maxScanned: number; keep?: (item: Record<string, unknown>) => boolean },
): Promise<SearchPage<Record<string, unknown>>> {
  const index = tableDefinition.globalIndexes[input.IndexName];
  const filtered = input.FilterExpression !== undefined;
  const { limit, maxScanned } = options;
  const items: Record<string, unknown>[] = [];
  let start = options.cursor ? decodeCursor(options.cursor) : undefined;
  let scanned = 0;
  let step = Math.min(maxScanned, limit * 4);
  for (;;) {
    const needed = limit - items.length;
    const page = await db.doc
      .send(
        new QueryCommand({
          ...input,
          TableName: db.tableName,
          Limit: filtered ? Math.max(1, Math.min(step, maxScanned - scanned)) : needed,
          ExclusiveStartKey: start,
        }),
      )
      .catch((error: unknown) => {
        if (options.cursor && error instanceof Error && error.name === 'ValidationException') throw invalidCursor();
        throw error;
      });
    const found = options.keep ? (page.Items ?? []).filter(options.keep) : (page.Items ?? []);
    scanned += page.ScannedCount ?? found.length;
    if (found.length > needed) {
      items.push(...found.slice(0, needed));
      const last = items[items.length - 1]!;
      return { items, nextCursor: encodeCursor(itemKey(last, input.IndexName)), scanned, position: orderedValue(last[index.rangeKey]) };
    }
    items.push(...found);
    start = page.LastEvaluatedKey;
    if (!start) return { items, nextCursor: null, scanned, position: null };
    if (items.length >= limit || scanned >= maxScanned) {
      return { items, nextCursor: encodeCursor(start), scanned, position: orderedValue(start[index.rangeKey]) };
    }
    step *= 4;
  }
}

function encodeCursor(key: Record<string, unknown>) {
  return Buffer.from(JSON.stringify(key)).toString('base64url');
}

function decodeCursor(cursor: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // fall through to the typed error below
  }
  throw invalidCursor();
}

/** A cursor the client altered or took from another list (400). */
const invalidCursor = () => new DomainError('invalid', 'The page cursor is not valid');

/** Gets many items by key (BatchGetItem, 100 keys a call), retrying unprocessed keys. */
export async function batchGet(
  db: Db,
  keyList: { pk: string; sk: string }[],
  options: { consistent?: boolean } = {},
): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  for (let i = 0; i < keyList.length; i += 100) {
    let pending: Record<string, unknown>[] | undefined = keyList.slice(i, i + 100);
    for (let attempt = 0; pending && pending.length > 0; attempt++) {
      if (attempt > 0) await new Promise((r) => setTimeout(r, Math.min(1000, 25 * 2 ** attempt)));
      const result: BatchGetCommandOutput = await db.doc.send(
        new BatchGetCommand({ RequestItems: { [db.tableName]: { Keys: pending, ConsistentRead: options.consistent } } }),
      );
      items.push(...(result.Responses?.[db.tableName] ?? []));
      pending = result.UnprocessedKeys?.[db.tableName]?.Keys;
      if (attempt > 8 && pending?.length) throw new Error('BatchGetItem kept returning unprocessed keys');
    }
  }
  return items;
}

/** Items by name, read together in one BatchGetItem: each name's item, or undefined when absent. */
export async function getNamed<K extends string>(
  db: Db,
  wanted: Record<K, { pk: string; sk: string }>,
  options: { consistent?: boolean } = {},
): Promise<Record<K, Record<string, unknown> | undefined>> {
  const entries = Object.entries(wanted) as [K, { pk: string; sk: string }][];
  const found = await batchGet(
    db,
    entries.map(([, key]) => key),
    options,
  );
  const byKey = new Map(found.map((item) => [`${String(item.pk)}\u0000${String(item.sk)}`, item]));
  return Object.fromEntries(entries.map(([name, key]) => [name, byKey.get(`${key.pk}\u0000${key.sk}`)])) as Record<
    K,
    Record<string, unknown> | undefined
  >;
}

/** Removes the table's key attributes from a stored item, and `dayGen` (which day figures count it: counters/day-zone.ts). */
export function stripKeys<T extends Record<string, unknown>>(item: T) {
  const { pk, sk, gsi1pk, gsi1sk, gsi2pk, gsi2sk, gsi3pk, gsi3sk, gsi4pk, gsi4sk, ttl, dayGen, ...rest } = item;
  return rest;
}

/**
 * A Query read a page at a time, to the end: each page is yielded before the next is asked for,
 * so a consumer that writes as it reads (a streamed list, an export) holds one page at most.
 */
export async function* queryPages(db: Db, input: QueryInput, pageSize = 500): AsyncGenerator<Record<string, unknown>[]> {
  let start: Record<string, unknown> | undefined;
  do {
    const page = await db.doc.send(new QueryCommand({ ...input, TableName: db.tableName, Limit: pageSize, ExclusiveStartKey: start }));
    if (page.Items?.length) yield page.Items;
    start = page.LastEvaluatedKey;
  } while (start);
}

/** The first item of an index partition in its sort order (undefined when empty): one Query of one item. */
export async function firstOfPartition(db: Db, index: IndexName, partition: string) {
  const result = await db.doc.send(
    new QueryCommand({
      TableName: db.tableName,
      IndexName: index,
      KeyConditionExpression: '#pk = :pk',
      ExpressionAttributeNames: { '#pk': tableDefinition.globalIndexes[index].hashKey },
      ExpressionAttributeValues: { ':pk': partition },
      Limit: 1,
    }),
  );
  return result.Items?.[0];
}

/** Every item of a small index partition (a team's members, sessions, tokens), in its sort order or newest first. */
export const queryPartition = (db: Db, index: IndexName, partition: string, order: 'oldest' | 'newest' = 'oldest') =>
  queryAll(db, {
    IndexName: index,
    KeyConditionExpression: '#pk = :pk',
    ExpressionAttributeNames: { '#pk': tableDefinition.globalIndexes[index].hashKey },
    ExpressionAttributeValues: { ':pk': partition },
    ScanIndexForward: order === 'oldest',
  });
