import { randomInt } from 'node:crypto';
import type { Db } from '../db/client.ts';
import { failedConditions, transact, type TransactItem } from '../db/write.ts';
import { DomainError } from '../error.ts';
import { releaseLapsedHolds } from '../hold/hold.repo.ts';
import { announceIfSoldOut } from '../order/sold-out.ts';
import { eventPool, returnItem, takeItem, transferItem, type Take, type TakeKind } from './pool.ts';
import { readPools, tooBusy, type PoolState } from './pool-read.ts';

/** One line of a take: a ticket type (its pool), its name for a refusal, and how many. */
export interface TakeLine {
  ticketTypeId: string;
  name: string;
  quantity: number;
  /** the type's shard count, as read with it */
  shards: number;
}

/** What an order or a hold takes: its lines, and through them the event's capacity (the lines' sum). */
export interface TakePlan {
  eventId: string;
  eventShards: number;
  lines: TakeLine[];
}

interface Need {
  pool: string;
  shards: number;
  quantity: number;
}

const needsOf = (plan: TakePlan): Need[] => [
  { pool: eventPool, shards: plan.eventShards, quantity: plan.lines.reduce((sum, line) => sum + line.quantity, 0) },
  ...plan.lines.map((line) => ({ pool: line.ticketTypeId, shards: line.shards, quantity: line.quantity })),
];

/** The Updates that take `takes` (kind sold or held): to append to the writer's own TransactWriteItems. */
export const takeItems = (eventId: string, takes: readonly Take[], kind: TakeKind) => takes.map((take) => takeItem(eventId, take, kind));

/** The Updates that give `takes` back where they were taken (an order failed or refunded in full: sold; a hold ended: held). */
export const returnItems = (eventId: string, takes: readonly Take[], kind: TakeKind) =>
  takes.map((take) => returnItem(eventId, take, kind));

/**
 * Which pools ran dry in a cancelled transaction whose items from `offset` on are `takes`' items:
 * null when the error is not a cancelled transaction, [] when only the writer's own items failed.
 */
export function dryPools(error: unknown, offset: number, takes: readonly Take[]): string[] | null {
  const failed = failedConditions(error);
  if (!failed) return null;
  return failed.filter((i) => i >= offset && i < offset + takes.length).map((i) => takes[i - offset]!.pool);
}

// What this process last saw free on each shard: a take picks a shard that had enough, so a sale
// rarely sends a take to a dry shard, and a sold-out pool refuses without a write.
const seen = new WeakMap<Db, Map<string, number[]>>();
const seenOf = (db: Db) => seen.get(db) ?? seen.set(db, new Map()).get(db)!;
const seenKey = (eventId: string, pool: string) => `${eventId}\u0000${pool}`;

function remember(db: Db, eventId: string, pools: readonly PoolState[]) {
  for (const pool of pools)
    seenOf(db).set(
      seenKey(eventId, pool.pool),
      pool.shards.map((s) => (s.exists ? s.free : 0)),
    );
}

/** A shard that had `quantity` free when last seen (any, when never seen); null when none had. */
function pickShard(db: Db, eventId: string, need: Need): number | null {
  const frees = seenOf(db).get(seenKey(eventId, need.pool));
  if (!frees) return randomInt(need.shards);
  const fits = frees.flatMap((free, shard) => (free >= need.quantity ? [shard] : []));
  return fits.length ? fits[randomInt(fits.length)]! : null;
}

/**
 * Takes the plan's tickets in the writer's own transaction: `alongside(takes)` gives the writer's
 * items (an order, a hold), the takes' Updates go after them, and all land together or not at all.
 * A take whose shard ran dry makes room (makeRoom) and tries again, a bounded number of times; a
 * refusal is a 409 that says what is left; giving up is a 503 to try again, never an oversale.
 * A failed condition of the writer's own items is thrown as it is, for the writer to read.
 */
export async function takeTickets(
  db: Db,
  plan: TakePlan,
  kind: TakeKind,
  alongside: (takes: Take[]) => TransactItem[] | Promise<TransactItem[]>,
  now = new Date(),
): Promise<Take[]> {
  const needs = needsOf(plan);
  let lapsedReleased = false;
  let chosen: (number | null)[] = needs.map((need) => pickShard(db, plan.eventId, need));
  for (let attempt = 0; attempt < 8; attempt++) {
    if (attempt > 1) await new Promise((r) => setTimeout(r, Math.random() * 5 * 2 ** Math.min(attempt, 5)));
    if (chosen.some((shard) => shard === null)) {
      const room = await makeRoom(db, plan, needs, now, !lapsedReleased);
      lapsedReleased = true;
      if (!room) continue;
      chosen = room;
    }
    const takes = needs.map((need, i) => ({ pool: need.pool, shard: chosen[i]!, quantity: need.quantity }));
    const own = await alongside(takes);
    try {
      await transact(db, [...own, ...takeItems(plan.eventId, takes, kind)]);
    } catch (error) {
      const dry = dryPools(error, own.length, takes);
      if (dry === null || dry.length < (failedConditions(error)?.length ?? 0)) throw error;
      chosen = needs.map((need, i) => (dry.includes(need.pool) ? null : chosen[i]!));
      continue;
    }
    let dried = false;
    for (const take of takes) {
      const frees = seenOf(db).get(seenKey(plan.eventId, take.pool));
      if (frees?.[take.shard] !== undefined) frees[take.shard]! -= take.quantity;
      dried ||= frees !== undefined && frees.every((free) => free <= 0);
    }
    soldOutChecked.get(db)?.delete(plan.eventId);
    if (dried) await announceIfSoldOut(db, plan.eventId, now);
    return takes;
  }
  throw tooBusy();
}

