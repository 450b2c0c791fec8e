import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { z } from 'zod';
import type { Db } from '../db/client.ts';
import { keys } from '../db/keys.ts';
import { batchGet, querySearchPage, stripKeys } from '../db/query.ts';
import { failedConditions, retry, transact, withRetry, type TransactItem } from '../db/write.ts';
import { notFound, staleVersion } from '../error.ts';
import { centsToDollars } from '../transaction/money.ts';
import { normalizeSearch, type ListOrder } from '../shared.schema.ts';
import { conversionPercent } from '../stats/stats.rules.ts';
import { canBeUpcoming, eventSearchText } from './event.rules.ts';
import type { createEventInput, EventInfo, EventsSort, EventStatus, updateEventInput } from './event.schema.ts';

/** The stored event: counters in cents and counts, beside the editable fields. */
export interface EventItem extends Omit<EventInfo, 'sales' | 'conversionRate' | 'archivedAt' | 'timeZone' | 'capacity'> {
  salesCents: number;
  /** absent on events stored before zones (issue 32): the business's */
  timeZone?: string | null;
  /** a copy of its capacity (ticket-type/capacity.ts), written with its pool; absent until one is set */
  capacity?: number | null;
  /** set while archived */
  archivedAt?: string;
}

export function fromItem(item: Record<string, unknown>): EventInfo {
  const { salesCents, searchText, countedOps, ...event } = stripKeys(item) as unknown as EventItem & {
    searchText?: string;
    countedOps?: number;
  };
  return {
    ...event,
    sales: centsToDollars(salesCents ?? 0),
    pageViews: event.pageViews ?? 0,
    completedPurchases: event.completedPurchases ?? 0,
    timeZone: event.timeZone ?? null,
    conversionRate: conversionPercent(event.completedPurchases ?? 0, event.pageViews ?? 0),
    archivedAt: event.archivedAt ?? null,
    capacity: event.capacity ?? null,
  };
}

/** An event's keys by date: on gsi3 always, on the sparse gsi4 while it can still be upcoming (and is not archived). */
export function dateKeys(date: string, status: string, id: string, archived = false) {
  return { ...keys.eventsByDate(date, id), ...(canBeUpcoming(status) && !archived ? keys.upcomingEvents(date, id) : {}) };
}

/** The stored event: its keys (by creation, conversion rank, date), fields, counters at zero, search text. */
export function eventItem(input: z.output<typeof createEventInput>, id: string, now: Date) {
  const createdAt = now.toISOString();
  const date = new Date(input.date).toISOString();
  const item: EventItem & Record<string, unknown> = {
    ...keys.event(id),
    ...keys.eventsByCreated(createdAt, id),
    ...keys.eventsByConversion(0, id),
    ...dateKeys(date, input.status, id),
    id,
    ...input,
    date,
    // the copy of its counters' sum (event/counters.ts), made from `countedOps` shard writes
    salesCents: 0,
    pageViews: 0,
    completedPurchases: 0,
    countedOps: 0,
    searchText: eventSearchText(input),
    createdAt,
    updatedAt: createdAt,
    version: 1,
  };
  return item;
}

/** The Put of a new event, refused if its id is taken. */
export const eventPut = (item: Record<string, unknown>): TransactItem => ({
  Put: { Item: item, ConditionExpression: 'attribute_not_exists(pk)' },
});

/** One event by id (the edit page). */
export async function getEventItem(db: Db, id: string, consistent = false) {
  const result = await db.doc.send(new GetCommand({ TableName: db.tableName, Key: keys.event(id), ConsistentRead: consistent }));
  return result.Item;
}

/** Many events by id at once (names for transaction rows, bulk loads): BatchGetItem. */
export function getEventItems(db: Db, ids: readonly string[], options: { consistent?: boolean } = {}) {
  return batchGet(db, ids.map(keys.event), options);
}

/** Every event by its date, latest first unless `asc` (GET /api/events, events with details): a Query of gsi3. */
export const eventsByDate = (order: ListOrder) => ({
  IndexName: 'gsi3' as const,
  KeyConditionExpression: 'gsi3pk = :pk',
  ExpressionAttributeValues: { ':pk': keys.eventsByDate('', '').gsi3pk },
  ScanIndexForward: order === 'asc',
});

/** Every event by when it was created, newest first unless `asc`: a Query of gsi1 (the archived ones: another partition). */
export const eventsByCreated = (order: ListOrder, archived = false) => ({
  IndexName: 'gsi1' as const,
  KeyConditionExpression: 'gsi1pk = :pk',
  ExpressionAttributeValues: { ':pk': (archived ? keys.archivedEventsByCreated : keys.eventsByCreated)('', '').gsi1pk },
  ScanIndexForward: order === 'asc',
});

/** The soonest events from `from` on that can still be upcoming (dashboard): one Query of the sparse gsi4. */
export async function upcomingEventItems(db: Db, from: string, limit: number) {
  const result = await db.doc.send(
    new QueryCommand({
      TableName: db.tableName,
      IndexName: 'gsi4',
      KeyConditionExpression: 'gsi4pk = :pk AND gsi4sk >= :from',
      ExpressionAttributeValues: { ':pk': keys.upcomingEvents('', '').gsi4pk, ':from': from },
      Limit: limit,
    }),
  );
  return result.Items ?? [];
}

