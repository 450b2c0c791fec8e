import { keys } from '../db/keys.ts';
import { counterShards } from '../db/shards.ts';
import type { TransactItem } from '../db/write.ts';

// A limit on tickets (an event's capacity, a ticket type's quantity) is a pool split over K shard
// items, each a partition of its own, each holding `free`, `sold` and `held`. Nothing but these
// items moves tickets, and every move keeps free + sold + held of its shard unchanged, except a
// transfer (free from one shard to another, in one transaction) and a limit change; free never goes
// below 0 because every move that lowers it is conditional on it. So at every moment the pool's
// sold + held = limit - (sum of free) <= limit: it cannot oversell, with no lock and no read-modify-write.
// docs/architecture.md, "How capacity is enforced and why it cannot oversell", has the whole argument.

/** The pool of the event's capacity; a ticket type's pool is named by the type's id. */
export const eventPool = 'EVENT';

/** What a shard of an unlimited pool holds free: more than anyone can take, so the same conditional take works. */
export const unlimitedFree = 1e12;

/** Tickets a shard is meant to hold at the start: few shards for a small limit, up to the counter shard count. */
export const ticketsPerShard = 50;

/**
 * How many shards a pool with this limit gets (never fewer than it has: a shard keeps what it took).
 * An order writes one shard of each pool it takes from; a shard (its own partition) takes at most
 * 1,000 write units a second, 500 transactional writes. An unlimited or large pool gets the counter
 * shard count (16 by default): at 2,000 orders/s of one event, each held and then confirmed, a shard
 * takes 2,000 x 2 / 16 = 250 writes/s. A small pool gets one shard per 50 tickets: it sells out in
 * at most `limit` takes, and a refused order does not write (the shards it would use are known dry).
 */
export function shardsFor(limit: number | null, current = 0) {
  const wanted = limit === null ? counterShards : Math.min(counterShards, Math.max(1, Math.ceil(limit / ticketsPerShard)));
  return Math.max(current, wanted);
}

export type TakeKind = 'sold' | 'held';

/** Tickets taken from (or to go back to) one shard of one pool: an order or hold records its takes, and returns them there. */
export interface Take {
  pool: string;
  shard: number;
  quantity: number;
}

/** One shard as read. `ops` counts the writes it took (a reader compares two reads by it); `moved` and `lv` expose a read torn across a transfer or a limit change. */
export interface ShardState {
  shard: number;
  exists: boolean;
  free: number;
  sold: number;
  held: number;
  /** tickets ever taken (sold or held): a type that ever sold cannot be deleted */
  taken: number;
  ops: number;
  /** net free moved in by transfers: over a pool it sums to 0, unless a transfer is seen half done */
  moved: number;
  /** tickets given back (returns, releases): the only writes but a limit change that raise free (pool-read.ts, bound reads) */
  up: number;
  /** the pool version of the last limit change: all shards agree with their head, unless one is seen half done */
  lv: number;
}

export function shardState(shard: number, item: Record<string, unknown> | undefined): ShardState {
  const n = (name: string) => Number(item?.[name] ?? 0);
  return {
    shard,
    exists: item !== undefined,
    free: n('free'),
    sold: n('sold'),
    held: n('held'),
    taken: n('taken'),
    ops: n('ops'),
    moved: n('moved'),
    up: n('up'),
    lv: n('lv'),
  };
}

/**
 * An update of one shard. Its attributes go by aliases (`#free`: FREE is one of DynamoDB's
 * reserved words), each alias declared only where the expressions use it, as DynamoDB requires.
 */
