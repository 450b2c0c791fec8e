// A streamed merge (db/merge.ts's mergedPages, behind the whole lists and the exports) against
// the order a recomputation from the records gives, over uneven partitions and many Query pages,
// and the reading it does: one reader per partition for the whole stream, each Query going on
// exactly where the partition's previous one stopped.
import { BatchWriteCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createDb } from '@event-admin/core/db/client';
import { fanOutSlots } from '@event-admin/core/db/fan-out';
import { mergedPages, mergedSearchPage, type MergedQuery } from '@event-admin/core/db/merge';
import { freshTable } from '../setup/api.ts';

const { db, config } = await freshTable();
const partitions = Array.from({ length: 17 }, (_, s) => `MERGE#${s}`);
// Uneven on purpose: an empty partition, one with most of the items, the rest a few each.
const counts = partitions.map((_, s) => (s === 3 ? 0 : s === 5 ? 400 : 7 + ((s * 13) % 23)));
const items = partitions.flatMap((partition, s) =>
  Array.from({ length: counts[s]! }, (_, i) => {
    const id = randomUUID();
    const at = new Date(Date.UTC(2030, 0, 1) + ((s * 7919 + i * 104_729) % 40_000_000) * 1000).toISOString();
    return { pk: `ITEM#${id}`, sk: 'ITEM', gsi1pk: partition, gsi1sk: `${at}#${id}`, odd: i % 2 === 1 };
  }),
);
for (let i = 0; i < items.length; i += 25) {
  await db.doc.send(
    new BatchWriteCommand({ RequestItems: { [db.tableName]: items.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } })) } }),
  );
}

/** Every Query the client sends: its partition and where it starts, with where its answer stopped. */
const queries: { partition: string; start: unknown; stopped: unknown }[] = [];
db.doc.middlewareStack.add(
  (next) => async (args) => {
    const input = args.input as QueryCommandInput;
    const result = await next(args);
    const partition = input.ExpressionAttributeValues?.[':mergedPartition'];
    if (typeof partition === 'string') {
      const output = result.output as { LastEvaluatedKey?: unknown };
      queries.push({ partition, start: input.ExclusiveStartKey, stopped: output.LastEvaluatedKey });
    }
    return result;
  },
  { step: 'initialize', name: 'recordQueries' },
);

const byDate = (order: 'asc' | 'desc'): MergedQuery => ({ IndexName: 'gsi1', partitions, ScanIndexForward: order === 'asc' });
const sortKeys = (list: Record<string, unknown>[]) => list.map((item) => String(item.gsi1sk));
const expected = (order: 'asc' | 'desc', keep: (item: (typeof items)[number]) => boolean = () => true) => {
  const keys = sortKeys(items.filter(keep)).sort();
  return order === 'asc' ? keys : keys.reverse();
};

async function streamed(query: MergedQuery, pageSize: number) {
  const pages: Record<string, unknown>[][] = [];
  for await (const page of mergedPages(db, query, pageSize)) pages.push(page);
  return pages;
}

describe('a streamed merge', () => {
  it.each(['desc', 'asc'] as const)('hands out every item once, in %s order, a full page a yield', async (order) => {
    const pages = await streamed(byDate(order), 37);
    expect(sortKeys(pages.flat())).toEqual(expected(order));
    expect(pages.slice(0, -1).every((page) => page.length === 37)).toBe(true);
  });

  it('keeps only what a filter matches, in order, across pages a filter leaves empty', async () => {
    const query = { ...byDate('desc'), FilterExpression: 'odd = :odd', ExpressionAttributeValues: { ':odd': true } };
    expect(sortKeys((await streamed(query, 20)).flat())).toEqual(expected('desc', (item) => item.odd));
  });

  it('gives the order the paged list gives, page after page from its cursor', async () => {
    const paged: Record<string, unknown>[] = [];
    let cursor: string | null = null;
    for (let i = 0; i < 100; i++) {
      const page = await mergedSearchPage(db, byDate('desc'), { limit: 50, cursor });
      paged.push(...page.items);
      cursor = page.nextCursor;
      if (!cursor) break;
    }
    expect(cursor).toBeNull();
    expect(sortKeys((await streamed(byDate('desc'), 50)).flat())).toEqual(sortKeys(paged));
  });

  it('reads each partition once through: every Query starts where its partition last stopped', async () => {
    queries.length = 0;
    await streamed(byDate('desc'), 10);
    for (const partition of partitions) {
      const mine = queries.filter((q) => q.partition === partition);
      expect(mine[0]?.start, partition).toBeUndefined();
      mine.slice(1).forEach((q, i) => expect(q.start, partition).toEqual(mine[i]!.stopped));
      expect(mine.at(-1)!.stopped, partition).toBeUndefined();
    }
    // The large partition's pages grow: 400 items take far fewer Queries than 10-item pages would.
    expect(queries.filter((q) => q.partition === 'MERGE#5').length).toBeLessThan(10);
  });

  it('16 streams at once on one client: each hands out every item, with at most the fan-out slots of Queries in flight', async () => {
    // Its own client, whose Queries in flight are counted where they enter it: 16 streams of 17
    // partitions would send 272 at once, more than the client's 50 sockets (db/fan-out.ts).
    const own = createDb(config);
    let inFlight = 0;
    let most = 0;
    own.doc.middlewareStack.add(
      (next) => async (args) => {
        most = Math.max(most, ++inFlight);
        try {
          return await next(args);
        } finally {
          inFlight -= 1;
        }
      },
      { step: 'initialize', name: 'countInFlight' },
    );
    const streams = await Promise.all(
      Array.from({ length: 16 }, async () => {
        const pages: Record<string, unknown>[][] = [];
        for await (const page of mergedPages(own, byDate('desc'), 40)) pages.push(page);
        return sortKeys(pages.flat());
      }),
    );
    for (const keys of streams) expect(keys).toEqual(expected('desc'));
    expect(most).toBe(fanOutSlots);
  });

  it('can be left after its first page, its read-ahead failing later unheard', async () => {
    // Its own client, whose answers fail once the stream is left: a read-ahead nobody awaits any
    // more must not become an unhandled rejection (vitest fails the run on one).
    const own = createDb(config);
    let gone = false;
    own.doc.middlewareStack.add(
      (next) => async (args) => {
        const result = await next(args);
        if (gone) throw new Error('the store went away');
        return result;
      },
      { step: 'initialize', name: 'failWhenGone' },
    );
    const stream = mergedPages(own, byDate('desc'), 5);
    const first = await stream.next();
    expect(first.value).toHaveLength(5);
    gone = true;
    await stream.return(undefined);
    await new Promise((r) => setTimeout(r, 300));
  });
});
