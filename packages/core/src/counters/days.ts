import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from '../db/client.ts';
import { keys } from '../db/keys.ts';
import { batchGet, queryAll } from '../db/query.ts';
import { fallback, forEachLimited, type TransactItem } from '../db/write.ts';
import { addUpdate, only } from './add.ts';
import { dayState, type DayGen } from './day-zone.ts';
import { dayFigures, eventDayFigures, sumFigures, zoneDay, type DayFigure, type Figures } from './figures.ts';
import { shardKeys } from './shards.ts';

// A day's figures live in two places. While the day is current they are ADDed to shards
// (DAY#date#s), so an on-sale's writers never wait on each other. Once it is over, the fold
// (counters/fold.ts) adds each shard into the day's folded item (DAY#date, no shard), names the
// shard in that item's `absorbed` set in the same transaction, and marks the shard `folded`; a
// change of a past day (a purchase recorded with an earlier date, a purchase completed later, a
// deleted customer or event) ADDs to the folded item directly. The day's figures are always its
// folded item plus its shards that item has not absorbed: exactly once each, in whatever order a
// reader sees them. Days before the fold mark (keys.dayFold) have no such shard left: a report
// reads one item for each.

/** A change's moves of day figures: the day's total and, with an event, that event's day. */
export interface DayMove {
  /** an instant or a yyyy-mm-dd day, counted on its day in the business's zone */
  date: string | Date;
  eventId?: string;
  add: Partial<Figures<DayFigure>>;
}

/** A day item's key in a generation: the folded one without a shard. */
export const dayKey = (day: string, eventId: string | undefined, shard = '', gen = 0) =>
  eventId ? keys.dayEvent(day, eventId, shard, gen) : keys.dayTotal(day, shard, gen);

/** The one shard condition: a shard the fold has taken refuses later ADDs (they go to the folded item instead). */
const notFolded = 'attribute_not_exists(folded)';

/**
 * The writes of one day move in one generation (its days keyed in its zone), on `shard` (drawn
 * once for the whole change): the day's total and its event's day. A day before today goes to its
 * folded items; today (or later) to the shard, whose ADD, refused once the fold took the shard,
 * falls back to the folded items (db/write.ts: the whole group, so both land in one place).
 */
export function dayWrites(move: DayMove, shard: string, now: Date, { gen, zone }: DayGen): TransactItem[] {
  const day = zoneDay(move.date, zone);
  const today = zoneDay(now, zone);
  const targets = [
    { eventId: undefined, add: move.add },
    ...(move.eventId ? [{ eventId: move.eventId, add: only(eventDayFigures, move.add) }] : []),
  ];
  const folded = targets.map((t) =>
    addUpdate(dayKey(day, t.eventId, '', gen), t.add, { set: { date: day, ...(t.eventId ? { eventId: t.eventId } : {}) } }),
  );
  if (day < today) return folded.filter((item): item is TransactItem => item !== null);
  return targets.flatMap((t, i) => {
    const item = addUpdate(
      dayKey(day, t.eventId, shard, gen),
      { ...t.add, ops: 1 },
      { set: { date: day, ...(t.eventId ? { eventId: t.eventId } : {}) }, condition: notFolded },
    );
    return item && folded[i] ? [{ ...item, [fallback]: { group: `${gen}#${day}${shard}`, item: folded[i] } }] : [];
  });
}

/** The first day not yet folded (undefined: nothing was ever folded). */
export async function foldedBefore(db: Db, consistent = false, gen = 0): Promise<string | undefined> {
  const found = await db.doc.send(new GetCommand({ TableName: db.tableName, Key: keys.dayFold(gen), ConsistentRead: consistent }));
  return found.Item?.foldedBefore as string | undefined;
}

/** The shard a shard item is on ('DAY#2026-03-01#7' -> '#7', 'DAY#g2#2026-03-01#7' -> '#7'). */
const shardOfItem = (item: Record<string, unknown>, gen: number) =>
  String(item.pk).slice(keys.dayTotal(String(item.date), '', gen).pk.length);

/** One day item's figures: its folded item plus the shards that item has not absorbed. */
function combine(folded: Record<string, unknown> | undefined, shards: readonly Record<string, unknown>[], gen: number) {
  const absorbed = (folded?.absorbed as Set<string> | undefined) ?? new Set<string>();
  return sumFigures(dayFigures, [...(folded ? [folded] : []), ...shards.filter((s) => !absorbed.has(shardOfItem(s, gen)))]);
}

