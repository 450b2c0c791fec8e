import { createHash } from 'node:crypto';

/**
 * How many shards an item every purchase touches is split over (the totals, each day's figures,
 * an event's counters, and the index partitions every purchase shares). A purchase writes one
 * shard; a reader gets all of them and sums (counters) or merges (lists). On DynamoDB one item or
 * partition takes at most 1,000 write units a second, and a transactional write costs 2, so N
 * shards carry N x 500 such writes: at 2,000 purchases a second of one event, each of a day's 16
 * partitions takes about 250 (a purchase writes the day's total and its event's day). Raise it freely;
 * never lower it on a table in use (readers would stop reading the shards above the new count).
 */
export const counterShards = shardCount(process.env.COUNTER_SHARDS);

function shardCount(value: string | undefined) {
  if (value === undefined || value === '') return 16;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 64) throw new Error(`COUNTER_SHARDS must be a whole number from 1 to 64, not "${value}"`);
  return n;
}

/**
 * The suffixes of a sharded key, '#0'..'#N-1': what a reader reads. (The unsuffixed keys of a
 * table from before shards were moved onto these by a migration, maintenance/shard-legacy-keys.ts.)
 * Which shard a counter move takes is counters/shards.ts's to say.
 */
export const shardSuffixes: readonly string[] = Array.from({ length: counterShards }, (_, s) => `#${s}`);

/** The shard of an item in a sharded index partition: fixed by its id, so every write of it lands in the same one. */
export const shardOf = (id: string) => `#${createHash('sha1').update(id).digest().readUInt32BE(0) % counterShards}`;
