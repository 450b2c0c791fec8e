import { randomInt } from 'node:crypto';
import type { Db } from '../db/client.ts';
import { batchGet } from '../db/query.ts';
import { counterShards, shardSuffixes } from '../db/shards.ts';
import { sumFigures, type Figures } from './figures.ts';

type Key = { pk: string; sk: string };

/**
 * The one place a counter shard is chosen: any of them, so concurrent writers spread evenly. A
 * change draws one and moves every counter it moves on that shard (counters/moves.ts).
 */
export const drawShard = () => `#${randomInt(counterShards)}`;

/** The keys of every shard of a sharded counter. */
export const shardKeys = (keyOf: (shard: string) => Key) => shardSuffixes.map(keyOf);

/**
 * The one sharded reader: every shard of a counter in one BatchGetItem (with `alongside` items,
 * e.g. the event itself, in the same call), `names` added up over them. Its cost is the shard
 * count, whatever the table holds. `shards` are the shard items found; `found` is whether any was.
 */
export async function readSharded<F extends string>(
  db: Db,
  keyOf: (shard: string) => Key,
  names: readonly F[],
  options: { consistent?: boolean; alongside?: Key[] } = {},
): Promise<{ sum: Figures<F>; shards: Record<string, unknown>[]; alongside: (Record<string, unknown> | undefined)[]; found: boolean }> {
  const wanted = shardKeys(keyOf);
  const extra = options.alongside ?? [];
  const items = await batchGet(db, [...extra, ...wanted], { consistent: options.consistent });
  const id = (key: Record<string, unknown>) => `${String(key.pk)}\u0000${String(key.sk)}`;
  const byKey = new Map(items.map((item) => [id(item), item]));
  const shards = wanted.flatMap((key): Record<string, unknown>[] => {
    const found = byKey.get(id(key));
    return found ? [found] : [];
  });
  return { sum: sumFigures(names, shards), shards, alongside: extra.map((key) => byKey.get(id(key))), found: shards.length > 0 };
}
