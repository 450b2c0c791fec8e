import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { confirmItem, returnItem, type Take } from '../capacity/pool.ts';
import type { Sweep } from '../jobs/registry.ts';
import type { Db } from '../db/client.ts';
import { keys } from '../db/keys.ts';
import { stripKeys } from '../db/query.ts';
import { failedConditions, forEachLimited, transact, type TransactItem } from '../db/write.ts';
import type { HoldInfo, HoldStatus } from './hold.schema.ts';

// A hold is two items while it holds: the hold (HOLD#id), and its mark in its event's partitions
// by expiry (HOLDS#eventId#s / expiresAt#id, also on the sharded gsi1 HOLDS_DUE#s). The mark is
// deleted in the same transaction that ends the hold (released, confirmed, expired), so the marks
// with an expiry in the past are exactly the lapsed holds whose tickets are still counted as held.
// Expiry is judged by time, never by TTL: the ttl only clears the item away a month after it ended.

export interface HoldItem {
  id: string;
  eventId: string;
  lines: { ticketTypeId: string; quantity: number }[];
  /** where its tickets were taken: they go back (or become sold) there */
  takes: Take[];
  expiresAt: string;
  status: HoldStatus;
  createdAt: string;
}

/** How long an ended hold is kept (for GET and a late confirm's clear 409) before TTL clears it. */
const keptSeconds = 30 * 24 * 3600;

export function fromItem(item: Record<string, unknown>, now = new Date()): HoldInfo {
  const hold = stripKeys(item) as unknown as HoldItem;
  const lapsed = hold.status === 'held' && Date.parse(hold.expiresAt) <= now.getTime();
  return { id: hold.id, eventId: hold.eventId, lines: hold.lines, expiresAt: hold.expiresAt, status: lapsed ? 'expired' : hold.status };
}

