import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { Db } from '../db/client.ts';
import { keys } from '../db/keys.ts';
import { batchGet, queryAll, queryPage, querySearchPage, stripKeys } from '../db/query.ts';
import { batchWrite, failedConditions, isConditionFailure, retry, transact, withRetry, type TransactItem, type WriteRequest } from '../db/write.ts';
import { notFound, staleVersion } from '../error.ts';
import { centsToDollars } from '../transaction/money.ts';
import { seoItem } from '../seo/seo.repo.ts';
import type { saveSeoInput } from '../seo/seo.schema.ts';
import { normalizeSearch } from '../shared.schema.ts';
import { addToStats, statsIncrement } from '../stats/stats.repo.ts';
import { conversionMilli, formatConversion } from '../stats/stats.rules.ts';
import { eventSearchText } from './event.rules.ts';
import type { createEventInput, EventInfo, EventStatus, updateEventInput } from './event.schema.ts';

/** The stored event: counters in cents and counts, beside the editable fields. */
export interface EventItem extends Omit<EventInfo, 'sales' | 'conversionRate'> {
  salesCents: number;
}

export function fromItem(item: Record<string, unknown>): EventInfo {
  const { salesCents, searchText, ...event } = stripKeys(item) as unknown as EventItem & { searchText?: string };
  return {
    ...event,
    sales: centsToDollars(salesCents ?? 0),
    pageViews: event.pageViews ?? 0,
    completedPurchases: event.completedPurchases ?? 0,
    conversionRate: formatConversion(conversionMilli(event.completedPurchases ?? 0, event.pageViews ?? 0)),
  };
}

/** The stored event: its keys (by creation, by conversion rank), fields, counters at zero, search text. */
function eventItem(input: z.output<typeof createEventInput>, id: string, now: Date) {
  const createdAt = now.toISOString();
  const item: EventItem & Record<string, unknown> = {
    ...keys.event(id),
    ...keys.eventsByCreated(createdAt, id),
    ...keys.eventsByConversion(0, id),
    id,
    ...input,
    date: new Date(input.date).toISOString(),
    salesCents: 0,
    pageViews: 0,
    completedPurchases: 0,
    searchText: eventSearchText(input),
    createdAt,
    updatedAt: createdAt,
    version: 1,
  };
  return item;
}

/** Put a new event and count it in the dashboard totals, in one transaction. */
export async function insertEvent(db: Db, input: z.output<typeof createEventInput>, now = new Date()) {
  const item = eventItem(input, randomUUID(), now);
  await transact(db, [
    { Put: { Item: item, ConditionExpression: 'attribute_not_exists(pk)' } },
    statsIncrement({ eventCount: 1 }),
  ]);
  return fromItem(item);
}

/**
 * Puts many new events at once (bulk loads), each with its SEO record when one is given, with
 * BatchWriteItem, then counts them in the dashboard totals. Events are created one millisecond
 * apart, in the order given, so the newest-first lists keep that order.
 */
export async function importEvents(
  db: Db,
  inputs: readonly (z.output<typeof createEventInput> & { seo?: Omit<z.output<typeof saveSeoInput>, 'eventId' | 'version'> })[],
  options: { now?: Date; concurrency?: number; onProgress?: (written: number) => void } = {},
) {
  const start = (options.now ?? new Date()).getTime();
  const writes: WriteRequest[] = [];
  const events = inputs.map(({ seo, ...input }, i) => {
    const at = new Date(start + i);
    const item = eventItem(input, randomUUID(), at);
    writes.push({ PutRequest: { Item: item } });
    if (seo) writes.push({ PutRequest: { Item: seoItem({ ...seo, eventId: item.id }, at) } });
    return fromItem(item);
  });
  await batchWrite(db, writes, options);
  await addToStats(db, { eventCount: events.length });
  return events;
}

