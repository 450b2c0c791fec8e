import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { addUpdate } from '../counters/add.ts';
import { eventFigures } from '../counters/figures.ts';
import type { Db } from '../db/client.ts';
import { keys } from '../db/keys.ts';
import { queryAll } from '../db/query.ts';
import { shardSuffixes } from '../db/shards.ts';
import { failedConditions, forEachLimited, transact, type TransactItem } from '../db/write.ts';
import type { Migration } from './migration.ts';

// Before shards an event kept its counters on itself (no `countedOps`), later adopted as its
// unsuffixed counter shard (EVENT_COUNTER#<id>); a customer kept its transaction counts on
// itself, beside its later COUNTS item. Readers added those in until this moved them: an event's
// onto its first shard, a customer's onto its COUNTS item, each in one transaction with the
// removal (so nothing is counted twice), conditional on what was read. And an event now has all
// its counter shards from its creation (a change of an event without them is refused): those an
// event from before lacks are made, while it still exists.

const first = '#0';

/**
 * An event's shards completed, and its own counters or its unsuffixed shard moved onto its first
 * shard (never both: adopting them made the unsuffixed shard and set `countedOps` at once).
 */
function eventMoves(event: Record<string, unknown>, unsuffixed: Record<string, unknown> | undefined): TransactItem[] {
  const id = String(event.id);
  const legacy = event.countedOps === undefined;
  const moves: TransactItem[] = [
    // only while the event is there (and, from before shards, its copy starts counting shard writes)
    legacy
      ? {
          Update: {
            Key: keys.event(id),
            UpdateExpression: 'SET countedOps = :zero',
            ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(countedOps)',
            ExpressionAttributeValues: { ':zero': 0 },
          },
        }
      : { ConditionCheck: { Key: keys.event(id), ConditionExpression: 'attribute_exists(pk)' } },
    // every other shard made where missing (an ADD of nothing)
    ...shardSuffixes
      .filter((s) => s !== first)
      .map((s): TransactItem => ({
        Update: { Key: keys.eventCounter(id, s), UpdateExpression: 'ADD ops :zero', ExpressionAttributeValues: { ':zero': 0 } },
      })),
  ];
  // the first shard takes what the event kept itself (one write more than its copy has seen: the
  // next refresh recomputes the copy from the shards), or its unsuffixed shard
  const own = legacy ? { ...figuresOf(event), ops: 1 } : {};
  const ops = unsuffixed?.ops as number | undefined;
  const moved = unsuffixed ? { ...figuresOf(unsuffixed), ops: ops ?? 0, viewDays: unsuffixed.viewDays as Set<string> | undefined } : {};
  moves.push(
    addUpdate(keys.eventCounter(id, first), { ops: 0, ...own, ...moved }) ?? {
      Update: { Key: keys.eventCounter(id, first), UpdateExpression: 'ADD ops :zero', ExpressionAttributeValues: { ':zero': 0 } },
    },
  );
  if (unsuffixed) {
    moves.push({
      Delete: {
        Key: keys.eventCounter(id, ''),
        ConditionExpression: ops === undefined ? 'attribute_not_exists(ops)' : 'ops = :ops',
        ...(ops === undefined ? {} : { ExpressionAttributeValues: { ':ops': ops } }),
      },
    });
  }
  return moves;
}

const figuresOf = (item: Record<string, unknown>) =>
  Object.fromEntries(eventFigures.map((name) => [name, Number(item[name] ?? 0)])) as Record<string, number>;

/** A customer's own counts onto its COUNTS item. */
function customerMoves(customer: Record<string, unknown>): TransactItem[] {
  const seen = (name: string) => (customer[name] === undefined ? `attribute_not_exists(${name})` : `${name} = :${name}`);
  const values = Object.fromEntries(
    ['purchaseCount', 'completedPurchases'].filter((name) => customer[name] !== undefined).map((name) => [`:${name}`, customer[name]]),
  );
  const add = addUpdate(keys.customerCounts(String(customer.id)), {
    purchaseCount: Number(customer.purchaseCount ?? 0),
    completedPurchases: Number(customer.completedPurchases ?? 0),
  });
  return [
    {
      Update: {
        Key: keys.customer(String(customer.id)),
        UpdateExpression: 'REMOVE purchaseCount, completedPurchases',
        ConditionExpression: `${seen('purchaseCount')} AND ${seen('completedPurchases')}`,
        ...(Object.keys(values).length ? { ExpressionAttributeValues: values } : {}),
      },
    },
    ...(add ? [add] : []),
  ];
}

/** Runs each item's moves; one that lost to a live write is counted as left (the next run reads it again). */
async function each(items: readonly Record<string, unknown>[], moves: (item: Record<string, unknown>) => Promise<TransactItem[]>, db: Db) {
  let moved = 0;
  let left = 0;
  await forEachLimited(items, 8, async (item) => {
    const writes = await moves(item);
    if (writes.length === 0) return;
    try {
      await transact(db, writes);
      moved += 1;
    } catch (error) {
      if (!failedConditions(error)?.length) throw error;
      left += 1;
    }
  });
  return { moved, left };
}

export const ownCounters: Migration = {
  name: 'own-counters-v1',
  async run(db) {
    const all = (pk: string, filter?: string) =>
      queryAll(db, {
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :pk',
        ...(filter ? { FilterExpression: filter } : {}),
        ExpressionAttributeValues: { ':pk': pk },
      });
    const events = [...(await all(keys.eventsByCreated('', '').gsi1pk)), ...(await all(keys.archivedEventsByCreated('', '').gsi1pk))];
    const counters = await each(
      events,
      async (event) => {
        const key = keys.eventCounter(String(event.id), '');
        const unsuffixed = await db.doc.send(new GetCommand({ TableName: db.tableName, Key: key, ConsistentRead: true }));
        return eventMoves(event, unsuffixed.Item);
      },
      db,
    );
    const customers = await all(
      keys.customersByCreated('', '').gsi1pk,
      'attribute_exists(purchaseCount) OR attribute_exists(completedPurchases)',
    );
    const counts = await each(customers, async (customer) => customerMoves(customer), db);
    return { updated: counters.moved + counts.moved, done: counters.left + counts.left === 0 };
  },
};
