import { QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import type { Db } from './client.ts';
import { fanOutRead } from './fan-out.ts';
import { orderedValue } from './keys.ts';
import { type SearchPage } from './query.ts';
import { tableDefinition, type IndexName } from './table.ts';
import { DomainError } from '../error.ts';

/**
 * One list kept in several partitions of an index (a sharded key such as TRANSACTIONS#0..15,
 * db/shards.ts): the same Query run on each partition, optionally filtered.
 */
export type MergedQuery = Omit<QueryCommandInput, 'TableName' | 'ExclusiveStartKey' | 'KeyConditionExpression' | 'IndexName' | 'Limit'> & {
  IndexName: IndexName;
  partitions: readonly string[];
  /** a condition on the sort key, e.g. ' AND gsi1sk >= :from' */
  sortKeyCondition?: string;
};

/** The Query of one partition of a merged list. */
function partitionQuery(query: MergedQuery, partition: string) {
  const { partitions, sortKeyCondition = '', ...input } = query;
  const index = tableDefinition.globalIndexes[query.IndexName];
  return {
    ...input,
    KeyConditionExpression: `${index.hashKey} = :mergedPartition${sortKeyCondition}`,
    ExpressionAttributeValues: { ...query.ExpressionAttributeValues, ':mergedPartition': partition },
  };
}

type Key = Record<string, unknown>;

/** One partition's reading state within a page. */
interface Reader {
  partition: string;
  /** where this partition resumes next page: after its last item handed out (or skipped by the filter) */
  resume: Key | undefined;
  /** where its next Query starts */
  start: Key | undefined;
  buffer: Key[];
  exhausted: boolean;
  /** items its next Query asks for */
  step: number;
}

/**
 * The cursor of a merged list: one position per partition: 0 at its start, 1 at its end, or the
 * item it goes on after as [pk, sk, the index's sort key] (the index's partition key is the
 * partition's own). Deflated, so a position per shard stays well inside a URL.
 */
type Position = 0 | 1 | [string, string, string];

const invalidCursor = () => new DomainError('invalid', 'The page cursor is not valid');

function decode(cursor: string, partitions: number): Position[] {
  try {
    const json = inflateRawSync(Buffer.from(cursor, 'base64url'), { maxOutputLength: 64 * 1024 }).toString('utf8');
    const value: unknown = JSON.parse(json);
    const valid = (p: unknown) => p === 0 || p === 1 || (Array.isArray(p) && p.length === 3 && p.every((s) => typeof s === 'string'));
    if (Array.isArray(value) && value.length === partitions && value.every(valid)) return value as Position[];
  } catch {
    // the typed error below
  }
  throw invalidCursor();
}

const encode = (positions: Position[]) => deflateRawSync(JSON.stringify(positions)).toString('base64url');

/**
 * One page of a list merged from its partitions, in sort-key order (newest first unless
 * ScanIndexForward). Each partition is read lazily, about its share of the page at a time, and
 * an item is handed out only when every partition that could hold an earlier one has shown its
 * next item (or is read to the end), so the order is exact. The cursor holds each partition's
 * position. With a FilterExpression the page stops at `limit` matches or after evaluating
 * `maxScanned` items, whichever comes first, and its cursor continues exactly there.
 */
export async function mergedSearchPage(
  db: Db,
  query: MergedQuery,
  options: { limit: number; cursor?: string | null; maxScanned?: number; keep?: (item: Key) => boolean },
): Promise<SearchPage<Key>> {
  const { partitions } = query;
  const index = tableDefinition.globalIndexes[query.IndexName];
  const descending = query.ScanIndexForward === false;
  const filtered = query.FilterExpression !== undefined || options.keep !== undefined;
  const maxScanned = options.maxScanned ?? Number.POSITIVE_INFINITY;
  const positions = options.cursor ? decode(options.cursor, partitions.length) : partitions.map((): Position => 0);
  const { hashKey, rangeKey } = tableDefinition.primaryIndex;
  const share = Math.ceil(options.limit / partitions.length) + 2;
  const readers: Reader[] = partitions.map((partition, i) => {
    const position = positions[i]!;
    const key = Array.isArray(position)
      ? { [hashKey]: position[0], [rangeKey]: position[1], [index.hashKey]: partition, [index.rangeKey]: position[2] }
      : undefined;
    return {
      partition,
      resume: key,
      start: key,
      buffer: [],
      exhausted: position === 1,
      step: filtered ? Math.max(share, 25) : share,
    };
  });
  let scanned = 0;

  const fetch = async (reader: Reader, allowance: number) => {
    const page = await fanOutRead(db, () =>
      db.doc.send(
        new QueryCommand({
          ...partitionQuery(query, reader.partition),
          TableName: db.tableName,
          Limit: Math.min(reader.step, allowance),
          ExclusiveStartKey: reader.start,
        }),
      ),
    ).catch((error: unknown) => {
      if (options.cursor && error instanceof Error && error.name === 'ValidationException') throw invalidCursor();
      throw error;
    });
    const found = options.keep ? (page.Items ?? []).filter(options.keep) : (page.Items ?? []);
    scanned += page.ScannedCount ?? found.length;
    reader.buffer = found;
    reader.start = page.LastEvaluatedKey;
    reader.exhausted = page.LastEvaluatedKey === undefined;
    // Nothing kept: everything up to where it stopped is behind us.
    if (found.length === 0) reader.resume = page.LastEvaluatedKey;
    reader.step = Math.min(reader.step * 2, 1000);
  };
  const waiting = () => readers.filter((r) => r.buffer.length === 0 && !r.exhausted);
  const sortValue = (item: Key) => String(item[index.rangeKey]);
  const cursorHere = () =>
    encode(
      readers.map((r): Position => {
        if (r.exhausted && r.buffer.length === 0) return 1;
        if (!r.resume) return 0;
        return [String(r.resume[hashKey]), String(r.resume[rangeKey]), String(r.resume[index.rangeKey])];
      }),
    );
  const items: Key[] = [];

  for (;;) {
    // Every partition that could still hold the next item shows its next one first.
    while (waiting().length > 0) {
      if (scanned >= maxScanned) {
        const behind = waiting().map((r) => orderedValue(r.start?.[index.rangeKey]));
        const position = descending ? behind.sort().at(-1)! : behind.sort()[0]!;
        return { items, nextCursor: cursorHere(), scanned, position };
      }
      // Within the budget: each waiting partition its share of what is left (at least one item).
      const left = maxScanned - scanned;
      const now = waiting().slice(0, Math.max(1, Math.min(waiting().length, left)));
      await Promise.all(
        now.map((reader) => fetch(reader, Number.isFinite(left) ? Math.max(1, Math.floor(left / now.length)) : reader.step)),
      );
    }
    const heads = readers.filter((r) => r.buffer.length > 0);
    if (heads.length === 0) return { items, nextCursor: null, scanned, position: null };
    if (items.length === options.limit) {
      const last = items[items.length - 1]!;
      return { items, nextCursor: cursorHere(), scanned, position: orderedValue(last[index.rangeKey]) };
    }
    let next = heads[0]!;
    for (const reader of heads) {
      const better = descending
        ? sortValue(reader.buffer[0]!) > sortValue(next.buffer[0]!)
        : sortValue(reader.buffer[0]!) < sortValue(next.buffer[0]!);
      if (better) next = reader;
    }
    const item = next.buffer.shift()!;
    items.push(item);
    next.resume = itemKey(item, query.IndexName);
    if (next.buffer.length === 0 && !next.exhausted) next.resume = next.start ?? next.resume;
  }
}

/** The keys DynamoDB continues a Query of this index after. */
function itemKey(item: Key, indexName: IndexName) {
  const { hashKey, rangeKey } = tableDefinition.primaryIndex;
  const index = tableDefinition.globalIndexes[indexName];
  return Object.fromEntries([hashKey, rangeKey, index.hashKey, index.rangeKey].map((name) => [name, item[name]]));
}

/** An unfiltered page of a merged list: at most `limit` items and the cursor of the next page. */
export async function mergedPage(db: Db, query: MergedQuery, limit: number, cursor?: string | null) {
  const { items, nextCursor } = await mergedSearchPage(db, query, { limit, cursor });
  return { items, nextCursor };
}

/** The most items one Query of a streamed partition asks for (its pages grow to this). */
const streamStep = 500;

/**
 * One partition of a streamed merge, open for the whole stream and one Query page ahead: as soon
 * as a page arrives the next is asked for, so the store reads while the stream is written.
 * Its pages grow from `first` items to `streamStep`; it holds two pages at most.
 */
function openPartition(db: Db, query: MergedQuery, partition: string, first: number) {
  let limit = first;
  const request = (start: Key | undefined) => {
    const sent = fanOutRead(db, () =>
      db.doc.send(
        new QueryCommand({ ...partitionQuery(query, partition), TableName: db.tableName, Limit: limit, ExclusiveStartKey: start }),
      ),
    );
    limit = Math.min(limit * 2, streamStep);
    // A stream the client left holds a read-ahead nobody awaits: its failure must not go unhandled.
    sent.catch(() => {});
    return sent;
  };
  let ahead: ReturnType<typeof request> | undefined = request(undefined);
  const reader = {
    items: [] as Key[],
    at: 0,
    /** Moves to the next page that holds an item (a filter may empty some): false at the end. */
    async fill() {
      while (ahead) {
        const page = await ahead;
        ahead = page.LastEvaluatedKey ? request(page.LastEvaluatedKey) : undefined;
        reader.items = page.Items ?? [];
        reader.at = 0;
        if (reader.items.length > 0) return true;
      }
      return false;
    },
  };
  return reader;
}

/**
 * A merged list read to its end in sort-key order, `pageSize` items a yield (streamed lists and
 * exports hold one yield and each partition's two Query pages, whatever the list's length). Each
 * partition keeps one reader for the whole stream; the next item is the first, in order, of the
 * partitions' next items, so the order is mergedSearchPage's exactly.
 */
export async function* mergedPages(db: Db, query: MergedQuery, pageSize = 500): AsyncGenerator<Key[]> {
  const index = tableDefinition.globalIndexes[query.IndexName];
  const descending = query.ScanIndexForward === false;
  const first = Math.ceil(pageSize / query.partitions.length) + 2;
  const readers = query.partitions.map((partition) => openPartition(db, query, partition, first));
  const live = (await Promise.all(readers.map((r) => r.fill()))).flatMap((found, i) => (found ? [readers[i]!] : []));
  const head = (reader: (typeof readers)[number]) => String(reader.items[reader.at]![index.rangeKey]);
  let page: Key[] = [];
  while (live.length > 0) {
    let next = 0;
    for (let i = 1; i < live.length; i++) {
      if (descending ? head(live[i]!) > head(live[next]!) : head(live[i]!) < head(live[next]!)) next = i;
    }
    const reader = live[next]!;
    page.push(reader.items[reader.at]!);
    reader.at += 1;
    if (reader.at === reader.items.length && !(await reader.fill())) live.splice(next, 1);
    if (page.length === pageSize) {
      yield page;
      page = [];
    }
  }
  if (page.length > 0) yield page;
}

/** A merged list read whole. */
export async function mergedAll(db: Db, query: MergedQuery) {
  const items: Key[] = [];
  for await (const page of mergedPages(db, query, 1000)) items.push(...page);
  return items;
}

/** Every item of every partition, in no particular order, a Query page at a time (e.g. to rename them all). */
export async function* partitionPages(db: Db, query: MergedQuery, pageSize = 500): AsyncGenerator<Key[]> {
  for (const partition of query.partitions) {
    let start: Key | undefined;
    do {
      const page = await db.doc.send(
        new QueryCommand({
          ...partitionQuery(query, partition),
          TableName: db.tableName,
          Limit: pageSize,
          ExclusiveStartKey: start,
        }),
      );
      if (page.Items?.length) yield page.Items;
      start = page.LastEvaluatedKey;
    } while (start);
  }
}
