import type { Db } from '../db/client.ts';
import { keys } from '../db/keys.ts';
import { failedConditions, transact } from '../db/write.ts';
import { eventFigures } from '../counters/figures.ts';
import { counterWrites } from '../counters/moves.ts';
import { readSharded } from '../counters/shards.ts';
import { conversionMilli } from '../stats/stats.rules.ts';

// An event's counters (sales, completed purchases, page views, transactions) are moved by every
// purchase of it: on an on-sale night thousands a minute. They live in shards, each a partition
// of its own (EVENT_COUNTER#id#s), moved by counters/ like every counter. The event item carries
// a copy of their sum, with the conversion rank (gsi2) derived from it, for the lists and the
// dashboard's top events; `refreshEventCounters` brings that copy up to date, conditional on the
// copy it read, and moves the dashboard's conversion totals by exactly what the copy's conversion
// moved.

export interface EventCounts {
  completedPurchases: number;
  salesCents: number;
  pageViews: number;
}

/**
 * The event item and the exact sum of its counters, in one BatchGetItem. `ops` counts the
 * writes the shards took: it only grows, so a copy made from a larger `ops` is the newer one.
 */
export async function readEventCounts(db: Db, id: string, consistent = false) {
  const read = await readSharded(db, (s) => keys.eventCounter(id, s), [...eventFigures, 'ops'], {
    consistent,
    alongside: [keys.event(id)],
  });
  const { completedPurchases, salesCents, pageViews, transactions, ops } = read.sum;
  const counts: EventCounts = { completedPurchases, salesCents, pageViews };
  return { item: read.alongside[0], counts, transactions, ops, shards: read.shards };
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
        ...counterWrites({ totals: { conversionSumMilli: after - before, viewedEventCount: viewed } }),
      ]);
      return;
    } catch (error) {
      if (!failedConditions(error)?.length) throw error;
    }
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
