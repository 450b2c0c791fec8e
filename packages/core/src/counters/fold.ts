import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from '../db/client.ts';
import { keys, orderedValue } from '../db/keys.ts';
import { batchGet, firstOfPartition } from '../db/query.ts';
import { shardSuffixes } from '../db/shards.ts';
import { failedConditions, transact, updateIf, type TransactItem } from '../db/write.ts';
import type { Sweep } from '../jobs/registry.ts';
import { addUpdate } from './add.ts';
import { dayPartition, groupBy } from './days.ts';
import { dayState } from './day-zone.ts';
import { addDays, dayFigures, sumFigures, zoneDay } from './figures.ts';

// The fold (counters/days.ts says why): once a day is over, each of its shard items is added
// into the day's folded item, which records the shard in `absorbed`, and the shard is marked
// `folded`, all in one transaction conditional on the shard's write count (`ops`) as read; the
// day's total goes last, and seals its 16 total shards, so any later ADD on a shard of that day
// is refused and lands on the folded item instead. Then the fold mark moves past the day. Safe to
// repeat and to run twice at once: a shard is taken once, and a loser reads again.

/** How long after midnight (the business's) a day is folded: longer than any write that began before midnight takes. */
export const foldGraceMs = 15 * 60_000;

/** The shard items of one sort key of a day, folded in one transaction with the key's folded item. */
function foldGroup(
  gen: number,
  day: string,
  sk: string,
  shards: readonly Record<string, unknown>[],
  seal: readonly string[] = [],
): TransactItem[] {
  const eventId = shards[0]?.eventId as string | undefined;
  const folded = { pk: keys.dayTotal(day, '', gen).pk, sk };
  const into = addUpdate(
    folded,
    { ...sumFigures(dayFigures, shards), absorbed: new Set(shards.map((item) => String(item.pk).slice(folded.pk.length))) },
    { set: { date: day, ...(eventId ? { eventId } : {}) } },
  );
  const taken = shards.map((item): TransactItem => ({
    Update: {
      Key: { pk: item.pk, sk: item.sk },
      UpdateExpression: 'SET folded = :yes',
      ConditionExpression: `${item.ops === undefined ? 'attribute_not_exists(ops)' : 'ops = :ops'} AND attribute_not_exists(folded)`,
      ExpressionAttributeValues: { ':yes': true, ...(item.ops === undefined ? {} : { ':ops': item.ops }) },
    },
  }));
  const sealed = seal.map((shard): TransactItem => ({
    Put: { Item: { ...keys.dayTotal(day, shard, gen), date: day, folded: true }, ConditionExpression: 'attribute_not_exists(pk)' },
  }));
  return [...(into ? [into] : []), ...taken, ...sealed];
}

/**
 * Folds one day: false when a write landed meanwhile (read again). `thorough`: look in every
 * shard partition, not only those that hold a total (a table from before: its writes did not
 * always put a day's total and event items on the same shard).
 */
async function foldDayOnce(db: Db, gen: number, day: string, options: { thorough: boolean; seal: boolean }) {
  const totals = await batchGet(
    db,
    shardSuffixes.map((s) => keys.dayTotal(day, s, gen)),
    { consistent: true },
  );
  if (totals.some((item) => item.folded)) return true; // folded before (the mark was not moved on yet)
  const withTotals = new Set(totals.map((item) => String(item.pk).slice(keys.dayTotal(day, '', gen).pk.length)));
  const partitions = options.thorough ? shardSuffixes : shardSuffixes.filter((s) => withTotals.has(s));
  const items = (await Promise.all(partitions.map((s) => dayPartition(db, day, s, gen)))).flat().filter((item) => !item.folded);
  const bySk = groupBy(items, (item) => String(item.sk));
  const totalShards = bySk.get(keys.dayTotal(day).sk) ?? [];
  bySk.delete(keys.dayTotal(day).sk);
  if (totalShards.length === 0 && bySk.size === 0 && !options.seal) return true;
  try {
    // events first, a few to a transaction (17 items at most each); the total, which seals the day, last
    let batch: TransactItem[] = [];
    for (const [sk, shards] of bySk) {
      const group = foldGroup(gen, day, sk, shards);
      if (batch.length + group.length > 99) {
        await transact(db, batch);
        batch = [];
      }
      batch.push(...group);
    }
    if (batch.length) await transact(db, batch);
    const missing = options.seal ? shardSuffixes.filter((s) => !withTotals.has(s)) : [];
    const total = foldGroup(gen, day, keys.dayTotal(day).sk, totalShards, missing);
    if (total.length) await transact(db, total);
    return true;
  } catch (error) {
    if (failedConditions(error)?.length) return false;
    throw error;
  }
}

