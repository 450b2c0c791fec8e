import { auditPut } from '../audit/audit.repo.ts';
import type { Actor } from '../fn.ts';
import { diffFields } from '../audit/audit.rules.ts';
import { currentGen, dayState } from '../counters/day-zone.ts';
import { counterWrites } from '../counters/moves.ts';
import { shardKeys } from '../counters/shards.ts';
import type { Db } from '../db/client.ts';
import { keys } from '../db/keys.ts';
import { firstOfPartition, queryAll } from '../db/query.ts';
import { batchWrite, failedConditions, retry, transact, updateIf, withRetry, type TransactItem } from '../db/write.ts';
import { counterShards } from '../db/shards.ts';
import { eventPool } from '../capacity/pool.ts';
import { DomainError, notFound, staleVersion } from '../error.ts';
import { statusCountDeltas } from '../stats/stats.repo.ts';
import { conversionMilli } from '../stats/stats.rules.ts';
import { webhookOutbox } from '../webhook/outbox.ts';
import { readEventCounts } from './counters.ts';
import { fromItem, getEventItem } from './event.repo.ts';
import { viewDayMoves, viewDaysOf, type ViewDay } from './view-days.ts';

// Deleting an event is for a mistake with no transactions (issue 20): the event, what hangs off it
// and every figure it moved go, in one TransactWriteItems where they fit. A purchase must never
// land on an event being deleted, so the delete first marks the event's counter shards, which
// every change of the event (a purchase, a refund, a page view) ADDs to on a condition that
// refuses while the mark holds (counters/moves.ts); then it reads the shards, which count every
// transaction of the event, and deletes them only with its mark still on them.

export const hasTransactionsMessage = 'This event has transactions; archive it instead';

/** Whether any transaction names the event in its index: one Query of a single item per shard of its gsi2 partitions. */
async function indexedTransactions(db: Db, eventId: string) {
  const found = await Promise.all(keys.eventTransactionsPartitions(eventId).map((partition) => firstOfPartition(db, 'gsi2', partition)));
  return found.some(Boolean);
}

/** The mark on every counter shard of the event (creating those that do not exist yet). */
const markShards = (id: string, mark: string): TransactItem[] =>
  shardKeys((s) => keys.eventCounter(id, s)).map((key) => ({
    Update: { Key: key, UpdateExpression: 'SET deletingAt = :mark', ExpressionAttributeValues: { ':mark': mark } },
  }));

/** The mark lifted from each shard that still has this one (a newer delete's, or none, stays as it is). */
const unmarkShards = (db: Db, id: string, mark: string) =>
  Promise.all(
    shardKeys((s) => keys.eventCounter(id, s)).map((key) =>
      updateIf(db, {
        Key: key,
        UpdateExpression: 'REMOVE deletingAt',
        ConditionExpression: 'deletingAt = :mark',
        ExpressionAttributeValues: { ':mark': mark },
      }),
    ),
  );

/** DynamoDB's most items in one TransactWriteItems (less one for the history feed's month mark). */
const maxTransactItems = 99;

/**
 * What an event's ticket types leave outside its partition once it is gone: each type's id
 * pointer and the pools' shards (the event's capacity and each type's; a pool has at most
 * `counterShards`). Nothing reads them without the event; deleted after it, in batches.
 */
async function deleteTicketLeftovers(db: Db, eventId: string, partition: readonly Record<string, unknown>[]) {
  const typeIds = partition.filter((item) => String(item.sk).startsWith('TYPE#')).map((item) => String(item.sk).slice('TYPE#'.length));
  const pools = [eventPool, ...typeIds];
  const keysToDelete = [
    ...typeIds.map((typeId) => keys.ticketTypePointer(typeId)),
    ...pools.flatMap((pool) => Array.from({ length: counterShards }, (_, shard) => keys.poolShard(eventId, pool, shard))),
  ];
  await batchWrite(
    db,
    keysToDelete.map((Key) => ({ DeleteRequest: { Key } })),
  );
}

