import { fromItem as eventFromItem, searchEventItems } from '../event/event.repo.ts';
import type { EventInfo } from '../event/event.schema.ts';
import { eventPartReader, listPage as listEventsPage, listPages as listEventPages, requireEvent } from '../event/index.ts';
import { listPageInput } from '../shared.schema.ts';
import type { Db } from '../db/client.ts';
import { fn } from '../fn.ts';
import { fromItem, getSeoItem, getSeoItems, seoSummary, upsertSeoItem } from './seo.repo.ts';
import { saveSeoInput, seoPageInput, type EventWithDetails } from './seo.schema.ts';

/** An event's SEO record, or null when it has none yet. */
export const get = eventPartReader(getSeoItem, fromItem);

export const save = fn(saveSeoInput, async (db, input, actor) => {
  await requireEvent(db, input.eventId);
  return upsertSeoItem(db, input, actor);
});

export type { EventWithDetails } from './seo.schema.ts';

/**
 * Events with their SEO fields, fetched for all of them with one BatchGetItem; `archived`: with
 * `archivedAt` (the whole list; the SEO page lists no archived event).
 */
async function withSeo(db: Db, events: EventInfo[], archived = false): Promise<EventWithDetails[]> {
  const seoByEvent = new Map(
    (
      await getSeoItems(
        db,
        events.map((e) => e.id),
      )
    ).map((item) => [String(item.eventId), seoSummary(item)]),
  );
  return events.map(({ id, title, date, status, archivedAt }) => ({
    id,
    title,
    date,
    status,
    ...(archived ? { archivedAt } : {}),
    seo: seoByEvent.get(id) ?? null,
  }));
}

/** The same list a page of 100 events at a time, each with one BatchGetItem (GET /api/events-with-details streams it). */
export async function* listWithDetailsPages(db: Db) {
  for await (const events of listEventPages(db, 100)) yield await withSeo(db, events, true);
}

/** At most `limit` events with their SEO fields, latest date first, from a cursor (GET /api/events-with-details?limit=N&cursor=C). */
export const listWithDetailsPage = fn(listPageInput, async (db, input) => {
  const { items, nextCursor } = await listEventsPage(db, input);
  return { items: await withSeo(db, items, true), nextCursor };
});

/**
 * A page of events with their SEO fields, newest created first, searched by title over the whole
 * list on the server (the SEO page at any size): one Query page plus one BatchGetItem.
 */
export const page = fn(seoPageInput, async (db, input) => {
  const result = await searchEventItems(db, { ...input, titleOnly: true });
  return { ...result, items: await withSeo(db, result.items.map(eventFromItem)) };
});
