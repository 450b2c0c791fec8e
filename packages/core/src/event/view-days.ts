import type { DayGen } from '../counters/day-zone.ts';
import { counterWrites } from '../counters/moves.ts';
import { addDays, dayFigures, sumFigures, utcDay } from '../counters/figures.ts';
import { shardKeys } from '../counters/shards.ts';
import type { Db } from '../db/client.ts';
import { keys } from '../db/keys.ts';
import { batchGet } from '../db/query.ts';
import type { TransactItem } from '../db/write.ts';

// The day items an event's page views moved, for its delete (event-delete.ts): on each day, its
// folded item and its shards (counters/days.ts), all of which go, and their views, which come
// off that day's total.

/** One day's page views of the event: its day items (with what each holds) and their views, counted once. */
export interface ViewDay {
  day: string;
  items: { key: { pk: string; sk: string }; pageViews: number | undefined }[];
  /** the folded item's key when there is none: a fold landing meanwhile makes the delete read again */
  absentFolded?: { pk: string; sk: string };
  views: number;
}

/** The days' items of the event, read consistently: its folded item and every shard. */
async function readViewDays(db: Db, eventId: string, days: readonly string[], gen: number): Promise<ViewDay[]> {
  const found = await batchGet(
    db,
    days.flatMap((day) => [keys.dayEvent(day, eventId, '', gen), ...shardKeys((s) => keys.dayEvent(day, eventId, s, gen))]),
    { consistent: true },
  );
  return days.flatMap((day) => {
    const folded = keys.dayEvent(day, eventId, '', gen);
    const mine = found.filter((item) => item.date === day);
    if (mine.length === 0) return [];
    const foldedItem = mine.find((item) => item.pk === folded.pk);
    const absorbed = (foldedItem?.absorbed as Set<string> | undefined) ?? new Set<string>();
    const counted = mine.filter((item) => item === foldedItem || !absorbed.has(String(item.pk).slice(folded.pk.length)));
    return [
      {
        day,
        items: mine.map((item) => ({ key: { pk: String(item.pk), sk: String(item.sk) }, pageViews: item.pageViews as number | undefined })),
        ...(foldedItem ? {} : { absentFolded: folded }),
        views: sumFigures(dayFigures, counted).pageViews,
      },
    ];
  });
}

/**
 * The days the event's page views moved. Its counter shards name them (`viewDays`); views counted
 * before the shards named their days are looked for day by day, from the event's creation to today.
 */
export async function viewDaysOf(
  db: Db,
  eventId: string,
  shards: Record<string, unknown>[],
  totalViews: number,
  createdAt: string,
  { gen }: DayGen,
) {
  const named = new Set(shards.flatMap((shard) => [...((shard.viewDays as Set<string> | undefined) ?? [])]));
  let found = await readViewDays(db, eventId, [...named], gen);
  if (found.reduce((sum, day) => sum + day.views, 0) < totalViews) {
    // any zone's days: from the UTC day before creation to the one after today (zones lie within a day of UTC)
    const today = addDays(utcDay(new Date()), 1);
    const days: string[] = [];
    for (let day = addDays(utcDay(createdAt), -1); day <= today && days.length < 3660; day = addDays(day, 1))
      if (!named.has(day)) days.push(day);
    found = [...found, ...(await readViewDays(db, eventId, days, gen))];
  }
  return found;
}

/** A day's event items deleted (each conditional on the views it held) and their views taken off the day's total, in generation `gen`. */
export const viewDayMoves = (day: ViewDay, gen: DayGen): TransactItem[] => [
  ...day.items.map(({ key, pageViews }): TransactItem => ({
    Delete:
      pageViews === undefined
        ? { Key: key, ConditionExpression: 'attribute_not_exists(pageViews)' }
        : { Key: key, ConditionExpression: 'pageViews = :views', ExpressionAttributeValues: { ':views': pageViews } },
  })),
  ...(day.absentFolded ? [{ ConditionCheck: { Key: day.absentFolded, ConditionExpression: 'attribute_not_exists(pk)' } }] : []),
  ...counterWrites({ days: [{ date: day.day, add: { pageViews: -day.views } }], gens: [gen] }),
];
