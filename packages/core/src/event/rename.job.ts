import * as z from 'zod';
import type { Db } from '../db/client.ts';
import { keys } from '../db/keys.ts';
import { defineJob } from '../jobs/registry.ts';
import { purchasesPage, renamePurchases, type Page, type Position } from '../transaction/rename-purchases.ts';

/**
 * One page of an event's purchases that do not carry `title` yet (gsi2 `EVENT_PURCHASES#<eventId>#s`,
 * one partition per shard), from a position: partitions are read in turn until `limit` items were evaluated.
 */
async function eventPurchasesPage(db: Db, eventId: string, title: string, position: Position, limit: number): Promise<Page> {
  const partitions = keys.eventTransactionsPartitions(eventId);
  const page: Page = { items: [], read: 0, next: null };
  for (let part = position.part ?? 0, after = position.after; part < partitions.length && page.read < limit; part++, after = undefined) {
    const query = {
      IndexName: 'gsi2',
      KeyConditionExpression: 'gsi2pk = :pk',
      FilterExpression: 'eventTitle <> :name',
      ExpressionAttributeValues: { ':pk': partitions[part], ':name': title },
    };
    const found = await purchasesPage(db, query, after, limit - page.read);
    page.items.push(...found.items);
    page.read += found.read;
    page.next = found.next ? { part, after: found.next.after } : part + 1 < partitions.length ? { part: part + 1 } : null;
    if (found.next) break;
  }
  return page;
}

/**
 * A renamed event's title put on its purchases (the transactions list shows and searches it
 * without a join): queued by the save, in the same transaction; queued again by a later rename,
 * whose title then wins.
 */
export const renameEventJob = defineJob({
  kind: 'rename-event',
  payload: z.object({ name: z.string() }),
  step: (db, job, cursor, limit) =>
    renamePurchases(
      (position, n) => eventPurchasesPage(db, job.targetId, job.payload.name, position, n),
      db,
      { eventTitle: job.payload.name },
      cursor,
      limit,
    ),
});
