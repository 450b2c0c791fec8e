import type { Db } from '../db/client.ts';
import { keys } from '../db/keys.ts';
import { totalFigures, type Figures, type TotalFigure } from '../counters/figures.ts';
import { readSharded } from '../counters/shards.ts';
import { eventStatuses, type EventStatus } from '../event/event.rules.ts';

/** Where the events of one status are counted on the totals: 'draft' -> draftEvents. */
export const statusCountField = (status: EventStatus) => `${status}Events` as const satisfies TotalFigure;
export type StatusCountField = ReturnType<typeof statusCountField>;

/** The counts' moves when events go from one status to another (undefined: created or deleted). */
export function statusCountDeltas(moves: readonly { from?: string; to?: string }[]) {
  const deltas: Partial<Record<StatusCountField, number>> = {};
  const add = (status: string | undefined, n: number) => {
    if (!status || !(eventStatuses as readonly string[]).includes(status)) return;
    const field = statusCountField(status as EventStatus);
    deltas[field] = (deltas[field] ?? 0) + n;
  };
  for (const { from, to } of moves) {
    if (from === to) continue;
    add(from, -1);
    add(to, 1);
  }
  return deltas;
}

/** The dashboard totals, kept by the writes that change them (counters/figures.ts names them). */
export type StatsItem = Figures<TotalFigure>;

/**
 * The totals: every shard in one BatchGetItem (counters/shards.ts: 16 small items by default,
 * 0.5 RCU each), added up. Its cost is the shard count, whatever the table holds. Undefined when
 * nothing was ever counted.
 */
export async function getStatsItem(db: Db, consistent = false): Promise<StatsItem | undefined> {
  const { sum, found } = await readSharded(db, keys.stats, totalFigures, { consistent });
  return found ? sum : undefined;
}
