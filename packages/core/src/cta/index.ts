import { eventIdInput } from '../event/event.schema.ts';
import { requireEvent } from '../event/index.ts';
import { fn } from '../fn.ts';
import { fromItem, getCtaItem, upsertCtaItem } from './cta.repo.ts';
import { saveCtaInput } from './cta.schema.ts';

/** An event's call to action, or null when it has none yet. */
export const get = fn(eventIdInput, async (db, { id }) => {
  const [, item] = await Promise.all([requireEvent(db, id), getCtaItem(db, id)]);
  return item ? fromItem(item) : null;
});

export const save = fn(saveCtaInput, async (db, input, actor) => {
  await requireEvent(db, input.eventId);
  return upsertCtaItem(db, input, actor);
});
