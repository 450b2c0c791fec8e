import { eventPartReader, requireEvent } from '../event/index.ts';
import { fn } from '../fn.ts';
import { fromItem, getCtaItem, upsertCtaItem } from './cta.repo.ts';
import { saveCtaInput } from './cta.schema.ts';

/** An event's call to action, or null when it has none yet. */
export const get = eventPartReader(getCtaItem, fromItem);

export const save = fn(saveCtaInput, async (db, input, actor) => {
  await requireEvent(db, input.eventId);
  return upsertCtaItem(db, input, actor);
});
