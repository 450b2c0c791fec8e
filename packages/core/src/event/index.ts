import { randomUUID } from 'node:crypto';
import { announce, webhookOutbox } from '../webhook/outbox.ts';
import { currentEndpoints } from '../webhook/webhook.repo.ts';
import type { Db } from '../db/client.ts';
import { queryAll, queryPage, queryPages } from '../db/query.ts';
import { failedConditions, retry, transact, withRetry } from '../db/write.ts';
import { eventCountersMoved, readEventCounts } from './counters.ts';
import { notFound } from '../error.ts';
import { fn } from '../fn.ts';
import { counterWrites, eventCounterPuts } from '../counters/moves.ts';
import { currentGen, dayState } from '../counters/day-zone.ts';
import { zoneDay } from '../counters/figures.ts';
import { statusCountDeltas } from '../stats/stats.repo.ts';
import { listPageInput } from '../shared.schema.ts';
import { auditPut } from '../audit/audit.repo.ts';
import { diffFields } from '../audit/audit.rules.ts';
import { capacityWrites } from '../ticket-type/capacity.ts';
import { renameEventJob } from './rename.job.ts';
import { setArchived } from './event-lifecycle.ts';
import { deleteEvent } from './event-delete.ts';
import {
  editable,
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
  eventVersionInput,
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
    ...eventCounterPuts(item.id),
    ...counterWrites({ totals: { eventCount: 1, ...statusCountDeltas([{ to: item.status }]) } }),
    auditPut({ ...record, changes: diffFields(undefined, item, editable) }),
    ...(await webhookOutbox(db, 'event.created', fromItem(item))),
  ]);
  return fromItem(item);
});

/**
 * One event, with its counters exact: the item and its counter shards in one BatchGetItem. When
 * the item's copy of them is behind (a refresh still to come), one is set off, not awaited.
 */
export const get = fn(eventIdInput, async (db, { id }) => {
  const { item, counts, ops } = await readEventCounts(db, id);
  if (!item) throw notFound('Event');
  if (Number(item.countedOps) < ops) void eventCountersMoved(db, id);
  return fromItem({ ...item, ...counts });
});

/** Throws the 404 that every per-event call gives for an unknown id. */
export async function requireEvent(db: Db, id: string) {
  const item = await getEventItem(db, id);
  if (!item) throw notFound('Event');
  return item;
}

/** The read of a part an event has at most one of (its SEO, its CTA): null while it has none, 404 without the event. */
export const eventPartReader = <T>(
  read: (db: Db, id: string) => Promise<Record<string, unknown> | undefined>,
  from: (item: Record<string, unknown>) => T,
) =>
  fn(eventIdInput, async (db, { id }) => {
    const [, item] = await Promise.all([requireEvent(db, id), read(db, id)]);
    return item ? from(item) : null;
  });

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
 * and searches it): the save queues a rename job in the same transaction and answers; a
 * background worker (core/jobs/) renames the purchases afterwards, resuming if cut off.
 */
export const update = fn(updateEventInput, async (db, input, actor) => {
  const endpoints = await currentEndpoints(db);
  const { event } = await updateEventItem(db, input, async (before, after, now) => {
    // The dashboard's status counts move with the status.
    const counts = statusCountDeltas([{ from: String(before.status), to: String(after.status) }]);
    const renamed = String(after.title) !== String(before.title);
    // A capacity moves the event's pool in the same transaction: below what is sold and held, a 409 before anything is written.
    const capacity = input.capacity === undefined ? [] : (await capacityWrites(db, input.id, input.capacity, now)).items;
    return [
      ...announce(endpoints, 'event.updated', fromItem(after)),
      ...counterWrites({ totals: counts }),
      ...(renamed ? [renameEventJob.queue(input.id, { name: String(after.title) }, new Date())] : []),
      auditPut({
        actor,
        action: 'update',
        entity: 'event',
        entityId: input.id,
        summary: `Edited ${String(after.title)}`,
        changes: diffFields(before, after, editable),
      }),
      ...capacity,
    ];
  });
  return event;
});

/**
 * Adds page views: an ADD on one of the event's counter shards and today's page views (total
 * and the event's) in one transaction, then the event's copy (its conversion rank, the
 * dashboard's conversion totals) is refreshed.
 */
export const addViews = fn(addPageViewsInput, async (db, { id, count }) => {
  await withRetry(async () => {
    const item = await getEventItem(db, id, true);
    if (!item) throw notFound('Event');
    const now = new Date();
    const gen = currentGen(await dayState(db)); // views: the generation readers read only (counters/rebuild.job.ts)
    try {
      await transact(
        db,
        counterWrites(
          {
            event: { id, add: { pageViews: count }, viewDay: zoneDay(now, gen.zone) },
            days: [{ date: now, eventId: id, add: { pageViews: count } }],
            gens: [gen],
          },
          now,
        ),
      );
    } catch (error) {
      // a delete of the event holds its counters: read again (gone, it is a 404)
      if (failedConditions(error)?.length) return retry;
      throw error;
    }
    return true;
  });
  await eventCountersMoved(db, id);
  return get(db, { id });
});

/**
 * Archives an event: it leaves the screens' lists, the dashboard's panels, the SEO page and the
 * pickers, and keeps its figures in the totals, the reports and the exports (SPEC's whole lists
 * keep it too, with `archivedAt`). An archived event is answered as it is.
 */
export const archive = fn(eventVersionInput, (db, input, actor) => setArchived(db, input, true, actor));

/** Brings an archived event back onto the lists and panels. */
export const unarchive = fn(eventVersionInput, (db, input, actor) => setArchived(db, input, false, actor));

/**
 * Deletes an event no transaction names (one that has any is refused: archive it instead), with
 * its SEO, CTA, blocks, counters and page views, taking it off every figure it moved.
 */
export const remove = fn(eventVersionInput, (db, input, actor) => deleteEvent(db, input, actor));
