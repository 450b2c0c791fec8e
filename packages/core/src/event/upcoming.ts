import type { Db } from '../db/client.ts';
import { keys } from '../db/keys.ts';
import { queryPages } from '../db/query.ts';
import { isPastEvent } from './event.rules.ts';

/**
 * How far before now an event can start and still be upcoming: its day, read on its own clock,
 * lasts at most 25 hours, so one that started earlier than this has a day that is over everywhere.
 */
const longestDayMs = 26 * 3_600_000;

/**
 * The soonest events not yet past on their own clock (dashboard Upcoming Events), soonest first:
 * the sparse gsi4 (draft and active events only, by start) read from a day and a bit before now,
 * a small page at a time, the few whose day is already over where they happen skipped.
 */
export async function upcomingOnOwnClock(db: Db, businessZone: string, limit: number, now = new Date()) {
  const found: Record<string, unknown>[] = [];
  const pages = queryPages(
    db,
    {
      IndexName: 'gsi4',
      KeyConditionExpression: 'gsi4pk = :pk AND gsi4sk >= :from',
      ExpressionAttributeValues: {
        ':pk': keys.upcomingEvents('', '').gsi4pk,
        ':from': new Date(now.getTime() - longestDayMs).toISOString(),
      },
    },
    limit * 2,
  );
  for await (const items of pages) {
    for (const item of items) {
      if (!isPastEvent({ date: String(item.date), timeZone: item.timeZone }, businessZone, now)) found.push(item);
      if (found.length === limit) return found;
    }
  }
  return found;
}
