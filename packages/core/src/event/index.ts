import type { Db } from '../db/client.ts';
import { notFound } from '../error.ts';
import { fn } from '../fn.ts';
import { getSeoItems, fromItem as seoFromItem } from '../seo/seo.repo.ts';
import type { SeoInfo } from '../seo/seo.schema.ts';
import { refreshEventTitle } from '../transaction/transaction.repo.ts';
import { addPageViews, fromItem, getEventItem, insertEvent, listEventItems, pageEventItems, searchEventItems, updateEventItem } from './event.repo.ts';
import {
  addPageViewsInput,
  createEventInput,
  eventIdInput,
  eventsPageInput,
  recentEventsInput,
  updateEventInput,
  type EventInfo,
} from './event.schema.ts';

export const create = fn(createEventInput, (db, input) => insertEvent(db, input));

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

const byDateDescending = (a: EventInfo, b: EventInfo) => b.date.localeCompare(a.date) || a.id.localeCompare(b.id);

/** Every event, latest date first. */
export async function list(db: Db) {
  return (await listEventItems(db)).map(fromItem).sort(byDateDescending);
}

/** The most recently created events (dashboard): one Query of `limit` items. */
export const recent = fn(recentEventsInput, async (db, { limit }) => {
  const { items } = await pageEventItems(db, limit);
  return items.map(fromItem);
});

export const pageInput = eventsPageInput;

/**
 * A page of events, newest created first, for lists that outgrow one response: searched over
 * title and venue and filtered by status on the server, so matches come from the whole list.
 */
export const page = fn(eventsPageInput, async (db, input) => {
  const result = await searchEventItems(db, input);
  return { ...result, items: result.items.map(fromItem) };
});

/**
 * Saves an edit. A new title also goes onto the event's purchases (the transactions list shows
 * and searches it), in batches, before the save answers.
 */
export const update = fn(updateEventInput, async (db, input) => {
  const { event, previousTitle } = await updateEventItem(db, input);
  if (event.title !== previousTitle) await refreshEventTitle(db, event.id, event.title);
  return event;
});

export const addViews = fn(addPageViewsInput, (db, { id, count }) => addPageViews(db, id, count));

export interface EventWithDetails {
  id: string;
  title: string;
  date: string;
  status: EventInfo['status'];
  seo: Pick<SeoInfo, 'title' | 'description' | 'keywords'> | null;
}

/** Every event with its SEO fields (SEO page): one Query plus BatchGetItem. */
export async function listWithDetails(db: Db): Promise<EventWithDetails[]> {
  const events = await list(db);
  const seoByEvent = new Map((await getSeoItems(db, events.map((e) => e.id))).map((item) => {
    const seo = seoFromItem(item);
    return [seo.eventId, seo];
  }));
  return events.map(({ id, title, date, status }) => {
    const seo = seoByEvent.get(id);
    return {
      id,
      title,
      date,
      status,
      seo: seo ? { title: seo.title, description: seo.description, keywords: seo.keywords } : null,
    };
  });
}
