import type { Db } from '../db/client.ts';
import type { TransactItem } from '../db/write.ts';
import { DomainError } from '../error.ts';
import { releaseLapsedHolds } from '../hold/hold.repo.ts';
import { limitDeltas, limitItem, shardsFor } from './pool.ts';
import { readPools, type PoolHead, type PoolState } from './pool-read.ts';

/** What a new limit does to a pool: the shard moves to ride with its head's update, and the head's new fields. */
export interface LimitPlan {
  shards: number;
  poolVersion: number;
  items: TransactItem[];
}

/**
 * Plans a pool's new limit (null: none) from a read of its shards: each shard's free moves by what
 * makes free + sold + held add up to the limit, as ADDs (a shard that loses free only if it still
 * has it), so the sales going on meanwhile need not stop and the change needs no exact figures,
 * only a read no transfer or earlier change was half done in. Below what is sold and held it is
 * refused (409, nothing changed), after the event's lapsed holds were released and an exact read
 * confirmed it. The head's update (its version checked) is the caller's, in the same transaction:
 * of two changes at once one lands, the other plans again from a new read.
 */
export async function planLimit(
  db: Db,
  eventId: string,
  pool: string,
  head: PoolHead | undefined,
  limit: number | null,
  label: 'Capacity' | 'Quantity',
  now = new Date(),
): Promise<LimitPlan> {
  const shards = shardsFor(limit, head?.shards ?? 0);
  const spec = [{ pool, shards }];
  const read = async (exact: boolean) => (await readPools(db, eventId, spec, { exact: exact && 'bound' })).pools[0]!;
  let state: PoolState = head ? await read(false) : emptyPool(pool, shards);
  if (limit !== null && state.sold + state.held > limit) {
    await releaseLapsedHolds(db, eventId, now);
    state = await read(true);
    const used = state.sold + state.held;
    if (used > limit) throw new DomainError('conflict', `${label} cannot be lower than the ${used} tickets already sold or held`);
  }
  const poolVersion = (state.head?.poolVersion ?? 0) + 1;
  const deltas = limitDeltas(state.shards, limit, state.head?.limit === null);
  return { shards, poolVersion, items: state.shards.map((s, i) => limitItem(eventId, pool, s.shard, deltas[i]!, poolVersion)) };
}

function emptyPool(pool: string, count: number): PoolState {
  const shards = Array.from({ length: count }, (_, shard) => ({
    shard,
    exists: false,
    free: 0,
    sold: 0,
    held: 0,
    taken: 0,
    ops: 0,
    moved: 0,
    up: 0,
    lv: 0,
  }));
  return { pool, head: undefined, shards, free: 0, sold: 0, held: 0, taken: 0 };
}
