import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from '../db/client.ts';
import { keys } from '../db/keys.ts';
import { conditional, failedConditions, transact } from '../db/write.ts';
import { DomainError } from '../error.ts';
import type { Sweep } from '../jobs/registry.ts';
import { readCounts } from '../ticket-type/availability.ts';
import { dueItems } from '../webhook/webhook.repo.ts';
import { webhookOutbox } from '../webhook/outbox.ts';

/**
 * Sends `event.sold_out` when the event's availability is 0 as read exactly now: its capacity all
 * sold or held, or every one of its types. Once per selling out: the marker keeps the tickets taken
 * from the event's pool when it was sent (a number that only grows), so an event that sells out
 * again after tickets came back is announced again, and two checks at once announce it once.
 * Called after a sale that may have taken the last tickets and after a refusal for lack of them;
 * the sale has committed by then, so a failed check is logged, never the sale's failure. A failed
 * check is owed: a mark the jobs' sweep finds (soldOutChecksSweep), so the event is announced even
 * if no sale or refusal follows. Resolves to whether the check was made (false: the store failed
 * it, so the next sale or refusal checks again too).
 */
export async function announceIfSoldOut(db: Db, eventId: string, now = new Date(), { oweOnFailure = true } = {}) {
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
    if (error instanceof DomainError && error.kind === 'not_found') return true; // the event is gone: nothing to announce
    console.error('event.sold_out check failed', error);
    if (oweOnFailure) await oweCheck(db, eventId, now).catch((owing) => console.error('event.sold_out check not owed', owing));
    return false;
  }
}

/** Marks the check as owed (one mark per event: a later failure moves it on). */
async function oweCheck(db: Db, eventId: string, now: Date) {
  const item = { ...keys.soldOutCheck(eventId), ...keys.soldOutCheckDue(now.toISOString(), eventId), eventId };
  await db.doc.send(new PutCommand({ TableName: db.tableName, Item: item }));
}

/**
 * The owed sold-out checks, made again on every jobs run until the store answers: each mark is
 * removed once its check is made, unless a newer failure moved it on meanwhile. Up to 100 a run,
 * the rest on the next. Safe to repeat and to run twice at once (the announcement itself is once
 * per selling out).
 */
export const soldOutChecksSweep: Sweep = {
  name: 'sold-out-checks',
  async run(db, { now }) {
    const { items } = await dueItems(db, 'SOLD_OUT_CHECKS', now, 100);
    let made = 0;
    for (const owed of items) {
      if (!(await announceIfSoldOut(db, String(owed.eventId), now, { oweOnFailure: false }))) continue;
      made += 1;
      const remove = { Key: keys.soldOutCheck(String(owed.eventId)), ConditionExpression: 'gsi1sk = :seen' };
      await conditional(
        db.doc.send(new DeleteCommand({ TableName: db.tableName, ...remove, ExpressionAttributeValues: { ':seen': owed.gsi1sk } })),
      );
    }
    return { changed: made, more: false };
  },
};