/** Many keys in BatchGetItem calls of 100, eight at a time (a year's report: its 8 calls at once, not in turn). */
async function readAll(db: Db, keyList: { pk: string; sk: string }[], consistent?: boolean) {
  const chunks = Array.from({ length: Math.ceil(keyList.length / 100) }, (_, i) => keyList.slice(i * 100, i * 100 + 100));
  const found: Record<string, unknown>[][] = [];
  await forEachLimited(chunks, 8, async (chunk, i) => void (found[i] = await batchGet(db, chunk, { consistent })));
  return found.flat();
}

/**
 * The figures of a list of days, the whole business's or one event's: the fold mark, each day's
 * folded item and today's shards (never folded yet) in one round of BatchGetItem calls; then the
 * shards of any other day the mark shows is not folded (yesterday, in the minutes after midnight
 * before its fold; every day on a table never folded). Days without activity have no entry.
 */
export async function readDays(
  db: Db,
  days: readonly string[],
  eventId?: string,
  options: { consistent?: boolean; now?: Date; days?: DayGen } = {},
) {
  const { gen, zone } = options.days ?? (await dayState(db));
  const today = zoneDay(options.now ?? new Date(), zone);
  const shardsOf = (list: readonly string[]) => list.flatMap((day) => shardKeys((s) => dayKey(day, eventId, s, gen)));
  const mark = keys.dayFold(gen);
  const first = await readAll(
    db,
    [mark, ...days.map((day) => dayKey(day, eventId, '', gen)), ...shardsOf(days.filter((day) => day === today))],
    options.consistent,
  );
  const isShard = (item: Record<string, unknown>) => String(item.pk) !== dayKey(String(item.date), eventId, '', gen).pk;
  const before = first.find((item) => item.pk === mark.pk)?.foldedBefore as string | undefined;
  const found = first.filter((item) => item.pk !== mark.pk);
  const folded = new Map(found.filter((item) => !isShard(item)).map((item) => [String(item.date), item]));
  const open = days.filter((day) => day !== today && (before === undefined || day >= before));
  const shards = [...found.filter(isShard), ...(open.length ? await readAll(db, shardsOf(open), options.consistent) : [])];
  const byDay = groupBy(shards, (item) => String(item.date));
  const result = new Map<string, Figures<DayFigure>>();
  for (const day of days) {
    if (folded.has(day) || byDay.has(day)) result.set(day, combine(folded.get(day), byDay.get(day) ?? [], gen));
  }
  return result;
}

/** One partition's day items of events. */
const eventItemsOf = (db: Db, pk: string) =>
  queryAll(db, {
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': pk, ':prefix': keys.dayEventPrefix },
  });

/**
 * Each event's figures over some days (the Reports screen's table): one Query of each day's
 * folded partition, and of its shards' while it is not folded; so the cost is the days times the
 * events that had activity on them, whatever the history holds.
 */
export async function readEventsOnDays(
  db: Db,
  days: readonly string[],
  forEach: (eventId: string, figures: Figures<DayFigure>, day: string) => void,
  gen = 0,
) {
  const before = await foldedBefore(db, false, gen);
  await forEachLimited(days, 8, async (day) => {
    const open = before === undefined || day >= before;
    const parts = await Promise.all(
      [keys.dayTotal(day, '', gen), ...(open ? shardKeys((s) => keys.dayTotal(day, s, gen)) : [])].map((key) => eventItemsOf(db, key.pk)),
    );
    const [folded = [], ...shards] = parts;
    const foldedOf = new Map(folded.map((item) => [String(item.eventId), item]));
    const shardsOf = groupBy(shards.flat(), (item) => String(item.eventId));
    for (const eventId of new Set([...foldedOf.keys(), ...shardsOf.keys()])) {
      forEach(eventId, combine(foldedOf.get(eventId), shardsOf.get(eventId) ?? [], gen), day);
    }
  });
}

/** Every item of one day in one partition, read consistently (the fold). */
export const dayPartition = (db: Db, day: string, shard: string, gen = 0) =>
  queryAll(db, {
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.dayTotal(day, shard, gen).pk },
    ConsistentRead: true,
  });

/** Items grouped by a key of theirs. */
export function groupBy<T>(items: readonly T[], keyOf: (item: T) => string) {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(keyOf(item), [...(groups.get(keyOf(item)) ?? []), item]);
  return groups;
}
