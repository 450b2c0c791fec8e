import type { Db } from '../db/client.ts';
import { getSettingsItem } from '../settings/settings.repo.ts';
import { defaultTimeZone } from '../time/zone.ts';

// The zone day figures are keyed in (issue 32): every write that moves a day figure needs it, so
// it is read once per `zoneCacheMs` per table and process rather than once per write. A change
// made through this process (npm start: the only one) forgets it at once; another process (a
// second Lambda instance) sees it within `zoneCacheMs`. A write keyed in the old zone meanwhile is
// still counted exactly once, on the day that zone gives it; docs/operations.md says what a change
// of zone does to the figures already counted.

/** How long a process keeps the zone it read. */
export const zoneCacheMs = 5_000;

const cached = new Map<string, { zone: string; at: number }>();

/** The business's zone for keying days: the settings item, read at most once per `zoneCacheMs`. */
export async function dayZone(db: Db, now = Date.now()): Promise<string> {
  const found = cached.get(db.tableName);
  if (found && now - found.at < zoneCacheMs) return found.zone;
  // consistent: the read after a save in this process sees it (1 RCU every 5 s at most)
  const zone = ((await getSettingsItem(db, true))?.timeZone as string | undefined) ?? defaultTimeZone;
  cached.set(db.tableName, { zone, at: now });
  return zone;
}

/** Forgets the zone read for a table: after a change of the settings in this process. */
export const forgetDayZone = (db: Db) => void cached.delete(db.tableName);
