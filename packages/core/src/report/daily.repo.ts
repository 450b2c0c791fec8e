import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from '../db/client.ts';
import { keys } from '../db/keys.ts';
import { batchGet } from '../db/query.ts';
import { randomShard, shardSuffixes, sumShards } from '../db/shards.ts';
import { forEachLimited, type TransactItem } from '../db/write.ts';
import { utcDay } from './report.rules.ts';

/** The counters a day item keeps (net is computed on read: revenue less refunds). */
export interface DailyDelta {
  purchases?: number;
  revenueCents?: number;
  refundsCents?: number;
  newCustomers?: number;
  pageViews?: number;
}

/** An ADD of counters onto one day item: creates it at zero when absent, so days need no setup. */
function addUpdate(key: { pk: string; sk: string }, delta: DailyDelta, extra: Record<string, string> = {}): TransactItem | null {
  const names = (Object.keys(delta) as (keyof DailyDelta)[]).filter((name) => (delta[name] ?? 0) !== 0);
  if (names.length === 0) return null;
  const sets = Object.keys(extra);
  return {
    Update: {
      Key: key,
      UpdateExpression:
        `ADD ${names.map((_, i) => `#c${i} :c${i}`).join(', ')}` +
        (sets.length ? ` SET ${sets.map((_, i) => `#s${i} = :s${i}`).join(', ')}` : ''),
      ExpressionAttributeNames: {
        ...Object.fromEntries(names.map((name, i) => [`#c${i}`, name])),
        ...Object.fromEntries(sets.map((name, i) => [`#s${i}`, name])),
      },
      ExpressionAttributeValues: {
        ...Object.fromEntries(names.map((name, i) => [`:c${i}`, delta[name]])),
        ...Object.fromEntries(sets.map((name, i) => [`:s${i}`, extra[name]])),
      },
    },
  };
}

/**
 * The daily-figure moves of one change, to ride in the TransactWriteItems of that change: the
 * day's total and, with an event, that event's day (new customers are counted on the total only).
 * `date` is an instant or a yyyy-mm-dd day, counted on its UTC day. Refunds pass `refundsCents`
 * on the day they are made; a purchase that becomes completed later passes its purchase date.
 */
export function dailyFigures(change: { date: string | Date; eventId?: string } & DailyDelta): TransactItem[] {
  const { date, eventId, ...delta } = change;
  const day = typeof date === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(date) ? date : utcDay(date);
  const { newCustomers, ...eventDelta } = delta;
  // Each on a shard of its own choosing (db/shards.ts): on an on-sale day every purchase moves these two.
  return [
    addUpdate(keys.dayTotal(day, randomShard()), delta, { date: day }),
    eventId ? addUpdate(keys.dayEvent(day, eventId, randomShard()), eventDelta, { date: day, eventId }) : null,
  ].filter((item): item is TransactItem => item !== null);
}

/** The same moves applied on their own (bulk loads: sums per day after the items are written). */
export async function applyDailyFigures(db: Db, changes: readonly Parameters<typeof dailyFigures>[0][]) {
  const updates = changes.flatMap(dailyFigures);
  await forEachLimited(updates, 8, (item) =>
    db.doc.send(new UpdateCommand({ TableName: db.tableName, ...item.Update } as never)).then(() => {}),
  );
}

/**
 * The figures of a list of days, for the business or one event: every shard of each day
 * (BatchGetItem, 100 keys a call), added up per day. Days without activity have no items.
 */
export async function getDayItems(db: Db, days: readonly string[], eventId?: string) {
  const keyList = days.flatMap((day) => shardSuffixes.map((s) => (eventId ? keys.dayEvent(day, eventId, s) : keys.dayTotal(day, s))));
  const byDay = new Map<string, Record<string, unknown>[]>();
  for (const item of await batchGet(db, keyList)) byDay.set(String(item.date), [...(byDay.get(String(item.date)) ?? []), item]);
  return new Map([...byDay].map(([day, items]) => [day, { ...sumShards(items), date: day } as Record<string, unknown>]));
}
