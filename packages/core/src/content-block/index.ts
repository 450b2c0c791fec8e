import { eventIdInput } from '../event/event.schema.ts';
import { requireEvent } from '../event/index.ts';
import { fn } from '../fn.ts';
import { fromItem, getBlocksItem, replaceBlocksItem } from './content-block.repo.ts';
import { saveContentBlocksInput } from './content-block.schema.ts';

/** An event's ordered blocks ([] when none) with the list's version. */
export const get = fn(eventIdInput, async (db, { id }) => {
  const [, item] = await Promise.all([requireEvent(db, id), getBlocksItem(db, id)]);
  return fromItem(item, id);
});

export const save = fn(saveContentBlocksInput, async (db, input, actor) => {
  await requireEvent(db, input.eventId);
  return replaceBlocksItem(db, input, actor);
});