/**
 * Adds sums of completed purchases, sales and page views to many events (bulk loads): per 25
 * events, one transaction of conditional updates (on the counts just read, retried when a live
 * purchase raced it) that also moves each event's conversion rank and, on the dashboard totals,
 * the conversion sum and the count of viewed events, exactly as purchases and views one by one would.
 */
export async function applyEventCounterDeltas(db: Db, deltas: ReadonlyMap<string, { completed: number; salesCents: number; views: number }>) {
  const ids = [...deltas.keys()];
  for (let i = 0; i < ids.length; i += 25) {
    const chunk = ids.slice(i, i + 25);
    await withRetry(async () => {
      const items = await batchGet(db, chunk.map(keys.event), { consistent: true });
      if (items.length !== chunk.length) throw notFound('Event');
      let conversionSumMilli = 0;
      let viewedEventCount = 0;
      const updates: TransactItem[] = items.map((item) => {
        const id = String(item.id);
        const delta = deltas.get(id)!;
        const views = Number(item.pageViews ?? 0);
        const completed = Number(item.completedPurchases ?? 0);
        const before = conversionMilli(completed, views);
        const after = conversionMilli(completed + delta.completed, views + delta.views);
        conversionSumMilli += after - before;
        if (views === 0 && delta.views > 0) viewedEventCount += 1;
        return {
          Update: {
            Key: keys.event(id),
            UpdateExpression: 'SET completedPurchases = :completed, pageViews = :views, gsi2sk = :rank ADD salesCents :sales',
            ConditionExpression: 'completedPurchases = :seenCompleted AND pageViews = :seenViews',
            ExpressionAttributeValues: {
              ':completed': completed + delta.completed,
              ':views': views + delta.views,
              ':rank': keys.eventsByConversion(after, id).gsi2sk,
              ':sales': delta.salesCents,
              ':seenCompleted': completed,
              ':seenViews': views,
            },
          },
        };
      });
      try {
        await transact(db, [...updates, statsIncrement({ conversionSumMilli, viewedEventCount })]);
      } catch (error) {
        if (failedConditions(error)?.length) return retry;
        throw error;
      }
      return true;
    });
  }
}

/** Page views for many events at once (bulk loads). */
export function importPageViews(db: Db, views: ReadonlyMap<string, number>) {
  return applyEventCounterDeltas(db, new Map([...views].map(([id, count]) => [id, { completed: 0, salesCents: 0, views: count }])));
}

/** One event by id (the edit page). */
export async function getEventItem(db: Db, id: string, consistent = false) {
  const result = await db.doc.send(new GetCommand({ TableName: db.tableName, Key: keys.event(id), ConsistentRead: consistent }));
  return result.Item;
}

/** All events, newest created first (the events list, events with details). */
export async function listEventItems(db: Db) {
  return queryAll(db, {
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.eventsByCreated('', '').gsi1pk },
    ScanIndexForward: false,
  });
}

/** One page of events, newest created first. */
export async function pageEventItems(db: Db, limit: number, cursor?: string | null) {
  return queryPage(
    db,
    {
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.eventsByCreated('', '').gsi1pk },
      ScanIndexForward: false,
      Limit: limit,
    },
    cursor,
  );
}

/** Items one searched page of events may evaluate. */
export const maxScannedPerPage = 3000;

/** A page of events, newest created first, searched over title and venue and filtered by status on the server. */
export function searchEventItems(db: Db, page: { limit: number; cursor?: string | null; q?: string | null; status?: EventStatus | null }) {
  const term = normalizeSearch(page.q);
  const filters = [...(term ? ['contains(searchText, :q)'] : []), ...(page.status ? ['#status = :status'] : [])];
  return querySearchPage(
    db,
    {
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk',
      ...(filters.length ? { FilterExpression: filters.join(' AND ') } : {}),
      ...(page.status ? { ExpressionAttributeNames: { '#status': 'status' } } : {}),
      ExpressionAttributeValues: {
        ':pk': keys.eventsByCreated('', '').gsi1pk,
        ...(term ? { ':q': term } : {}),
        ...(page.status ? { ':status': page.status } : {}),
      },
      ScanIndexForward: false,
    },
    { limit: page.limit, cursor: page.cursor, maxScanned: maxScannedPerPage },
  );
}