// Events this process checked for selling out since its last take of their tickets: a burst of
// refused buyers checks once, not once each. A check the store failed (a burst's timeout) is
// forgotten, so the next refusal makes it again instead of the event never being announced.
const soldOutChecked = new WeakMap<Db, Set<string>>();
async function checkSoldOut(db: Db, eventId: string, now: Date) {
  const checked = soldOutChecked.get(db) ?? soldOutChecked.set(db, new Set()).get(db)!;
  if (checked.has(eventId)) return;
  checked.add(eventId);
  if (!(await announceIfSoldOut(db, eventId, now))) checked.delete(eventId);
}

/**
 * Finds a shard with room in every pool of the plan, or refuses. Reads the pools; when one has
 * fewer free in all than the plan needs, the event's lapsed holds are released first (once per
 * take) and an exact read decides: refused with what is left, never because capacity sat on
 * another shard or in a lapsed hold. Otherwise a pool whose shards each have too few gets free
 * moved into one of them from the others. null: lost a race, try again.
 */
async function makeRoom(db: Db, plan: TakePlan, needs: Need[], now: Date, releaseLapsed: boolean): Promise<number[] | null> {
  let { pools } = await readPools(db, plan.eventId, needs);
  if (pools.some((pool) => !pool.head)) throw new DomainError('invalid', 'Unknown ticket type');
  const shortOf = () => needs.flatMap((need, i) => (pools[i]!.free < need.quantity ? [pools[i]!] : []));
  const short = () => shortOf().length > 0;
  if (short()) {
    // only a pool that holds tickets can get any back from a lapsed hold
    const holding = shortOf().some((pool) => pool.held > 0);
    if (releaseLapsed && holding && (await releaseLapsedHolds(db, plan.eventId, now)) > 0) return makeRoom(db, plan, needs, now, false);
    const exact = await readPools(db, plan.eventId, needs, { exact: 'bound' });
    pools = exact.pools;
    remember(db, plan.eventId, pools);
    if (short()) {
      if (exact.settled) {
        await checkSoldOut(db, plan.eventId, now);
        throw notEnough(plan, pools);
      }
      return null;
    }
  }
  remember(db, plan.eventId, pools);
  const chosen: number[] = [];
  for (const [i, need] of needs.entries()) {
    const pool = pools[i]!;
    const fits = pool.shards.filter((s) => s.exists && s.free >= need.quantity);
    const shard = fits.length ? fits[randomInt(fits.length)]!.shard : await transfer(db, plan.eventId, pool, need.quantity);
    if (shard === null) return null;
    chosen.push(shard);
  }
  return chosen;
}

/**
 * Moves free into the pool's richest shard from the others, so it holds at least `quantity` (and
 * its fair share of what is free, so the next takes find room there too): one transaction, each
 * donor's part conditional on its free. The shard, or null when a donor had less by then.
 */
async function transfer(db: Db, eventId: string, pool: PoolState, quantity: number): Promise<number | null> {
  const shards = pool.shards.filter((s) => s.exists).sort((a, b) => b.free - a.free);
  const [target, ...donors] = shards;
  if (!target) return null;
  const want = Math.min(pool.free, Math.max(quantity, Math.ceil(pool.free / shards.length))) - target.free;
  const items = [transferItem(eventId, pool.pool, target.shard, want)];
  let left = want;
  for (const donor of donors) {
    if (left <= 0) break;
    const part = Math.min(donor.free, left);
    if (part > 0) items.push(transferItem(eventId, pool.pool, donor.shard, -part));
    left -= part;
  }
  try {
    await transact(db, items);
    return target.shard;
  } catch (error) {
    if (failedConditions(error)?.length) return null;
    throw error;
  }
}

/**
 * The refusal of a plan the pools cannot fill, naming the first line that does not fit in what is
 * left: its type's free and what the event's capacity has left after the lines before it.
 */
function notEnough(plan: TakePlan, pools: readonly PoolState[]) {
  const left = (pool: PoolState) => (pool.head?.limit === null ? Infinity : pool.free);
  let eventLeft = left(pools[0]!);
  for (const [i, line] of plan.lines.entries()) {
    const fits = Math.max(0, Math.min(left(pools[i + 1]!), eventLeft));
    if (line.quantity > fits) return new DomainError('conflict', `Not enough tickets: ${line.name} has ${fits} left`);
    eventLeft -= line.quantity;
  }
  return tooBusy();
}
