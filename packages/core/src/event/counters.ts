import type { Db } from '../db/client.ts';
import { keys } from '../db/keys.ts';
import { batchGet } from '../db/query.ts';
import { randomShard, shardSuffixes, sumShards } from '../db/shards.ts';
import { failedConditions, transact, type TransactItem } from '../db/write.ts';
import { statsIncrement } from '../stats/stats.repo.ts';
import { conversionMilli } from '../stats/stats.rules.ts';

// An event's counters (sales, completed purchases, page views) are moved by every purchase of
// it: on an on-sale night thousands a minute. They live in shards, each a partition of its own
// (EVENT_COUNTER#id#s, db/shards.ts), each write an ADD on any one of them, so writers never
// wait on each other. The event item carries a copy of their sum, with the conversion rank
// (gsi2) derived from it, for the lists and the dashboard's top events; `refreshEventCounters`
// brings that copy up to date, conditional on the copy it read, and moves the dashboard's
// conversion totals by exactly what the copy's conversion moved.

/** What happens to an event's counters: completed purchases, sales and page views added. */
export interface EventCounterDelta {
  completed: number;
  salesCents: number;
  views: number;
}

export interface EventCounts {
  completedPurchases: number;
  salesCents: number;
  pageViews: number;
}

/**
 * The ADD of a change onto one shard of the event's counters, to ride in the change's transaction.
 * Page views also add their UTC day (yyyy-mm-dd) to the shard's `viewDays`, so deleting the event
 * finds the day figures they moved without reading every day.
 */
export function eventCounterAdd(eventId: string, delta: EventCounterDelta, viewDay?: string): TransactItem {
  const days = delta.views > 0 && viewDay ? { ':days': new Set([viewDay]) } : undefined;
  return {
    Update: {
      Key: keys.eventCounter(eventId, randomShard()),
      UpdateExpression: `ADD completedPurchases :completed, salesCents :sales, pageViews :views, ops :one${days ? ', viewDays :days' : ''}`,
      ExpressionAttributeValues: { ':completed': delta.completed, ':sales': delta.salesCents, ':views': delta.views, ':one': 1, ...days },
    },
  };
}

/**
 * The event item and the exact sum of its counters, in one BatchGetItem. `ops` counts the
 * writes the shards took: it only grows, so a copy made from a larger `ops` is the newer one.
 * An event stored before shards (no `countedOps`) still holds its counters itself: they count too.
 */
export async function readEventCounts(db: Db, id: string, consistent = false) {
  const found = await batchGet(db, [keys.event(id), ...shardSuffixes.map((s) => keys.eventCounter(id, s))], { consistent });
  const item = found.find((i) => i.pk === keys.event(id).pk);
  const shards = sumShards(found.filter((i) => i !== item));
  const legacy = item && item.countedOps === undefined ? item : {};
  const counts: EventCounts = {
    completedPurchases: Number(shards.completedPurchases ?? 0) + Number(legacy.completedPurchases ?? 0),
    salesCents: Number(shards.salesCents ?? 0) + Number(legacy.salesCents ?? 0),
    pageViews: Number(shards.pageViews ?? 0) + Number(legacy.pageViews ?? 0),
  };
  return { item, counts, ops: Number(shards.ops ?? 0) };
}

/**
 * Brings the event item's copy of its counters (and so its conversion rank and the dashboard's
 * conversion sum) up to the shards' sum. Conditional on the copy it read: of two refreshes at
 * once one lands; the other reads again, and stops there if the copy already covers what it saw.
 */
export async function refreshEventCounters(db: Db, id: string) {
  for (let attempt = 0; attempt < 5; attempt++) {
    const { item, counts, ops } = await readEventCounts(db, id, true);
    if (!item) return;
    if (item.countedOps === undefined) {
      await adoptLegacyCounters(db, item);
      continue;
    }
    const seen = Number(item.countedOps);
    if (seen >= ops) return;
    const views = Number(item.pageViews ?? 0);
    const before = conversionMilli(Number(item.completedPurchases ?? 0), views);
    const after = conversionMilli(counts.completedPurchases, counts.pageViews);
    const viewed = (counts.pageViews > 0 ? 1 : 0) - (views > 0 ? 1 : 0);
    try {
      await transact(db, [
        {
          Update: {
            Key: keys.event(id),
            UpdateExpression:
              'SET completedPurchases = :completed, salesCents = :sales, pageViews = :views, gsi2sk = :rank, countedOps = :ops',
            ConditionExpression: 'countedOps = :seen',
            ExpressionAttributeValues: {
              ':completed': counts.completedPurchases,
              ':sales': counts.salesCents,
              ':views': counts.pageViews,
              ':rank': keys.eventsByConversion(after, id).gsi2sk,
              ':ops': ops,
              ':seen': seen,
            },
          },
        },
        ...(after !== before || viewed !== 0 ? [statsIncrement({ conversionSumMilli: after - before, viewedEventCount: viewed })] : []),
      ]);
      return;
    } catch (error) {
      if (!failedConditions(error)?.length) throw error;
    }
  }
}