/** A new hold and its mark, refused if the id is taken. */
export function holdPuts(hold: HoldItem): TransactItem[] {
  return [
    { Put: { Item: { ...keys.hold(hold.id), ...hold }, ConditionExpression: 'attribute_not_exists(pk)' } },
    {
      Put: {
        Item: {
          ...keys.heldMark(hold.eventId, hold.expiresAt, hold.id),
          ...keys.holdsDue(hold.expiresAt, hold.id),
          holdId: hold.id,
          eventId: hold.eventId,
          takes: hold.takes,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
  ];
}

export async function getHoldItem(db: Db, id: string) {
  const result = await db.doc.send(new GetCommand({ TableName: db.tableName, Key: keys.hold(id), ConsistentRead: true }));
  return result.Item as (HoldItem & Record<string, unknown>) | undefined;
}

type Ending = 'released' | 'expired' | 'confirmed';

/**
 * Ends a hold that still holds: its status, only from `held` (so two enders cannot both move its
 * tickets; a confirm only before its expiry, a release as `expired` only after), its mark away, and
 * its tickets back to the shards they came from, or sold on them.
 */
export function endHoldItems(hold: Pick<HoldItem, 'id' | 'eventId' | 'expiresAt' | 'takes'>, to: Ending, now: Date): TransactItem[] {
  const timeCheck = to === 'confirmed' ? ' AND expiresAt > :now' : to === 'expired' ? ' AND expiresAt <= :now' : '';
  return [
    {
      Update: {
        Key: keys.hold(hold.id),
        UpdateExpression: 'SET #status = :to, endedAt = :now, #ttl = :ttl',
        ConditionExpression: `#status = :held${timeCheck}`,
        ExpressionAttributeNames: { '#status': 'status', '#ttl': 'ttl' },
        ExpressionAttributeValues: {
          ':to': to,
          ':held': 'held',
          ':now': now.toISOString(),
          ':ttl': Math.floor(now.getTime() / 1000) + keptSeconds,
        },
      },
    },
    { Delete: { Key: keys.heldMark(hold.eventId, hold.expiresAt, hold.id), ConditionExpression: 'attribute_exists(pk)' } },
    ...hold.takes.map((take) => (to === 'confirmed' ? confirmItem(hold.eventId, take) : returnItem(hold.eventId, take, 'held'))),
  ];
}

/** Releases a hold (its tickets back on sale): true when this call did, false when it had already ended. */
export async function endHold(
  db: Db,
  hold: Pick<HoldItem, 'id' | 'eventId' | 'expiresAt' | 'takes'>,
  to: 'released' | 'expired',
  now: Date,
) {
  try {
    await transact(db, endHoldItems(hold, to, now));
    return true;
  } catch (error) {
    if (failedConditions(error)?.length) return false;
    throw error;
  }
}

/** A mark as read: enough to end its hold without reading the hold. */
function markHold(item: Record<string, unknown>) {
  return {
    id: String(item.holdId),
    eventId: String(item.eventId),
    expiresAt: String(item.sk).slice(0, String(item.sk).lastIndexOf('#')),
    takes: item.takes as Take[],
  };
}

/** The sort key bound of everything that lapsed by `now` (sort keys are `expiresAt#id`). */
const lapsedBound = (now: Date) => `${now.toISOString()}#\uffff`;

/**
 * The event's lapsed holds that still hold tickets, read consistently from its mark partitions
 * (what availability counts as free, and what a take that would be refused releases first). The
 * sweep keeps them few: each partition's lapsed marks are read up to `limit`.
 */
export async function lapsedMarks(db: Db, eventId: string, now: Date, limit = 100) {
  const pages = await Promise.all(
    keys.heldMarkPartitions(eventId).map((pk) =>
      db.doc.send(
        new QueryCommand({
          TableName: db.tableName,
          KeyConditionExpression: 'pk = :pk AND sk <= :bound',
          ExpressionAttributeValues: { ':pk': pk, ':bound': lapsedBound(now) },
          ConsistentRead: true,
          Limit: limit,
        }),
      ),
    ),
  );
  return pages.flatMap((page) =>
    (page.Items ?? []).map((item) => ({ key: { pk: String(item.pk), sk: String(item.sk) }, hold: markHold(item) })),
  );
}

interface Releasing {
  running?: { startedAt: number; run: Promise<number> };
  next?: Promise<number>;
}
const releasing = new WeakMap<Db, Map<string, Releasing>>();

/**
 * Ends the event's lapsed holds as of `now` (their tickets back on sale): how many the run ended.
 * Buyers of one event who find it short at once share a run: one started at or after `now` covers
 * the caller, else the callers share the run that follows the one under way, so none misses a hold
 * that lapsed before it asked and the mark partitions are not read once per buyer.
 */
export function releaseLapsedHolds(db: Db, eventId: string, now = new Date()): Promise<number> {
  const events = releasing.get(db) ?? releasing.set(db, new Map()).get(db)!;
  const state = events.get(eventId) ?? events.set(eventId, {}).get(eventId)!;
  const start = () => {
    const startedAt = Date.now();
    const run = (async () => {
      let ended = 0;
      await forEachLimited(await lapsedMarks(db, eventId, new Date(startedAt)), 8, async ({ hold }) => {
        if (await endHold(db, hold, 'expired', new Date(startedAt))) ended += 1;
      });
      return ended;
    })();
    state.running = { startedAt, run };
    const done = () => {
      if (state.running?.run === run) state.running = undefined;
      if (!state.running && !state.next) events.delete(eventId);
    };
    run.then(done, done);
    return run;
  };
  if (!state.running) return start();
  if (state.running.startedAt >= now.getTime()) return state.running.run;
  state.next ??= state.running.run
    .then(
      () => undefined,
      () => undefined,
    )
    .then(() => {
      state.next = undefined;
      return start();
    });
  return state.next;
}

/** How many lapsed holds of a shard one sweep ends at most. */
export const sweepShardLimit = 100;

/**
 * Ends every event's lapsed holds, oldest first, up to `limit` per shard of the due index (gsi1,
 * eventually consistent: a mark seen late is ended on the next run, and a take or a read of its
 * event counts it as free meanwhile). What npm start runs when a hold it placed lapses (and its
 * jobs every 30 s), and the AWS jobs function every minute.
 */
export async function sweepLapsedHolds(db: Db, now = new Date(), limit = sweepShardLimit) {
  const pages = await Promise.all(
    keys.holdsDuePartitions().map((pk) =>
      db.doc.send(
        new QueryCommand({
          TableName: db.tableName,
          IndexName: 'gsi1',
          KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk <= :bound',
          ExpressionAttributeValues: { ':pk': pk, ':bound': lapsedBound(now) },
          Limit: limit,
        }),
      ),
    ),
  );
  let ended = 0;
  await forEachLimited(
    pages.flatMap((page) => page.Items ?? []),
    8,
    async (item) => {
      if (await endHold(db, markHold(item), 'expired', now)) ended += 1;
    },
  );
  return ended;
}

/** The sweep as background work (core/background.ts): up to 100 per shard a run, the rest on the next. */
export const lapsedHoldsSweep: Sweep = {
  name: 'lapsed-holds',
  async run(db, { now }) {
    const ended = await sweepLapsedHolds(db, now);
    return { changed: ended, more: false };
  },
};