/**
 * Deletes an event that no transaction names, with its SEO, CTA and blocks, its counter shards
 * and its page views' day items, taking it off the totals (the event count, its status count,
 * its conversion) and the days' page views. Marked first (above); one TransactWriteItems, each
 * delete conditional on what was read, so a refresh or a fold that lands meanwhile makes it read
 * again. Days beyond one transaction's 100 items follow, a day at a time.
 */
export async function deleteEvent(db: Db, input: { id: string; version?: number | undefined }, actor: Actor) {
  const id = input.id;
  await withRetry(async () => {
    const before = await getEventItem(db, id, true);
    if (!before) throw notFound('Event');
    const seen = Number(before.version ?? 0);
    if (input.version !== undefined && input.version !== seen) throw staleVersion('This event was');
    const mark = new Date().toISOString();
    await transact(db, markShards(id, mark));
    let deleted = false;
    try {
      const [counts, partition] = await Promise.all([
        readEventCounts(db, id, true),
        queryAll(db, { KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': keys.event(id).pk }, ConsistentRead: true }),
      ]);
      // counted on its shards (exact, read after the mark) or, for any recorded before transactions counted themselves, in the index
      if (counts.transactions > 0 || (await indexedTransactions(db, id))) throw new DomainError('conflict', hasTransactionsMessage);
      // page views are in the generation readers read only (counters/rebuild.job.ts copies them into the next)
      const gen = currentGen(await dayState(db));
      const days =
        counts.counts.pageViews > 0 ? await viewDaysOf(db, id, counts.shards, counts.counts.pageViews, String(before.createdAt), gen) : [];

      // The totals hold the event's copy of its counters (event/counters.ts): that is what goes.
      const copyViews = Number(before.pageViews ?? 0);
      const totals = {
        eventCount: -1,
        ...statusCountDeltas([{ from: String(before.status) }]),
        conversionSumMilli: -conversionMilli(Number(before.completedPurchases ?? 0), copyViews),
        viewedEventCount: copyViews > 0 ? -1 : 0,
      };
      const items: TransactItem[] = [
        {
          Delete: {
            Key: keys.event(id),
            ConditionExpression: 'version = :version AND countedOps = :ops',
            ExpressionAttributeValues: { ':version': seen, ':ops': Number(before.countedOps) },
          },
        },
        ...partition
          .filter((item) => item.sk !== keys.event(id).sk)
          .map((item): TransactItem => ({ Delete: { Key: { pk: item.pk, sk: item.sk } } })),
        // each shard only while this delete's mark is on it
        ...shardKeys((s) => keys.eventCounter(id, s)).map((key): TransactItem => ({
          Delete: { Key: key, ConditionExpression: 'deletingAt = :mark', ExpressionAttributeValues: { ':mark': mark } },
        })),
        ...counterWrites({ totals }),
        auditPut({
          actor,
          action: 'deleted',
          entity: 'event',
          entityId: id,
          summary: `Deleted ${String(before.title)}`,
          changes: diffFields(before, {}, ['title', 'date', 'venue', 'status']),
        }),
        ...(await webhookOutbox(db, 'event.deleted', fromItem(before))),
      ];
      const later: ViewDay[] = [];
      for (const day of days) {
        const moves = viewDayMoves(day, gen);
        if (later.length === 0 && items.length + moves.length <= maxTransactItems) items.push(...moves);
        else later.push(day);
      }
      try {
        await transact(db, items);
        deleted = true;
      } catch (error) {
        if (!failedConditions(error)?.length) throw error;
        if (input.version !== undefined && failedConditions(error)?.includes(0)) {
          const now = await getEventItem(db, id, true);
          if (now && Number(now.version) !== seen) throw staleVersion('This event was');
        }
        return retry;
      }
      for (const day of later) await transact(db, viewDayMoves(day, gen));
      await deleteTicketLeftovers(db, id, partition);
      return true;
    } finally {
      if (!deleted) await unmarkShards(db, id, mark);
    }
  });
}
