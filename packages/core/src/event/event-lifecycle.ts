import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { announce, webhookOutbox } from '../webhook/outbox.ts';
import { currentEndpoints } from '../webhook/webhook.repo.ts';
import type { Db } from '../db/client.ts';
import { keys } from '../db/keys.ts';
import { batchGet, queryAll } from '../db/query.ts';
import { shardSuffixes } from '../db/shards.ts';
import { failedConditions, retry, transact, withRetry, type TransactItem } from '../db/write.ts';
import { DomainError, notFound, staleVersion } from '../error.ts';
import { auditPut } from '../audit/audit.repo.ts';
import { diffFields } from '../audit/audit.rules.ts';
import { dailyFigures } from '../report/daily.repo.ts';
import { addDays, utcDay } from '../report/report.rules.ts';
import { statsIncrement, statusCountDeltas } from '../stats/stats.repo.ts';
import { conversionMilli } from '../stats/stats.rules.ts';
import { canBeUpcoming } from './event.rules.ts';
import { fromItem, getEventItem } from './event.repo.ts';
import type { Actor } from '../fn.ts';

// Archive and delete (issue 20). Archiving takes an event off the screens' lists (it moves to its
// own gsi1 partition, and leaves the conversion rank and the upcoming index) and keeps every
// figure it counts in. Deleting is for a mistake with no transactions: the event, what hangs off it
// and every figure it moved go, in one TransactWriteItems where they fit.

export const hasTransactionsMessage = 'This event has transactions; archive it instead';

/**
 * Archives (`archived`) or unarchives an event, conditional on the version read (the client's,
 * when sent, must be that one). Already so: answered as it is, so a retry changes nothing.
 */
export async function setArchived(db: Db, input: { id: string; version?: number | undefined }, archived: boolean, actor: Actor) {
  const endpoints = await currentEndpoints(db);
  return withRetry(async () => {
    const now = new Date().toISOString();
    const before = await getEventItem(db, input.id, true);
    if (!before) throw notFound('Event');
    if ((before.archivedAt !== undefined) === archived) return fromItem(before);
    const seen = Number(before.version ?? 0);
    if (input.version !== undefined && input.version !== seen) throw staleVersion('This event was');
    const id = input.id;
    const after: Record<string, unknown> = { ...before, updatedAt: now, version: seen + 1 };
    let update: { UpdateExpression: string; ExpressionAttributeValues: Record<string, unknown> };
    if (archived) {
      after.archivedAt = now;
      update = {
        UpdateExpression: 'SET archivedAt = :now, updatedAt = :now, version = :next, gsi1pk = :gsi1pk REMOVE gsi2pk, gsi4pk, gsi4sk',
        ExpressionAttributeValues: { ':gsi1pk': keys.archivedEventsByCreated('', id).gsi1pk },
      };
    } else {
      delete after.archivedAt;
      const rank = keys.eventsByConversion(conversionMilli(Number(before.completedPurchases ?? 0), Number(before.pageViews ?? 0)), id);
      const upcoming = canBeUpcoming(String(before.status)) ? keys.upcomingEvents(String(before.date), id) : undefined;
      update = {
        UpdateExpression:
          'SET updatedAt = :now, version = :next, gsi1pk = :gsi1pk, gsi2pk = :gsi2pk, gsi2sk = :gsi2sk' +
          `${upcoming ? ', gsi4pk = :gsi4pk, gsi4sk = :gsi4sk' : ''} REMOVE archivedAt`,
        ExpressionAttributeValues: {
          ':gsi1pk': keys.eventsByCreated('', id).gsi1pk,
          ':gsi2pk': rank.gsi2pk,
          ':gsi2sk': rank.gsi2sk,
          ...(upcoming ? { ':gsi4pk': upcoming.gsi4pk, ':gsi4sk': upcoming.gsi4sk } : {}),
        },
      };
    }
    try {
      await transact(db, [
        {
          Update: {
            Key: keys.event(id),
            UpdateExpression: update.UpdateExpression,
            ConditionExpression: 'version = :version',
            ExpressionAttributeValues: { ...update.ExpressionAttributeValues, ':now': now, ':next': seen + 1, ':version': seen },
          },
        },
        auditPut({
          actor,
          action: archived ? 'archived' : 'unarchived',
          entity: 'event',
          entityId: id,
          summary: `${archived ? 'Archived' : 'Unarchived'} ${String(before.title)}`,
          changes: diffFields(before, after, ['archivedAt']),
        }),
        // unarchived, it is on the lists again: an update as far as an integration can tell
        ...announce(endpoints, archived ? 'event.archived' : 'event.updated', fromItem(after)),
      ]);
    } catch (error) {
      if (!failedConditions(error)?.includes(0)) throw error;
      if (input.version !== undefined) throw staleVersion('This event was');
      return retry;
    }
    return fromItem(after);
  });
}

