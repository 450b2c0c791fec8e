import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { Db } from '../db/client.ts';
import { keys } from '../db/keys.ts';
import { queryAll, queryPage, stripKeys } from '../db/query.ts';
import { failedConditions, isConditionFailure, retry, transact, withRetry, type TransactItem } from '../db/write.ts';
import { notFound, staleVersion } from '../error.ts';
import { centsToDollars } from '../purchase/money.ts';
import { conversionMilli, formatConversion } from '../stats/stats.rules.ts';
import type { createEventInput, EventInfo, updateEventInput } from './event.schema.ts';

/** The stored event: counters in cents and counts, beside the editable fields. */
export interface EventItem extends Omit<EventInfo, 'sales' | 'conversionRate'> {
  salesCents: number;
}

export function fromItem(item: Record<string, unknown>): EventInfo {
  const { salesCents, ...event } = stripKeys(item) as unknown as EventItem;
  return {
    ...event,
    sales: centsToDollars(salesCents ?? 0),
    pageViews: event.pageViews ?? 0,
    completedPurchases: event.completedPurchases ?? 0,
    conversionRate: formatConversion(conversionMilli(event.completedPurchases ?? 0, event.pageViews ?? 0)),
  };
}

/** Put a new event and count it in the dashboard totals, in one transaction. */
export async function insertEvent(db: Db, input: z.output<typeof createEventInput>, now = new Date()) {
  const id = randomUUID();
  const createdAt = now.toISOString();
  const item: EventItem & Record<string, unknown> = {
    ...keys.event(id),
    ...keys.eventsByCreated(createdAt, id),
    ...keys.eventsByConversion(0, id),
    id,
    ...input,
    date: new Date(input.date).toISOString(),
    salesCents: 0,
    pageViews: 0,
    completedPurchases: 0,
    createdAt,
    updatedAt: createdAt,
    version: 1,
  };
  await transact(db, [
    { Put: { Item: item, ConditionExpression: 'attribute_not_exists(pk)' } },
    statsIncrement({ eventCount: 1 }),
  ]);
  return fromItem(item);
}

/** A dashboard-totals increment, to ride in the transaction of the write that changes it. */
export function statsIncrement(deltas: Record<string, number>): TransactItem {
  const names = Object.keys(deltas);
  return {
    Update: {
      Key: keys.stats(),
      UpdateExpression: `ADD ${names.map((_, i) => `#c${i} :c${i}`).join(', ')}`,
      ExpressionAttributeNames: Object.fromEntries(names.map((n, i) => [`#c${i}`, n])),
      ExpressionAttributeValues: Object.fromEntries(names.map((n, i) => [`:c${i}`, deltas[n]])),
    },
  };
}

/** One event by id (the edit page). */
export async function getEventItem(db: Db, id: string, consistent = false) {
  const result = await db.doc.send(new GetCommand({ TableName: db.tableName, Key: keys.event(id), ConsistentRead: consistent }));
  return result.Item;
}

/** All events, newest created first (the events list, events with details). */
export async function listEventItems(db: Db) {
  return queryAll(db, {
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.eventsByCreated('', '').gsi1pk },
    ScanIndexForward: false,
  });
}

/** One page of events, newest created first. */
export async function pageEventItems(db: Db, limit: number, cursor?: string | null) {
  return queryPage(
    db,
    {
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.eventsByCreated('', '').gsi1pk },
      ScanIndexForward: false,
      Limit: limit,
    },
    cursor,
  );
}

/** The highest-converting events (dashboard top events): one Query of `limit` items. */
export async function topEventItems(db: Db, limit: number) {
  const result = await db.doc.send(
    new QueryCommand({
      TableName: db.tableName,
      IndexName: 'gsi2',
      KeyConditionExpression: 'gsi2pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.eventsByConversion(0, '').gsi2pk },
      ScanIndexForward: false,
      Limit: limit,
    }),
  );
  return result.Items ?? [];
}

const editable = [
  'title',
  'description',
  'date',
  'time',
  'venue',
  'status',
  'venueId',
  'ticketEvolutionEventId',
  'tailgateEventId',
  'tailgateDiscount',
  'seatViewUrl',
] as const;

/**
 * Updates the editable fields only (counters are never written here), conditional on the
 * version the client read when it sent one, so a stale edit is refused instead of overwriting.
 */
export async function updateEventItem(db: Db, input: z.output<typeof updateEventInput>, now = new Date()) {
  const values: Record<string, unknown> = { ...input, date: new Date(input.date).toISOString() };
  const fields = editable.filter((f) => values[f] !== undefined);
  try {
    const result = await db.doc.send(
      new UpdateCommand({
        TableName: db.tableName,
        Key: keys.event(input.id),
        UpdateExpression: `SET ${fields.map((f) => `#${f} = :${f}`).join(', ')}, updatedAt = :now ADD version :one`,
        ConditionExpression: input.version === undefined ? 'attribute_exists(pk)' : 'version = :version',
        ExpressionAttributeNames: Object.fromEntries(fields.map((f) => [`#${f}`, f])),
        ExpressionAttributeValues: {
          ...Object.fromEntries(fields.map((f) => [`:${f}`, values[f]])),
          ':now': now.toISOString(),
          ':one': 1,
          ...(input.version === undefined ? {} : { ':version': input.version }),
        },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return fromItem(result.Attributes!);
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    throw (await getEventItem(db, input.id)) ? staleVersion('This event was') : notFound('Event');
  }
}

/**
 * Adds page views, moving the event's conversion rank and the dashboard's conversion totals in
 * the same transaction, conditional on the counts it read (retried when a purchase raced it).
 */
export async function addPageViews(db: Db, id: string, count: number) {
  return withRetry(async () => {
    const item = await getEventItem(db, id, true);
    if (!item) throw notFound('Event');
    const views = Number(item.pageViews ?? 0);
    const completed = Number(item.completedPurchases ?? 0);
    const before = conversionMilli(completed, views);
    const after = conversionMilli(completed, views + count);
    try {
      await transact(db, [
        {
          Update: {
            Key: keys.event(id),
            UpdateExpression: 'SET pageViews = :after, gsi2sk = :rank',
            ConditionExpression: 'pageViews = :views AND completedPurchases = :completed',
            ExpressionAttributeValues: {
              ':after': views + count,
              ':rank': keys.eventsByConversion(after, id).gsi2sk,
              ':views': views,
              ':completed': completed,
            },
          },
        },
        statsIncrement({ conversionSumMilli: after - before, viewedEventCount: views === 0 ? 1 : 0 }),
      ]);
    } catch (error) {
      if (failedConditions(error)?.length) return retry;
      throw error;
    }
    return fromItem({ ...item, pageViews: views + count });
  });
}
