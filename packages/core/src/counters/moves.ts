import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from '../db/client.ts';
import { keys } from '../db/keys.ts';
import { fallback, forEachLimited, isConditionFailure, type TransactItem } from '../db/write.ts';
import { addUpdate } from './add.ts';
import { dayWrites, type DayMove } from './days.ts';
import type { DayGen } from './day-zone.ts';
import type { EventFigure, Figures, TotalFigure } from './figures.ts';
import { drawShard, shardKeys } from './shards.ts';

/**
 * What one change moves: the dashboard totals, one event's counters, day figures (in each
 * generation of `gens`, keyed in its zone: counters/day-zone.ts, dayTargets).
 */
export type Moves = {
  totals?: Partial<Figures<TotalFigure>>;
  event?: {
    id: string;
    add: Partial<Figures<EventFigure>>;
    /** page views: the day they count on, kept on the shard so a delete finds the days they moved */
    viewDay?: string;
  };
} & ({ days?: undefined } | { days: DayMove[]; gens: readonly DayGen[] });

/**
 * How long an event's delete holds its counters (event/event-delete.ts): a change of the event
 * is refused meanwhile, and a mark older than this (a delete that died half-way) no longer counts.
 */
export const deleteMarkMs = 60_000;

/**
 * An event's counter shards, all of them, put with the event (they live as long as it does: a
 * change of an event whose shards are gone, because it was deleted, is refused).
 */
export const eventCounterPuts = (eventId: string): TransactItem[] =>
  shardKeys((s) => keys.eventCounter(eventId, s)).map((key) => ({
    Put: { Item: { ...key, ops: 0 }, ConditionExpression: 'attribute_not_exists(pk)' },
  }));

/**
 * The writes of one change's moves, to ride in its TransactWriteItems: an ADD on ONE shard, drawn
 * once here for all of them, of the totals, the event's counters and each day's figures. No
 * condition but the ones that guard a rule: an event's counters refuse a change once the event is
 * gone or while it is being deleted; a day's shard sends its ADD to the folded item once the day
 * is folded.
 */
export function counterWrites(moves: Moves, now = new Date(), shard = drawShard()): TransactItem[] {
  // `now` is the clock's (which days are over, how old a delete's mark is), never a date of the data
  const event = moves.event;
  const items = [
    moves.totals ? addUpdate(keys.stats(shard), moves.totals) : null,
    event
      ? addUpdate(
          keys.eventCounter(event.id, shard),
          { ...event.add, ops: 1, ...(event.viewDay && event.add.pageViews ? { viewDays: new Set([event.viewDay]) } : {}) },
          {
            condition: 'attribute_exists(pk) AND (attribute_not_exists(deletingAt) OR deletingAt < :stale)',
            values: { ':stale': new Date(now.getTime() - deleteMarkMs).toISOString() },
          },
        )
      : null,
    ...(moves.days ? moves.days.flatMap((day) => moves.gens.flatMap((gen) => dayWrites(day, shard, now, gen))) : []),
  ];
  return items.filter((item): item is TransactItem => item !== null);
}

/**
 * The same moves applied on their own, each write by itself (bulk loads, after their items are
 * written): sums per day or event, a few in flight. A day's total goes first: once it is refused
 * as folded, the rest of that day's writes go to the folded items too.
 */
export async function applyMoves(db: Db, moves: readonly Moves[]) {
  const now = new Date();
  const groups = moves.flatMap((m) => {
    const writes = counterWrites(m, now);
    const byGroup = new Map<string, TransactItem[]>();
    writes.forEach((write, i) => {
      const group = write[fallback]?.group ?? `#${i}`;
      byGroup.set(group, [...(byGroup.get(group) ?? []), write]);
    });
    return [...byGroup.values()];
  });
  const send = (write: TransactItem) => db.doc.send(new UpdateCommand({ TableName: db.tableName, ...write.Update } as never));
  await forEachLimited(groups, 8, async (group) => {
    let folded = false;
    for (const write of group) {
      if (folded && write[fallback]) {
        await send(write[fallback].item);
        continue;
      }
      try {
        await send(write);
      } catch (error) {
        if (!isConditionFailure(error) || !write[fallback]) throw error;
        folded = true;
        await send(write[fallback].item);
      }
    }
  });
}