/** The most recently created events (dashboard Recent Events): one Query of `limit` items. */
export async function recentEventItems(db: Db, limit: number) {
  const result = await db.doc.send(new QueryCommand({ TableName: db.tableName, ...eventsByCreated('desc'), Limit: limit }));
  return result.Items ?? [];
}

/** Items one searched page of events may evaluate. */
export const maxScannedPerPage = 3000;

/**
 * A page of events, newest created first (or by event date, either way), searched over title and
 * venue (or the title only) and filtered by status on the server. Archived events are left out,
 * or with `archived` they alone are listed: by creation they have a partition of their own, by
 * date (gsi3 holds every event, for SPEC's whole list) a filter picks them.
 */
export function searchEventItems(
  db: Db,
  page: {
    limit: number;
    cursor?: string | null;
    q?: string | null;
    status?: EventStatus | null;
    titleOnly?: boolean;
    sort?: EventsSort;
    order?: ListOrder;
    archived?: boolean | null;
  },
) {
  const byDate = page.sort === 'date';
  const archived = page.archived === true;
  const index = byDate ? eventsByDate(page.order ?? 'desc') : eventsByCreated(page.order ?? 'desc', archived);
  const term = normalizeSearch(page.q);
  const filters = [
    ...(term ? ['contains(searchText, :q)'] : []),
    ...(page.status ? ['#status = :status'] : []),
    ...(byDate ? [archived ? 'attribute_exists(archivedAt)' : 'attribute_not_exists(archivedAt)'] : []),
  ];
  return querySearchPage(
    db,
    {
      ...index,
      ...(filters.length ? { FilterExpression: filters.join(' AND ') } : {}),
      ...(page.status ? { ExpressionAttributeNames: { '#status': 'status' } } : {}),
      ExpressionAttributeValues: {
        ...index.ExpressionAttributeValues,
        ...(term ? { ':q': term } : {}),
        ...(page.status ? { ':status': page.status } : {}),
      },
    },
    {
      limit: page.limit,
      cursor: page.cursor,
      maxScanned: maxScannedPerPage,
      ...(term && page.titleOnly ? { keep: (item: Record<string, unknown>) => String(item.title).toLowerCase().includes(term) } : {}),
    },
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

export const editable = [
  'title',
  'description',
  'date',
  'time',
  'timeZone',
  'venue',
  'status',
  'venueId',
  'ticketEvolutionEventId',
  'tailgateEventId',
  'tailgateDiscount',
  'seatViewUrl',
  'capacity',
] as const;

/**
 * Updates the editable fields only (counters are never written here), conditional on the
 * version read (the client's, when it sent one, must be that one), so a stale edit is refused
 * instead of overwriting. What the change moves elsewhere (its history record, the status
 * counts) is `alongside`'s to say, from before and after; it rides in the same transaction.
 */
export async function updateEventItem(
  db: Db,
  input: z.output<typeof updateEventInput>,
  alongside: (before: Record<string, unknown>, after: Record<string, unknown>, now: Date) => TransactItem[] | Promise<TransactItem[]>,
  now = new Date(),
) {
  const values: Record<string, unknown> = { ...input, date: new Date(input.date).toISOString(), searchText: eventSearchText(input) };
  const fields = [...editable, 'searchText' as const].filter((f) => values[f] !== undefined);
  return withRetry(async () => {
    const before = await getEventItem(db, input.id, true);
    if (!before) throw notFound('Event');
    const seen = Number(before.version ?? 0);
    if (input.version !== undefined && input.version !== seen) throw staleVersion('This event was');
    const after: Record<string, unknown> = {
      ...before,
      ...Object.fromEntries(fields.map((f) => [f, values[f]])),
      updatedAt: now.toISOString(),
      version: seen + 1,
    };
    // The date indexes follow the date and status.
    const byDate = dateKeys(String(after.date), String(after.status), input.id, before.archivedAt !== undefined);
    const upcoming = 'gsi4pk' in byDate ? ', gsi4pk = :gsi4pk, gsi4sk = :gsi4sk' : '';
    try {
      await transact(db, [
        {
          Update: {
            Key: keys.event(input.id),
            UpdateExpression:
              `SET ${fields.map((f) => `#${f} = :${f}`).join(', ')}, updatedAt = :now, version = :next` +
              `, gsi3pk = :gsi3pk, gsi3sk = :gsi3sk${upcoming}${upcoming ? '' : ' REMOVE gsi4pk, gsi4sk'}`,
            ConditionExpression: 'version = :version',
            ExpressionAttributeNames: Object.fromEntries(fields.map((f) => [`#${f}`, f])),
            ExpressionAttributeValues: {
              ...Object.fromEntries(fields.map((f) => [`:${f}`, values[f]])),
              ...Object.fromEntries(Object.entries(byDate).map(([name, value]) => [`:${name}`, value])),
              ':now': now.toISOString(),
              ':next': seen + 1,
              ':version': seen,
            },
          },
        },
        ...(await alongside(before, after, now)),
      ]);
    } catch (error) {
      // the event's update is item 0 of the transaction; another failed condition (a capacity's pool moved meanwhile) plans again
      const failed = failedConditions(error);
      if (!failed?.length) throw error;
      if (failed.includes(0) && input.version !== undefined) throw staleVersion('This event was');
      return retry;
    }
    return { event: fromItem(after), previousTitle: String(before.title) };
  });
}