/** Whether any transaction names the event: one Query of a single item per shard of its gsi2 partitions. */
async function hasTransactions(db: Db, eventId: string) {
  const found = await Promise.all(
    keys.eventTransactionsPartitions(eventId).map(async (partition) => {
      const result = await db.doc.send(
        new QueryCommand({
          TableName: db.tableName,
          IndexName: 'gsi2',
          KeyConditionExpression: 'gsi2pk = :pk',
          ExpressionAttributeValues: { ':pk': partition },
          Limit: 1,
        }),
      );
      return (result.Items ?? []).length > 0;
    }),
  );
  return found.some(Boolean);
}

/** One day's page views of the event: its day items (with what each holds) and their sum, taken off the day's total. */
interface ViewDay {
  day: string;
  items: { key: { pk: string; sk: string }; pageViews: number }[];
  views: number;
}

/**
 * The day items the event's page views moved. The counter shards name the days (`viewDays`);
 * views counted before they did are looked for day by day from the event's creation to today.
 */
async function viewDaysOf(db: Db, eventId: string, shards: Record<string, unknown>[], totalViews: number, createdAt: string) {
  const named = new Set(shards.flatMap((shard) => [...((shard.viewDays as Set<string> | undefined) ?? [])]));
  const read = async (days: readonly string[]) => {
    const found = await batchGet(
      db,
      days.flatMap((day) => shardSuffixes.map((s) => keys.dayEvent(day, eventId, s))),
      { consistent: true },
    );
    return found.map((item) => ({
      key: { pk: String(item.pk), sk: String(item.sk) },
      day: String(item.date),
      pageViews: Number(item.pageViews ?? 0),
    }));
  };
  let items = await read([...named]);
  const counted = items.reduce((sum, item) => sum + item.pageViews, 0);
  if (counted < totalViews) {
    const today = utcDay(new Date());
    const days: string[] = [];
    for (let day = utcDay(createdAt); day <= today && days.length < 3660; day = addDays(day, 1)) if (!named.has(day)) days.push(day);
    items = [...items, ...(await read(days))];
  }
  const byDay = new Map<string, ViewDay>();
  for (const { day, key, pageViews } of items) {
    const entry = byDay.get(day) ?? { day, items: [], views: 0 };
    entry.items.push({ key, pageViews });
    entry.views += pageViews;
    byDay.set(day, entry);
  }
  return [...byDay.values()];
}

/** A day's event items deleted (each conditional on the views it held) and their views taken off the day's total. */
const viewDayMoves = (day: ViewDay): TransactItem[] => [
  ...day.items.map(({ key, pageViews }): TransactItem => ({
    Delete: { Key: key, ConditionExpression: 'pageViews = :views', ExpressionAttributeValues: { ':views': pageViews } },
  })),
  ...dailyFigures({ date: day.day, pageViews: -day.views }),
];

/** DynamoDB's most items in one TransactWriteItems (less one for the history feed's month mark). */
const maxTransactItems = 99;

