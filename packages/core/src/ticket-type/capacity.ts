import { auditPut } from '../audit/audit.repo.ts';
import { planLimit } from '../capacity/limit.ts';
import { eventPool } from '../capacity/pool.ts';
import { poolHead } from '../capacity/pool-read.ts';
import type { Db } from '../db/client.ts';
import { keys } from '../db/keys.ts';
import { getNamed } from '../db/query.ts';
import { failedConditions, retry, transact, withRetry, type TransactItem } from '../db/write.ts';
import { notFound } from '../error.ts';
import { getEventItem } from '../event/event.repo.ts';
import { fn } from '../fn.ts';
import { availabilityOf, readCounts } from './availability.ts';
import { capacityWrite } from './ticket-type.repo.ts';
import { setCapacityInput } from './ticket-type.schema.ts';

/**
 * The writes that set an event's capacity (null: none): its CAPACITY item (conditional on the
 * version read) and its pool's shard moves, planned from a read. Below what is sold and held it
 * is refused (409) before anything is written. The caller puts them in its own transaction, with
 * the event's copy of the capacity (what the event's answers show), so all of it lands or none.
 */
export async function capacityWrites(db: Db, eventId: string, capacity: number | null, now = new Date()) {
  const named = await getNamed(db, { capacity: keys.capacity(eventId) }, { consistent: true });
  const head = poolHead(eventPool, named.capacity);
  const before = head?.limit ?? null;
  if (head && before === capacity) return { before, items: [] as TransactItem[] };
  const plan = await planLimit(db, eventId, eventPool, head, capacity, 'Capacity', now);
  const items: TransactItem[] = [
    capacityWrite(eventId, head, { capacity, shards: plan.shards, poolVersion: plan.poolVersion }),
    ...plan.items,
  ];
  return { before, items };
}

/** The event's copy of its capacity, which its answers show: not its version (the Basic Info form's), only if it still exists. */
const eventCopy = (eventId: string, capacity: number | null): TransactItem => ({
  Update: {
    Key: keys.event(eventId),
    UpdateExpression: 'SET #capacity = :capacity',
    ConditionExpression: 'attribute_exists(pk)',
    ExpressionAttributeNames: { '#capacity': 'capacity' },
    ExpressionAttributeValues: { ':capacity': capacity },
  },
});

/**
 * An event's capacity (null: none), shared by all its types (the Tickets tab): its pool, the
 * event's copy and the history record in one transaction, refused (409, nothing changed) below
 * what is sold and held. `PUT /api/events/{id}` with `capacity` does the same within the event's edit.
 */
export const setCapacity = fn(setCapacityInput, async (db, { eventId, capacity }, actor) => {
  await withRetry(async () => {
    const now = new Date();
    const event = await getEventItem(db, eventId, true);
    if (!event) throw notFound('Event');
    const { before, items } = await capacityWrites(db, eventId, capacity, now);
    if (!items.length && event.capacity !== undefined) return true; // as it is
    try {
      await transact(db, [
        eventCopy(eventId, capacity),
        ...items,
        auditPut(
          {
            actor,
            action: 'capacity.update',
            entity: 'event',
            entityId: eventId,
            summary: capacity === null ? 'Removed the capacity' : `Set the capacity to ${capacity}`,
            changes: before === capacity ? [] : [{ field: 'capacity', from: before, to: capacity }],
          },
          now,
        ),
      ]);
    } catch (error) {
      const failed = failedConditions(error);
      if (!failed?.length) throw error;
      return retry; // the capacity moved meanwhile (or the event went: read again, it is a 404)
    }
    return true;
  });
  return availabilityOf(await readCounts(db, eventId));
});
