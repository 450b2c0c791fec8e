import { randomUUID } from 'node:crypto';
import type { Db } from '../db/client.ts';
import { queryAll, queryPage, queryPages } from '../db/query.ts';
import { failedConditions, retry, transact, withRetry } from '../db/write.ts';
import { notFound } from '../error.ts';
import { fn } from '../fn.ts';
import { dailyFigures } from '../report/daily.repo.ts';
import { statsIncrement, statusCountDeltas } from '../stats/stats.repo.ts';
import { listPageInput } from '../shared.schema.ts';
import { refreshEventTitle } from '../transaction/transaction.repo.ts';
import { auditPut } from '../audit/audit.repo.ts';
import { diffFields } from '../audit/audit.rules.ts';
import {
  editable,
  eventCountersUpdate,
  eventItem,
  eventPut,
  eventsByDate,
  fromItem,
  getEventItem,
  recentEventItems,
  searchEventItems,
  updateEventItem,
} from './event.repo.ts';
import {
  addPageViewsInput,
  createEventInput,
  eventIdInput,
  eventsPageInput,
  recentEventsInput,
  updateEventInput,
  type EventInfo,
} from './event.schema.ts';

/** Puts a new event and counts it in the dashboard totals, in one transaction. */
export const create = fn(createEventInput, async (db, input, actor) => {
  const item = eventItem(input, randomUUID(), new Date());
  const record = { actor, action: 'create', entity: 'event' as const, entityId: item.id, summary: `Created ${item.title}` };
  await transact(db, [
    eventPut(item),
    statsIncrement({ eventCount: 1, ...statusCountDeltas([{ to: item.status }]) }),
    auditPut({ ...record, changes: diffFields(undefined, item, editable) }),
  ]);
  return fromItem(item);
});

export const get = fn(eventIdInput, async (db, { id }) => {
  const item = await getEventItem(db, id);
  if (!item) throw notFound('Event');
  return fromItem(item);
});

/** Throws the 404 that every per-event call gives for an unknown id. */
export async function requireEvent(db: Db, id: string) {
  const item = await getEventItem(db, id);
  if (!item) throw notFound('Event');
  return item;
}

/** Every event, latest date first (events.list): read whole, for callers that need every one. */
export async function list(db: Db): Promise<EventInfo[]> {
  return (await queryAll(db, eventsByDate('desc'))).map(fromItem);
}

/** Every event, latest date first, a Query page at a time (GET /api/events streams them). */
export async function* listPages(db: Db, pageSize?: number) {
  for await (const items of queryPages(db, eventsByDate('desc'), pageSize)) yield items.map(fromItem);
}

/** At most `limit` events, latest date first, from a cursor (GET /api/events?limit=N&cursor=C). */
export const listPage = fn(listPageInput, async (db, input) => {
  const { items, nextCursor } = await queryPage(db, { ...eventsByDate('desc'), Limit: input.limit }, input.cursor);
  return { items: items.map(fromItem), nextCursor };
});

/** The most recently created events (dashboard): one Query of `limit` items. */
export const recent = fn(recentEventsInput, async (db, { limit }) => {
  return (await recentEventItems(db, limit)).map(fromItem);
});

export const pageInput = eventsPageInput;

/**
 * A page of events, newest created first (or by event date, either way), for lists that outgrow
 * one response: searched over title and venue and filtered by status on the server, so matches
 * come from the whole list.
 */
export const page = fn(eventsPageInput, async (db, input) => {
  const result = await searchEventItems(db, input);
  return { ...result, items: result.items.map(fromItem) };
});

/**
 * Saves an edit. A new title also goes onto the event's purchases (the transactions list shows
 * and searches it), in batches, before the save answers.
 */
export const update = fn(updateEventInput, async (db, input, actor) => {
  const { event, previousTitle } = await updateEventItem(db, input, (before, after) => {
    // The dashboard's status counts move with the status.
    const counts = statusCountDeltas([{ from: String(before.status), to: String(after.status) }]);
    return [
      ...(Object.keys(counts).length ? [statsIncrement(counts)] : []),
      auditPut({
        actor,
        action: 'update',
        entity: 'event',
        entityId: input.id,
        summary: `Edited ${String(after.title)}`,
        changes: diffFields(before, after, editable),
      }),
    ];
  });
  if (event.title !== previousTitle) await refreshEventTitle(db, event.id, event.title);
  return event;
});

/**
 * Adds page views, moving the event's conversion rank and the dashboard's conversion totals in
 * the same transaction with today's page views (total and the event's), conditional on the counts it
 * read (retried when a purchase raced it).
 */
export const addViews = fn(addPageViewsInput, (db, { id, count }) =>
  withRetry(async () => {
    const item = await getEventItem(db, id, true);
    if (!item) throw notFound('Event');
    const change = eventCountersUpdate(item, { completed: 0, salesCents: 0, views: count });
    try {
      const today = dailyFigures({ date: new Date(), eventId: id, pageViews: count });
      await transact(db, [change.update, statsIncrement(change.totals), ...today]);
    } catch (error) {
      if (failedConditions(error)?.length) return retry;
      throw error;
    }
    return fromItem(change.after);
  }),
);