function shardUpdate(
  eventId: string,
  pool: string,
  shard: number,
  update: string,
  condition: string | null,
  values: Record<string, number>,
) {
  const used = new Set([...`${update} ${condition ?? ''}`.matchAll(/#(\w+)/g)].map((m) => m[1]!));
  return {
    Update: {
      Key: keys.poolShard(eventId, pool, shard),
      UpdateExpression: update,
      ...(condition ? { ConditionExpression: condition } : {}),
      ExpressionAttributeNames: Object.fromEntries([...used].map((name) => [`#${name}`, name])),
      ExpressionAttributeValues: values,
    },
  } satisfies TransactItem;
}

/** Takes tickets: free down, sold or held up, on one shard, only if it has that many free. */
export const takeItem = (eventId: string, take: Take, kind: TakeKind) =>
  shardUpdate(eventId, take.pool, take.shard, `ADD #free :minus, #${kind} :q, #taken :q, #ops :one`, '#free >= :q', moveValues(take));

/** Gives tickets back to the shard they were taken from (an order failed or refunded, a hold released). */
export const returnItem = (eventId: string, take: Take, kind: TakeKind) =>
  shardUpdate(eventId, take.pool, take.shard, `ADD #free :q, #${kind} :minus, #ops :one, #up :one`, `#${kind} >= :q`, moveValues(take));

/** Held tickets become sold, on the shard that holds them: nothing is taken, so it cannot run short. */
export const confirmItem = (eventId: string, take: Take) =>
  shardUpdate(eventId, take.pool, take.shard, 'ADD #held :minus, #sold :q, #ops :one', '#held >= :q', moveValues(take));

const moveValues = (take: Take) => ({ ':minus': -take.quantity, ':q': take.quantity, ':one': 1 });

/** Free moved between two shards of one pool: out of a donor (only if it has it), into a recipient. */
export function transferItem(eventId: string, pool: string, shard: number, amount: number) {
  const condition = amount < 0 ? '#free >= :out' : 'attribute_exists(#free)';
  const values = { ':amount': amount, ':one': 1, ...(amount < 0 ? { ':out': -amount } : {}) };
  return shardUpdate(eventId, pool, shard, 'ADD #free :amount, #moved :amount, #ops :one', condition, values);
}

/**
 * A limit change's move on one shard (creating it when new): free by `delta`, never below 0, and the
 * pool version that change sets on every shard. The head's conditional update rides with it.
 */
export function limitItem(eventId: string, pool: string, shard: number, delta: number, poolVersion: number) {
  const update = 'ADD #free :delta, #sold :zero, #held :zero, #taken :zero, #moved :zero, #ops :one SET #lv = :lv';
  const values = { ':delta': delta, ':zero': 0, ':one': 1, ':lv': poolVersion, ...(delta < 0 ? { ':out': -delta } : {}) };
  return shardUpdate(eventId, pool, shard, update, delta < 0 ? '#free >= :out' : null, values);
}

/** Deleting a pool that never took a ticket: refused on any shard that did. */
export function deletePoolItem(eventId: string, pool: string, shard: number): TransactItem {
  return {
    Delete: {
      Key: keys.poolShard(eventId, pool, shard),
      ConditionExpression: 'attribute_not_exists(#taken) OR #taken = :zero',
      ExpressionAttributeNames: { '#taken': 'taken' },
      ExpressionAttributeValues: { ':zero': 0 },
    },
  };
}

/** `total` split over `count` parts as evenly as whole numbers allow. */
export function spread(total: number, count: number) {
  const base = Math.floor(total / count);
  return Array.from({ length: count }, (_, i) => base + (i < total - base * count ? 1 : 0));
}

/**
 * The free each shard gains or loses so the pool's limit becomes `limit` (null: unlimited), from
 * the shards as read (the new ones, beyond those that exist, read as empty). Sold and held stay.
 * Raising spreads the new tickets evenly; lowering takes from the shards with the most free first,
 * so fewer shards carry a condition a concurrent take could break.
 */
export function limitDeltas(shards: readonly ShardState[], limit: number | null, wasUnlimited: boolean): number[] {
  if (limit === null) return shards.map((s) => unlimitedFree - s.sold - s.held - s.free);
  const used = shards.reduce((sum, s) => sum + s.sold + s.held, 0);
  const freeNow = shards.reduce((sum, s) => sum + s.free, 0);
  if (wasUnlimited) {
    const targets = spread(limit - used, shards.length);
    return shards.map((s, i) => targets[i]! - s.free);
  }
  const change = limit - used - freeNow;
  if (change >= 0) return spread(change, shards.length);
  const deltas = shards.map(() => 0);
  let left = -change;
  for (const s of [...shards].sort((a, b) => b.free - a.free)) {
    const out = Math.min(s.free, left);
    if (out > 0) deltas[s.shard] = -out;
    left -= out;
  }
  return deltas;
}
