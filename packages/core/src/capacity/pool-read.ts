import type { Db } from '../db/client.ts';
import { keys } from '../db/keys.ts';
import { batchGet } from '../db/query.ts';
import { DomainError } from '../error.ts';
import { eventPool, shardState, type ShardState } from './pool.ts';

type Key = { pk: string; sk: string };

/** A pool to read, with the shard count its caller knows (a pool's count only grows: the read follows its head). */
export interface PoolSpec {
  pool: string;
  shards: number;
}

/** A pool's head: the event's CAPACITY item or the ticket type's item, which carry its limit, shard count and version. */
export interface PoolHead {
  /** null: no limit of its own */
  limit: number | null;
  shards: number;
  /** moved by every limit change, and set on each shard with it */
  poolVersion: number;
  item: Record<string, unknown>;
}

export interface PoolState {
  pool: string;
  /** undefined when the pool is gone (its ticket type deleted) or was never made */
  head: PoolHead | undefined;
  shards: ShardState[];
  free: number;
  sold: number;
  held: number;
  taken: number;
}

export const headKey = (eventId: string, pool: string) => (pool === eventPool ? keys.capacity(eventId) : keys.ticketType(eventId, pool));

export function poolHead(pool: string, item: Record<string, unknown> | undefined): PoolHead | undefined {
  if (!item) return undefined;
  const limit = item[pool === eventPool ? 'capacity' : 'quantity'];
  return {
    limit: limit === null || limit === undefined ? null : Number(limit),
    shards: Number(item.shards ?? 0),
    poolVersion: Number(item.poolVersion ?? 0),
    item,
  };
}

const keyOf = (key: Key) => `${key.pk}\u0000${key.sk}`;
const range = (n: number) => Array.from({ length: n }, (_, i) => i);

interface Snapshot {
  pools: PoolState[];
  extra: Record<string, unknown>[];
  /** every item's write count (heads: their pool version; extras: present or not), to compare two reads */
  fingerprint: string;
  /** the same with each shard's count of give-backs instead of its writes (a bound read) */
  ups: string;
  torn: boolean;
  /** a head names more shards than were read: read again with them */
  grown: PoolSpec[] | null;
}

async function readOnce(db: Db, eventId: string, specs: readonly PoolSpec[], extra: readonly Key[]): Promise<Snapshot> {
  const wanted = specs.flatMap((s) => [headKey(eventId, s.pool), ...range(s.shards).map((i) => keys.poolShard(eventId, s.pool, i))]);
  const items = await batchGet(db, [...wanted, ...extra], { consistent: true });
  const found = new Map(items.map((item) => [keyOf(item as Key), item] as const));
  let torn = false;
  let grown = false;
  const prints: (string | number)[] = [];
  const ups: (string | number)[] = [];
  const pools = specs.map(({ pool, shards: count }) => {
    const head = poolHead(pool, found.get(keyOf(headKey(eventId, pool))));
    if (head && head.shards > count) grown = true;
    const shards = range(count).map((i) => shardState(i, found.get(keyOf(keys.poolShard(eventId, pool, i)))));
    const existing = shards.filter((s) => s.exists);
    // Half a transfer (moved does not sum to 0), or half a limit change or creation (a shard behind its head).
    if (head && (existing.reduce((sum, s) => sum + s.moved, 0) !== 0 || existing.some((s) => s.lv !== head.poolVersion))) torn = true;
    if (head && existing.length < Math.min(head.shards, count)) torn = true;
    prints.push(head?.poolVersion ?? -1, ...shards.map((s) => (s.exists ? s.ops : -1)));
    ups.push(head?.poolVersion ?? -1, ...shards.map((s) => (s.exists ? s.up : -1)));
    const sum = (name: 'free' | 'sold' | 'held' | 'taken') => existing.reduce((total, s) => total + s[name], 0);
    return { pool, head, shards, free: sum('free'), sold: sum('sold'), held: sum('held'), taken: sum('taken') };
  });
  const extraItems = extra.flatMap<Record<string, unknown>>((key) => found.get(keyOf(key)) ?? []);
  const extraPrints = extra.map((key) => (found.has(keyOf(key)) ? 1 : 0));
  return {
    pools,
    extra: extraItems,
    fingerprint: [...prints, ...extraPrints].join(','),
    ups: [...ups, ...extraPrints].join(','),
    torn,
    grown: grown ? pools.map((p) => ({ pool: p.pool, shards: Math.max(p.shards.length, p.head?.shards ?? 0) })) : null,
  };
}

export const tooBusy = () => new DomainError('unavailable', 'Too many buyers for these tickets at once. Please try again.');

/**
 * The pools' heads and shards (and any `extra` items), read consistently with BatchGetItem.
 * Reads are item by item, so one read could catch a transfer or a limit change half done: such a
 * read is thrown away and made again. `exact` reads twice until two reads agree on every item's
 * write count: then nothing changed between the end of the first and the start of the second, so
 * at that instant the pools held exactly what was read (without TransactGetItems, which costs twice
 * the reads and is cancelled by any write in flight on these, the busiest items of an on-sale).
 * `settled` is false when the pools kept changing; the caller decides what a best read is worth.
 *
 * `exact: 'bound'` asks less, all a refusal needs: two reads that agree on the pools' versions and
 * on each shard's count of give-backs (`up`), not on every write. Between them free only fell and
 * sold + held only rose on every shard (a take moves one way; a transfer seen whole keeps the sum;
 * half of one is torn), so when the first read ended the pools held at most its free and at least
 * its sold + held. Under an on-sale's takes, two reads rarely agree on every write, but nearly
 * always on the give-backs, so a sold-out refusal settles at once instead of re-reading.
 */
export async function readPools(
  db: Db,
  eventId: string,
  specs: readonly PoolSpec[],
  options: { exact?: boolean | 'bound'; extra?: readonly Key[] } = {},
): Promise<{ pools: PoolState[]; extra: Record<string, unknown>[]; settled: boolean }> {
  let current = specs;
  let previous: Snapshot | undefined;
  for (let round = 0; round < 8; round++) {
    const snapshot = await readOnce(db, eventId, current, options.extra ?? []);
    if (snapshot.grown) {
      current = snapshot.grown;
      previous = undefined;
      continue;
    }
    if (snapshot.torn) {
      previous = undefined;
      await new Promise((r) => setTimeout(r, Math.random() * 5 * (round + 1)));
      continue;
    }
    const print = (read: Snapshot) => (options.exact === 'bound' ? read.ups : read.fingerprint);
    if (!options.exact) return { ...snapshot, settled: true };
    // the first of two agreeing reads: what a bound is true of (the second may show fewer free)
    if (previous && print(previous) === print(snapshot)) return { ...(options.exact === 'bound' ? previous : snapshot), settled: true };
    previous = snapshot;
  }
  if (previous) return { ...previous, settled: false };
  throw tooBusy();
}
