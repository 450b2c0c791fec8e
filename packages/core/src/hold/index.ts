import { randomUUID } from 'node:crypto';
import { takeTickets } from '../capacity/take.ts';
import type { Db } from '../db/client.ts';
import { failedConditions, retry, type TransactItem } from '../db/write.ts';
import { DomainError, notFound } from '../error.ts';
import { fn } from '../fn.ts';
import { idempotencyOf, writeOnce } from '../idempotency/idempotency.repo.ts';
import type { OrderLine } from '../order/order.schema.ts';
import { prepareSale } from '../order/sale.ts';
import { endHold, endHoldItems, fromItem, getHoldItem, holdPuts, sweepLapsedHolds, sweepShardLimit, type HoldItem } from './hold.repo.ts';
import { createHoldInput, holdIdInput, type HoldInfo } from './hold.schema.ts';

export { releaseLapsedHolds, sweepLapsedHolds } from './hold.repo.ts';

/**
 * Holds tickets for a storefront's checkout, refused exactly as an order would be (the same
 * checks, the same take): the hold, its mark and the takes land in one transaction.
 */
export const create = fn(createHoldInput, async (db, input, actor) => {
  const now = new Date();
  const expiresAt = new Date(now.getTime() + input.minutes * 60_000);
  return writeOnce<HoldInfo>(db, idempotencyOf('holds.create', input, actor), (keep) => placeHold(db, input, expiresAt, keep, now));
});

/** A hold until `expiresAt` (create's, and tests' with an expiry of seconds); `retry` when its own items lost a race. */
export async function placeHold(
  db: Db,
  input: { eventId: string; lines: OrderLine[] },
  expiresAt: Date,
  keep: (answer: HoldInfo) => TransactItem[] = () => [],
  now = new Date(),
) {
  const { plan } = await prepareSale(db, input.eventId, input.lines, now);
  const hold = {
    id: randomUUID(),
    eventId: input.eventId,
    lines: plan.lines.map(({ ticketTypeId, quantity }) => ({ ticketTypeId, quantity })),
    expiresAt: expiresAt.toISOString(),
    status: 'held' as const,
    createdAt: now.toISOString(),
  };
  const answer = fromItem({ ...hold, takes: [] }, now);
  try {
    await takeTickets(db, plan, 'held', (takes) => [...holdPuts({ ...hold, takes }), ...keep(answer)], now);
    const lapsing = lapsingAt.get(db.tableName) ?? lapsingAt.set(db.tableName, []).get(db.tableName)!;
    lapsing.push(expiresAt.getTime());
  } catch (error) {
    if (failedConditions(error)?.length) return retry;
    throw error;
  }
  return answer;
}

async function requireHold(db: Db, id: string) {
  const item = await getHoldItem(db, id);
  if (!item) throw notFound('Hold');
  return item;
}

/** GET /api/holds/{id}: `expired` once its time is up, swept or not. */
export const get = fn(holdIdInput, async (db, { id }) => fromItem(await requireHold(db, id)));

/**
 * DELETE /api/holds/{id}: its tickets back on sale at once. A hold already released or expired
 * stays as it is (the call is safe to repeat); a confirmed one is an order now (409).
 */
export const release = fn(holdIdInput, async (db, { id }) => {
  for (let attempt = 0; attempt < 3; attempt++) {
    const now = new Date();
    const item = await requireHold(db, id);
    if (item.status === 'confirmed') throw noLongerActive();
    if (item.status !== 'held') return;
    const lapsed = Date.parse(item.expiresAt) <= now.getTime();
    if (await endHold(db, item, lapsed ? 'expired' : 'released', now)) return;
  }
});

const noLongerActive = () => new DomainError('conflict', 'This hold is no longer active');
const expired = () => new DomainError('conflict', 'This hold has expired');

/** Why a hold cannot be confirmed at `now`, or null when it can. */
function confirmRefusal(item: HoldItem, now: Date) {
  if (item.status === 'expired' || (item.status === 'held' && Date.parse(item.expiresAt) <= now.getTime())) return expired();
  return item.status === 'held' ? null : noLongerActive();
}

/**
 * What confirming a hold writes, for the order writer to put in its own transaction: the hold
 * ended as confirmed (only while it holds and before it expires), its mark away, its held tickets
 * sold on the shards that hold them: never refused for lack of tickets. `explain` reads the hold
 * again and throws why, for when that transaction failed on these items.
 */
export async function prepareConfirm(
  db: Db,
  id: string,
  now = new Date(),
): Promise<{ hold: HoldItem; items: TransactItem[]; explain: () => Promise<never> }> {
  const hold = await requireHold(db, id);
  const refusal = confirmRefusal(hold, now);
  if (refusal) throw refusal;
  const explain = async () => {
    throw confirmRefusal(await requireHold(db, id), new Date()) ?? noLongerActive();
  };
  return { hold, items: endHoldItems(hold, 'confirmed', now), explain };
}

/**
 * When the holds this process placed lapse (ms since the epoch), per table: the sweeper's cue. A
 * store that holds nothing is not queried every second for nothing (16 shards a sweep), yet a hold
 * placed here is swept within a second of its expiry; the jobs' turn (every 30 s) takes the rest.
 */
const lapsingAt = new Map<string, number[]>();

/**
 * The sweeper `npm start` runs (and the tests that start the app): lapsed holds ended within
 * `everyMs` of the expiry of a hold this process placed, so held tickets are on sale again within
 * seconds of their expiry whether or not anyone reads or buys. One sweep at a time; a failed one
 * is logged and tried again.
 */
export function sweepHoldsEvery(db: Db, everyMs = 1000) {
  let running = false;
  const timer = setInterval(() => {
    const now = Date.now();
    if (running || !lapsingAt.get(db.tableName)?.some((at) => at <= now)) return;
    running = true;
    sweepLapsedHolds(db, new Date(now))
      .then((ended) => {
        // fewer than a shard's limit ended: nothing lapsed by `now` is left (else the cue stays)
        if (ended < sweepShardLimit)
          lapsingAt.set(
            db.tableName,
            lapsingAt.get(db.tableName)!.filter((at) => at > now),
          );
      })
      .catch((error: unknown) => console.error('Lapsed holds sweep failed:', error))
      .finally(() => (running = false));
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
