import type { Db } from '../db/client.ts';
import { keys } from '../db/keys.ts';
import { batchGet } from '../db/query.ts';
import { failedConditions, transact, type TransactItem } from '../db/write.ts';
import { addUpdate } from './add.ts';
import { dayKey, readEventsOnDays } from './days.ts';
import { firstDay } from './fold.ts';
import { addDays, zoneDay } from './figures.ts';

// Page views have no record of their own (an event keeps only their count), so a rebuild cannot
// recount them: once readers read the new generation and every writer writes its views there
// (counters/rebuild.job.ts), the old generation's views are copied into it, each day onto the
// same date. Each day's copy (a part of up to 90 events) is one TransactWriteItems with a mark on
// the old day (keys.dayViewsCopied), put only if absent, so a repeated step adds nothing twice.
// Views of an event deleted since are left out, as its delete took them off.

/** Days a step copies. */
const daysPerStep = 30;
const eventsPerPart = 90;

/** The first day to copy: the day before anything was counted (any zone lies within a day of another's). */
export const firstCopyDay = async (db: Db, zone: string) => addDays(await firstDay(db, zoneDay(new Date(), zone), zone), -1);

/**
 * Copies the views of up to `daysPerStep` days from `day` of generation `from` into `into`.
 * Returns the next day to copy, or null once past tomorrow (in the old zone).
 */
export async function copyViewsStep(db: Db, copy: { from: number; zone: string }, into: number, day: string) {
  const last = addDays(zoneDay(new Date(), copy.zone), 1);
  const days = Array.from({ length: daysPerStep }, (_, i) => addDays(day, i)).filter((d) => d <= last);
  const views = new Map<string, Map<string, number>>();
  await readEventsOnDays(
    db,
    days,
    (eventId, figures, on) => {
      if (figures.pageViews === 0) return;
      views.set(on, (views.get(on) ?? new Map<string, number>()).set(eventId, figures.pageViews));
    },
    copy.from,
  );
  const eventIds = [...new Set([...views.values()].flatMap((byEvent) => [...byEvent.keys()]))];
  const alive = new Set((await batchGet(db, eventIds.map(keys.event))).map((event) => String(event.id)));
  let changed = 0;
  for (const [on, byEvent] of views) {
    const events = [...byEvent].filter(([eventId]) => alive.has(eventId));
    for (let part = 0; part * eventsPerPart < events.length; part++) {
      const chunk = events.slice(part * eventsPerPart, (part + 1) * eventsPerPart);
      const total = chunk.reduce((sum, [, n]) => sum + n, 0);
      const set = (eventId?: string) => ({ set: { date: on, ...(eventId ? { eventId } : {}) } });
      const items: TransactItem[] = [
        { Put: { Item: keys.dayViewsCopied(on, copy.from, into, part), ConditionExpression: 'attribute_not_exists(pk)' } },
        addUpdate(dayKey(on, undefined, '', into), { pageViews: total }, set())!,
        ...chunk.map(([eventId, n]) => addUpdate(dayKey(on, eventId, '', into), { pageViews: n }, set(eventId))!),
      ];
      try {
        await transact(db, items);
        changed += chunk.length;
      } catch (error) {
        // copied before (a repeated step): its mark is there
        if (!failedConditions(error)?.includes(0)) throw error;
      }
    }
  }
  const next = addDays(day, daysPerStep);
  return { read: days.length, changed, next: next > last ? null : next };
}
