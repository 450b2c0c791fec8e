import { forgetDayZone } from '../counters/day-zone.ts';
import type { Db } from '../db/client.ts';
import { fn } from '../fn.ts';
import { fromItem, getSettingsItem, putSettingsItem } from './settings.repo.ts';
import { saveAppSettingsInput } from './settings.schema.ts';

export async function get(db: Db) {
  return fromItem(await getSettingsItem(db));
}

export const save = fn(saveAppSettingsInput, async (db, input, actor) => {
  const saved = await putSettingsItem(db, input, actor);
  forgetDayZone(db); // the next write in this process keys its days in the zone just saved
  return saved;
});

/** The business's time zone (one GetItem): the zone its days, "today" and shown dates are counted in. */
export async function businessTimeZone(db: Db) {
  return fromItem(await getSettingsItem(db)).timeZone;
}
