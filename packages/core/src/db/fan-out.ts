import type { Db } from './client.ts';
import { DomainError } from '../error.ts';

/**
 * Reads of a list kept in several partitions go out one per partition at once (db/merge.ts): 17
 * Queries in flight for one streamed list of transactions (16 shards and the unsharded key). A client's connection pool holds 50 sockets, and a
 * request waiting there for one counts that wait against its 1 s connection limit
 * (db/client.ts storeLimits), so 16 exports at once in one process (`npm start`) failed part-way
 * with "not reachable" while the store was only busy. They wait here instead, before the SDK's
 * clocks start, with room left in the pool for the single reads and the writes.
 */
export const fanOutSlots = 32;

interface Slots {
  free: number;
  waiting: { resolve: () => void; reject: (error: unknown) => void }[];
}

/** one set of slots per client, as its pool is */
const slotsOf = new WeakMap<Db['doc'], Slots>();

const unavailable = (error: unknown) => error instanceof DomainError && error.kind === 'unavailable';

/**
 * Runs one partition's read when a slot of `db`'s client is free. A read that finds the store
 * unreachable fails the reads waiting behind it at once with the same error, so a stopped store
 * is still a 503 within the request's limits, not after every queued read has timed out in turn.
 */
export async function fanOutRead<T>(db: Db, read: () => Promise<T>): Promise<T> {
  let slots = slotsOf.get(db.doc);
  if (!slots) slotsOf.set(db.doc, (slots = { free: fanOutSlots, waiting: [] }));
  const { waiting } = slots;
  if (slots.free > 0) slots.free -= 1;
  else await new Promise<void>((resolve, reject) => waiting.push({ resolve, reject }));
  try {
    return await read();
  } catch (error) {
    if (unavailable(error)) for (const next of waiting.splice(0)) next.reject(error);
    throw error;
  } finally {
    // the slot goes to the next read waiting, or back to the pool
    const next = waiting.shift();
    if (next) next.resolve();
    else slots.free += 1;
  }
}
