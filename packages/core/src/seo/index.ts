import { eventIdInput } from '../event/event.schema.ts';
import { requireEvent } from '../event/index.ts';
import { fn } from '../fn.ts';
import { fromItem, getSeoItem, upsertSeoItem } from './seo.repo.ts';
import { saveSeoInput } from './seo.schema.ts';

/** An event's SEO record, or null when it has none yet. */
export const get = fn(eventIdInput, async (db, { id }) => {
  const [, item] = await Promise.all([requireEvent(db, id), getSeoItem(db, id)]);
  return item ? fromItem(item) : null;
});

export const save = fn(saveSeoInput, async (db, input) => {
  await requireEvent(db, input.eventId);
  return upsertSeoItem(db, input);
});
