import type { Db } from '../db/client.ts';
import { keys } from '../db/keys.ts';
import { failedConditions, transact } from '../db/write.ts';
import { readCounts } from '../ticket-type/availability.ts';
import { webhookOutbox } from '../webhook/outbox.ts';

/**
 * Sends `event.sold_out` when the event's availability is 0 as read exactly now: its capacity all
 * sold or held, or every one of its types. Once per selling out: the marker keeps the tickets taken
 * from the event's pool when it was sent (a number that only grows), so an event that sells out
 * again after tickets came back is announced again, and two checks at once announce it once.
 * Called after a sale that may have taken the last tickets and after a refusal for lack of them;
 * the sale has committed by then, so a failed check is logged, never the sale's failure. Resolves
 * to whether the check was made (false: the store failed it, so the next sale or refusal must
 * check again).
 */
export async function announceIfSoldOut(db: Db, eventId: string, now = new Date()) {
  try {
    const figures = await readCounts(db, eventId, now);
    const soldOut = figures.event.free === 0 || (figures.types.length > 0 && figures.types.every((type) => type.available === 0));
    if (!soldOut || !figures.sale.event) return true;
    const data = {
      id: eventId,
      title: String(figures.sale.event.title),
      capacity: figures.event.limit,
      sold: figures.event.sold,
      held: figures.event.held,
    };
    await transact(db, [
      {
        Put: {
          Item: { ...keys.soldOut(eventId), eventId, taken: figures.taken, at: now.toISOString() },
          ConditionExpression: 'attribute_not_exists(pk) OR taken < :taken',
          ExpressionAttributeValues: { ':taken': figures.taken },
        },
      },
      ...(await webhookOutbox(db, 'event.sold_out', data, now)),
    ]);
    return true;
  } catch (error) {
    if (failedConditions(error)?.length) return true; // announced by another check at the same moment
    console.error('event.sold_out check failed', error);
    return false;
  }
}
