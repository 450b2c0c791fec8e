import { eventIdInput } from '../event/event.schema.ts';
import { page as eventPage, requireEvent } from '../event/index.ts';
import { fn } from '../fn.ts';
import { normalizeSearch } from '../shared.schema.ts';
import { fromItem, getSeoItem, getSeoItems, upsertSeoItem } from './seo.repo.ts';
import { saveSeoInput, seoPageInput } from './seo.schema.ts';

/** An event's SEO record, or null when it has none yet. */
export const get = fn(eventIdInput, async (db, { id }) => {
  const [, item] = await Promise.all([requireEvent(db, id), getSeoItem(db, id)]);
  return item ? fromItem(item) : null;
});

export const save = fn(saveSeoInput, async (db, input) => {
  await requireEvent(db, input.eventId);
  return upsertSeoItem(db, input);
});

/**
 * The SEO page: a page of events, newest created first, each with its SEO fields (one Query
 * plus one BatchGetItem). SPEC searches by event title: the events search also matches venues,
 * so those matches are dropped here; the cursor still continues where the events page stopped.
 */
export const page = fn(seoPageInput, async (db, input) => {
  const events = await eventPage(db, input);
  const term = normalizeSearch(input.q);
  const matching = term ? events.items.filter((event) => event.title.toLowerCase().includes(term)) : events.items;
  const seoByEvent = new Map((await getSeoItems(db, matching.map((event) => event.id))).map(fromItem).map((seo) => [seo.eventId, seo]));
  const items = matching.map(({ id, title, date, status }) => {
    const seo = seoByEvent.get(id);
    return { id, title, date, status, seo: seo ? { title: seo.title, description: seo.description, keywords: seo.keywords } : null };
  });
  return { ...events, items };
});