/**
 * Deletes an event that no transaction names, with its SEO, CTA and blocks, its counter shards
 * and its page views' day items, taking it off the totals (the event count, its status count,
 * its conversion) and the days' page views: one TransactWriteItems, each delete conditional on
 * what was read, so a view or refresh that lands meanwhile makes it read again. Days beyond one
 * transaction's 100 items follow, a day at a time.
 */
export async function deleteEvent(db: Db, input: { id: string; version?: number | undefined }, actor: Actor) {
  const id = input.id;
  await withRetry(async () => {
    const [before, partition, shards] = await Promise.all([
      getEventItem(db, id, true),
      queryAll(db, { KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': keys.event(id).pk }, ConsistentRead: true }),
      batchGet(
        db,
        shardSuffixes.map((s) => keys.eventCounter(id, s)),
        { consistent: true },
      ),
    ]);
    if (!before) throw notFound('Event');
    const seen = Number(before.version ?? 0);
    if (input.version !== undefined && input.version !== seen) throw staleVersion('This event was');
    if (await hasTransactions(db, id)) throw new DomainError('conflict', hasTransactionsMessage);

    const legacy = before.countedOps === undefined;
    const shardViews = shards.reduce((sum, shard) => sum + Number(shard.pageViews ?? 0), 0);
    const totalViews = shardViews + (legacy ? Number(before.pageViews ?? 0) : 0);
    const days = totalViews > 0 ? await viewDaysOf(db, id, shards, totalViews, String(before.createdAt ?? new Date().toISOString())) : [];

    // The totals hold the event's copy of its counters (event/counters.ts): that is what goes.
    const copyViews = Number(before.pageViews ?? 0);
    const stats = {
      eventCount: -1,
      ...statusCountDeltas([{ from: String(before.status) }]),
      conversionSumMilli: -conversionMilli(Number(before.completedPurchases ?? 0), copyViews),
      viewedEventCount: copyViews > 0 ? -1 : 0,
    };
    const byId = new Map(shards.map((shard) => [String(shard.pk), shard]));
    const items: TransactItem[] = [
      {
        Delete: {
          Key: keys.event(id),
          ConditionExpression: `version = :version AND ${legacy ? 'attribute_not_exists(countedOps)' : 'countedOps = :ops'}`,
          ExpressionAttributeValues: { ':version': seen, ...(legacy ? {} : { ':ops': Number(before.countedOps) }) },
        },
      },
      ...partition
        .filter((item) => item.sk !== keys.event(id).sk)
        .map((item): TransactItem => ({ Delete: { Key: { pk: item.pk, sk: item.sk } } })),
      // each shard as read: a view added meanwhile fails the transaction, which then reads again
      ...shardSuffixes.map((s): TransactItem => {
        const key = keys.eventCounter(id, s);
        const shard = byId.get(key.pk);
        return shard
          ? { Delete: { Key: key, ConditionExpression: 'ops = :ops', ExpressionAttributeValues: { ':ops': Number(shard.ops ?? 0) } } }
          : { ConditionCheck: { Key: key, ConditionExpression: 'attribute_not_exists(pk)' } };
      }),
      statsIncrement(Object.fromEntries(Object.entries(stats).filter(([, n]) => n !== 0))),
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
      const moves = viewDayMoves(day);
      if (later.length === 0 && items.length + moves.length <= maxTransactItems) items.push(...moves);
      else later.push(day);
    }
    try {
      await transact(db, items);
    } catch (error) {
      if (!failedConditions(error)?.length) throw error;
      if (input.version !== undefined && failedConditions(error)?.includes(0)) {
        const now = await getEventItem(db, id, true);
        if (now && Number(now.version) !== seen) throw staleVersion('This event was');
      }
      return retry;
    }
    for (const day of later) await transact(db, viewDayMoves(day));
    return true;
  });
}