/** The earliest day anything can have been counted on: the oldest transaction, customer or event (or `until`). */
export async function firstDay(db: Db, until: string, zone: string) {
  const oldest = async (pk: string) => {
    const value = (await firstOfPartition(db, 'gsi1', pk))?.gsi1sk;
    return value === undefined ? until : zoneDay(orderedValue(value), zone);
  };
  const partitions = [
    ...keys.transactionsPartitions(),
    keys.customersByCreated('', '').gsi1pk,
    keys.eventsByCreated('', '').gsi1pk,
    keys.archivedEventsByCreated('', '').gsi1pk,
  ];
  return (await Promise.all(partitions.map(oldest))).reduce((a, b) => (b < a ? b : a), until);
}

/** Moves the fold mark on to `day` (never back). */
export const markFolded = (db: Db, day: string, gen = 0) =>
  updateIf(db, {
    Key: keys.dayFold(gen),
    UpdateExpression: 'SET foldedBefore = :day',
    ConditionExpression: 'attribute_not_exists(foldedBefore) OR foldedBefore < :day',
    ExpressionAttributeValues: { ':day': day },
  });

/**
 * Folds every day that is over (by `foldGraceMs`, in the business's zone) and not folded yet,
 * oldest first, until `outOfTime`. The first run on a table starts from the earliest day anything
 * was counted on. A change of zone moves "over" by some hours either way: a day the fold has
 * sealed refuses a writer's shard ADD (one still on the old zone, or a day ahead of the fold), which
 * lands on the folded item instead, so nothing is lost or counted twice.
 */
export async function foldDays(db: Db, options: { now?: Date; outOfTime?: () => boolean; thorough?: boolean } = {}) {
  const now = options.now ?? new Date();
  // the generation readers read (counters/day-zone.ts); one being rebuilt is folded once it is theirs
  const { gen, zone } = await dayState(db, now.getTime());
  const until = zoneDay(new Date(now.getTime() - foldGraceMs), zone);
  const mark = (await db.doc.send(new GetCommand({ TableName: db.tableName, Key: keys.dayFold(gen), ConsistentRead: true }))).Item;
  let day = (mark?.foldedBefore as string | undefined) ?? (await firstDay(db, until, zone));
  if (!mark) await markFolded(db, day, gen);
  const folded: string[] = [];
  while (day < until) {
    if (options.outOfTime?.()) return { folded, more: true };
    // six days at a time: which hold shards at all (a day without any is passed over)
    const window = Array.from({ length: 6 }, (_, i) => addDays(day, i)).filter((d) => d < until);
    const busy = options.thorough ? new Set(window) : await daysWithShards(db, window, gen);
    for (const d of window) {
      // a day just over is sealed even without writes: one that began before midnight may still come
      const seal = d >= addDays(until, -2);
      if (!busy.has(d) && !seal) continue;
      let done = false;
      for (let attempt = 0; !done && attempt < 10; attempt++)
        done = await foldDayOnce(db, gen, d, { thorough: options.thorough ?? false, seal });
      if (!done) return { folded, more: true }; // busy: the next run goes on
      folded.push(d);
      await markFolded(db, addDays(d, 1), gen);
    }
    day = addDays(window.at(-1)!, 1);
    await markFolded(db, day, gen);
  }
  return { folded, more: false };
}

/** The days of `days` that have a total on any shard, not folded yet: one BatchGetItem. */
async function daysWithShards(db: Db, days: readonly string[], gen: number) {
  const found = await batchGet(
    db,
    days.flatMap((d) => shardSuffixes.map((s) => keys.dayTotal(d, s, gen))),
    { consistent: true },
  );
  return new Set(found.filter((item) => !item.folded).map((item) => String(item.date)));
}

/** The fold as background work: looked for on every run of the jobs (core/background.ts). */
export const foldDaysSweep: Sweep = {
  name: 'fold-days',
  async run(db, { now, outOfTime }) {
    const { folded, more } = await foldDays(db, { now, outOfTime });
    return { changed: folded.length, more };
  },
};