/** The highest-converting events (dashboard top events): one Query of `limit` items. */
export async function topEventItems(db: Db, limit: number) {
  const result = await db.doc.send(
    new QueryCommand({
      TableName: db.tableName,
      IndexName: 'gsi2',
      KeyConditionExpression: 'gsi2pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.eventsByConversion(0, '').gsi2pk },
      ScanIndexForward: false,
      Limit: limit,
    }),
  );
  return result.Items ?? [];
}

const editable = [
  'title',
  'description',
  'date',
  'time',
  'venue',
  'status',
  'venueId',
  'ticketEvolutionEventId',
  'tailgateEventId',
  'tailgateDiscount',
  'seatViewUrl',
] as const;

/**
 * Updates the editable fields only (counters are never written here), conditional on the
 * version the client read when it sent one, so a stale edit is refused instead of overwriting.
 */
export async function updateEventItem(db: Db, input: z.output<typeof updateEventInput>, now = new Date()) {
  const values: Record<string, unknown> = { ...input, date: new Date(input.date).toISOString(), searchText: eventSearchText(input) };
  const fields = [...editable, 'searchText' as const].filter((f) => values[f] !== undefined);
  try {
    const result = await db.doc.send(
      new UpdateCommand({
        TableName: db.tableName,
        Key: keys.event(input.id),
        UpdateExpression: `SET ${fields.map((f) => `#${f} = :${f}`).join(', ')}, updatedAt = :now ADD version :one`,
        ConditionExpression: input.version === undefined ? 'attribute_exists(pk)' : 'version = :version',
        ExpressionAttributeNames: Object.fromEntries(fields.map((f) => [`#${f}`, f])),
        ExpressionAttributeValues: {
          ...Object.fromEntries(fields.map((f) => [`:${f}`, values[f]])),
          ':now': now.toISOString(),
          ':one': 1,
          ...(input.version === undefined ? {} : { ':version': input.version }),
        },
        ReturnValues: 'ALL_OLD',
      }),
    );
    const before = result.Attributes!;
    const after = { ...before, ...Object.fromEntries(fields.map((f) => [f, values[f]])), updatedAt: now.toISOString(), version: Number(before.version ?? 0) + 1 };
    return { event: fromItem(after), previousTitle: String(before.title) };
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    throw (await getEventItem(db, input.id)) ? staleVersion('This event was') : notFound('Event');
  }
}

/**
 * Adds page views, moving the event's conversion rank and the dashboard's conversion totals in
 * the same transaction, conditional on the counts it read (retried when a purchase raced it).
 */
export async function addPageViews(db: Db, id: string, count: number) {
  return withRetry(async () => {
    const item = await getEventItem(db, id, true);
    if (!item) throw notFound('Event');
    const views = Number(item.pageViews ?? 0);
    const completed = Number(item.completedPurchases ?? 0);
    const before = conversionMilli(completed, views);
    const after = conversionMilli(completed, views + count);
    try {
      await transact(db, [
        {
          Update: {
            Key: keys.event(id),
            UpdateExpression: 'SET pageViews = :after, gsi2sk = :rank',
            ConditionExpression: 'pageViews = :views AND completedPurchases = :completed',
            ExpressionAttributeValues: {
              ':after': views + count,
              ':rank': keys.eventsByConversion(after, id).gsi2sk,
              ':views': views,
              ':completed': completed,
            },
          },
        },
        statsIncrement({ conversionSumMilli: after - before, viewedEventCount: views === 0 ? 1 : 0 }),
      ]);
    } catch (error) {
      if (failedConditions(error)?.length) return retry;
      throw error;
    }
    return fromItem({ ...item, pageViews: views + count });
  });
}
