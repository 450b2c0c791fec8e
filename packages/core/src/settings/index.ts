import { dayStatePut, forgetDayZone, readDayState } from '../counters/day-zone.ts';
import { rebuildDaysJob, rebuildDaysTarget } from '../counters/rebuild.job.ts';
import type { Db } from '../db/client.ts';
import { fn } from '../fn.ts';
import { fromItem, getSettingsItem, putSettingsItem } from './settings.repo.ts';
import { saveAppSettingsInput } from './settings.schema.ts';

export async function get(db: Db) {
  return fromItem(await getSettingsItem(db));
}

/**
 * Saves the settings. A new time zone answers at once: in the same transaction it starts the next
 * generation of day figures in that zone and queues their rebuild (counters/rebuild.job.ts), so
 * the reports keep the old figures, saying they are rebuilding, until the new ones are complete.
 */
export const save = fn(saveAppSettingsInput, async (db, input, actor) => {
  const now = new Date();
  const saved = await putSettingsItem(db, input, actor, now, async () => {
    const state = await readDayState(db);
    if (input.timeZone === undefined || input.timeZone === (state.next?.zone ?? state.zone)) return [];
    const next = { gen: Math.max(state.gen, state.next?.gen ?? 0) + 1, zone: input.timeZone, since: now.toISOString() };
    return [dayStatePut(state, { ...state, next }), rebuildDaysJob.queue(rebuildDaysTarget, { gen: next.gen }, now)];
  });
  forgetDayZone(db); // the next write in this process knows the day state just saved
  return saved;
});

/** The business's time zone (one GetItem): the zone its days, "today" and shown dates are counted in. */
export async function businessTimeZone(db: Db) {
  return fromItem(await getSettingsItem(db)).timeZone;
}