/** An event stored before shards: its counters become its unsuffixed shard, once. */
async function adoptLegacyCounters(db: Db, item: Record<string, unknown>) {
  const id = String(item.id);
  try {
    await transact(db, [
      {
        Put: {
          Item: {
            ...keys.eventCounter(id, ''),
            completedPurchases: Number(item.completedPurchases ?? 0),
            salesCents: Number(item.salesCents ?? 0),
            pageViews: Number(item.pageViews ?? 0),
            ops: 0,
          },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      {
        Update: {
          Key: keys.event(id),
          UpdateExpression: 'SET countedOps = :zero',
          ConditionExpression: 'attribute_not_exists(countedOps)',
          ExpressionAttributeValues: { ':zero': 0 },
        },
      },
    ]);
  } catch (error) {
    if (!failedConditions(error)?.length) throw error; // another refresh adopted them first
  }
}

/**
 * How often one server process refreshes one event's copy. `intervalMs` (COUNTER_REFRESH_MS) is
 * the least time between two refreshes' starts: 0 under npm start, so a change made alone is on
 * the lists when its answer arrives; 1 s on AWS, where each instance serves one request at a
 * time and would otherwise refresh once per purchase. `busyGapMs`: when changes arrived while a
 * refresh ran (many buyers at once), the refresh that follows waits this long, so a burst costs
 * the event's item a few writes a second, not one per purchase. `held`: a bulk load in this
 * process (the demo data, before the server listens) moves many counters and refreshes each event
 * once at its end instead (refreshEventCounters).
 */
export const counterRefresh = { intervalMs: Number(process.env.COUNTER_REFRESH_MS ?? 0), busyGapMs: 250, held: false };

interface RefreshState {
  running: boolean;
  queued: boolean;
  lastStart: number;
  timer?: ReturnType<typeof setTimeout>;
}
const refreshes = new Map<string, RefreshState>();

/**
 * Called after a change moved an event's counters (its transaction is stored): refreshes the
 * event's copy now when none is running or due, else makes sure one follows. Never throws: the
 * change is stored either way, and the next refresh catches up.
 */
export async function eventCountersMoved(db: Db, eventId: string) {
  if (counterRefresh.held) return;
  const key = `${db.tableName}\u0000${eventId}`;
  let state = refreshes.get(key);
  if (!state) {
    if (refreshes.size > 10_000) forgetIdle();
    state = { running: false, queued: false, lastStart: 0 };
    refreshes.set(key, state);
  }
  if (state.running || state.timer) {
    state.queued = true;
    return;
  }
  const wait = state.lastStart + counterRefresh.intervalMs - Date.now();
  if (wait > 0) later(db, eventId, state, wait);
  else await run(db, eventId, state);
}

function later(db: Db, eventId: string, state: RefreshState, wait: number) {
  state.timer = setTimeout(() => {
    state.timer = undefined;
    void run(db, eventId, state);
  }, wait);
  state.timer.unref?.();
}

async function run(db: Db, eventId: string, state: RefreshState) {
  state.running = true;
  state.queued = false;
  state.lastStart = Date.now();
  try {
    await refreshEventCounters(db, eventId);
  } catch {
    // a store that falters: the next change or read refreshes again
  } finally {
    state.running = false;
  }
  if (state.queued) later(db, eventId, state, Math.max(counterRefresh.busyGapMs, state.lastStart + counterRefresh.intervalMs - Date.now()));
}

/**
 * Resolves once this process has no refresh running or waiting (at most `withinMs`): after
 * concurrent changes, the event's copy, its rank and the dashboard's conversion are then exact.
 */
export async function countersSettled(withinMs = 10_000) {
  const deadline = Date.now() + withinMs;
  const busy = () => [...refreshes.values()].some((state) => state.running || state.timer !== undefined);
  while (busy() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
}

function forgetIdle() {
  const now = Date.now();
  for (const [key, state] of refreshes) {
    if (!state.running && !state.timer && now - state.lastStart > counterRefresh.intervalMs) refreshes.delete(key);
  }
}
