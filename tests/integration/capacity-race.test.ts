// The capacity guarantee, proven by racing: parallel sales and holds against small limits split
// over shards, with releases, confirms, lapsed holds and a capacity lowered under load. At every
// exact read and at the end: sold + held never above a limit, the limit reached (within the
// smallest refused request), each refusal's N right, the shards equal to a recomputation.
import { randomUUID } from 'node:crypto';
import { beforeAll, expect, it } from 'vitest';
import { eventPool } from '@event-admin/core/capacity/pool';
import { readPools } from '@event-admin/core/capacity/pool-read';
import type { Db } from '@event-admin/core/db/client';
import { batchGet } from '@event-admin/core/db/query';
import { transact } from '@event-admin/core/db/write';
import { keys } from '@event-admin/core/db/keys';
import type { HoldItem } from '@event-admin/core/hold/hold.repo';
import * as Hold from '@event-admin/core/hold/index';
import * as TicketType from '@event-admin/core/ticket-type/index';
import { random } from '@event-admin/functions/local/random';
import { activeEvent, freshDb, notEnough, patiently, perPool, poolTotals, recordedSales, sell, ticketType } from './tickets.helpers.ts';

let db: Db;
beforeAll(async () => {
  db = await freshDb();
});

type Limits = Record<string, number | null>;

/** Reads the pools exactly every few ms while `work` runs: no settled read may show sold + held above a limit. */
async function watched<T>(eventId: string, limits: Limits, work: () => Promise<T>) {
  let done = false;
  let reads = 0;
  const watcher = (async () => {
    while (!done) {
      const specs = Object.keys(limits).map((pool) => ({ pool, shards: 16 }));
      // a read the busy store answers too late is just not counted
      const { pools, settled } = await readPools(db, eventId, specs, { exact: true }).catch(() => ({ pools: [], settled: false }));
      if (settled) {
        reads += 1;
        for (const pool of pools) {
          const limit = pool.head?.limit ?? null;
          if (limit !== null) expect(pool.sold + pool.held, pool.pool).toBeLessThanOrEqual(limit);
        }
      }
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
  try {
    return await work();
  } finally {
    done = true;
    await watcher;
    expect(reads).toBeGreaterThan(0);
  }
}

/** The shards against a recomputation: sold from the sales' and confirmed holds' takes, held from the holds still holding. */
async function recomputed(eventId: string, saleIds: string[], holdIds: string[], limits: Limits) {
  const sales = (await recordedSales(db, saleIds)).flat();
  const holds = (await batchGet(db, holdIds.map(keys.hold), { consistent: true })) as unknown as HoldItem[];
  const sold = perPool([...sales, ...holds.filter((h) => h.status === 'confirmed').flatMap((h) => h.takes)]);
  const held = perPool(holds.filter((h) => h.status === 'held').flatMap((h) => h.takes));
  const totals: Record<string, { free: number; sold: number; held: number }> = {};
  for (const [pool, limit] of Object.entries(limits)) {
    const stored = await poolTotals(db, eventId, pool);
    expect({ sold: stored.sold, held: stored.held }, pool).toEqual({ sold: sold(pool), held: held(pool) });
    for (const shard of stored.shards) for (const name of ['free', 'sold', 'held']) expect(Number(shard[name])).toBeGreaterThanOrEqual(0);
    if (limit !== null) expect(stored.free + stored.sold + stored.held, pool).toBe(limit);
    totals[pool] = stored;
  }
  return totals;
}

interface Refusal {
  pool: string;
  quantity: number;
  left: number;
}

it('64 parallel sales and holds of 1 to 4 against a capacity of 50 over 16 shards, two types sharing it, never oversell', async () => {
  const { next, pick } = random(20310601);
  const event = await activeEvent(db);
  const limited = await ticketType(db, event.id, { name: 'Limited', quantity: 30 });
  const open = await ticketType(db, event.id, { name: 'Open' });
  await TicketType.setCapacity(db, { eventId: event.id, capacity: 50 });
  const limits: Limits = { [eventPool]: 50, [limited.id]: 30, [open.id]: null };
  const saleIds: string[] = [];
  const holdIds: string[] = [];
  const refusals: Refusal[] = [];

  await watched(event.id, limits, () =>
    Promise.all(
      Array.from({ length: 64 }, async () => {
        const type = pick([limited, open]);
        const quantity = 1 + Math.floor(next() * 4);
        const lines = [{ ticketTypeId: type.id, quantity }];
        const id = randomUUID();
        try {
          if (next() < 0.5) {
            saleIds.push(id);
            await patiently(() => sell(db, event.id, lines, id));
          } else {
            holdIds.push((await patiently(() => Hold.create(db, { eventId: event.id, lines, minutes: 30, idempotencyKey: id }))).id);
          }
        } catch (error) {
          const [name, left] = notEnough((error as Error).message);
          expect(name).toBe(type.name);
          expect(left).toBeLessThan(quantity);
          refusals.push({ pool: type.id, quantity, left });
        }
      }),
    ),
  );

  const totals = await recomputed(event.id, saleIds, holdIds, limits);
  const used = (pool: string) => totals[pool]!.sold + totals[pool]!.held;
  expect(used(eventPool)).toBe(used(limited.id) + used(open.id));
  expect(used(limited.id)).toBeLessThanOrEqual(30);
  // Nothing came back during the race, so what is left only fell: every refusal's N is at least what
  // is left now, and the capacity is reached within the smallest request refused for want of it.
  const leftNow = { [limited.id]: Math.min(30 - used(limited.id), 50 - used(eventPool)), [open.id]: 50 - used(eventPool) };
  expect(refusals.length).toBeGreaterThan(0);
  for (const r of refusals) expect(r.left).toBeGreaterThanOrEqual(leftNow[r.pool]!);
  for (const pool of [limited.id, open.id]) {
    const smallest = Math.min(...refusals.filter((r) => r.pool === pool).map((r) => r.quantity));
    expect(leftNow[pool]!).toBeLessThan(smallest);
  }
  expect(used(eventPool)).toBeGreaterThan(50 - 4);

  // Churn: releases, confirms, holds that lapse within seconds, and buyers who need what those free.
  const lapsing: string[] = [];
  await watched(event.id, limits, () =>
    Promise.all(
      holdIds
        .map(async (id, i) => {
          if (i % 3 === 0) return patiently(() => Hold.release(db, { id }));
          if (i % 3 === 1) return patiently(async () => transact(db, (await Hold.prepareConfirm(db, id)).items));
          await patiently(() => Hold.release(db, { id }));
          const lines = [{ ticketTypeId: open.id, quantity: 1 }];
          const again = await patiently(() => Hold.placeHold(db, { eventId: event.id, lines }, new Date(Date.now() + 2000))).catch(
            (e: Error) => notEnough(e.message),
          );
          if (typeof again === 'object' && 'id' in again) lapsing.push(again.id);
        })
        .concat(
          Array.from({ length: 16 }, async () => {
            const id = randomUUID();
            saleIds.push(id);
            await patiently(() => sell(db, event.id, [{ ticketTypeId: pick([limited, open]).id, quantity: 1 }], id)).catch((e: Error) =>
              notEnough(e.message),
            );
          }),
        ),
    ),
  );
  holdIds.push(...lapsing);
  await new Promise((r) => setTimeout(r, 2100));
  // The event fills to the last ticket, lapsed holds included, with no sweep run.
  for (let sold = true; sold;) {
    const id = randomUUID();
    saleIds.push(id);
    sold = await patiently(() => sell(db, event.id, [{ ticketTypeId: open.id, quantity: 1 }], id)).then(
      () => true,
      (e: Error) => (expect(notEnough(e.message)).toEqual(['Open', 0]), false),
    );
  }
  const final = await recomputed(event.id, saleIds, holdIds, limits);
  expect(final[eventPool]).toMatchObject({ free: 0, held: 0, sold: 50 });
  expect(await TicketType.availability(db, { eventId: event.id })).toMatchObject({ capacity: 50, sold: 50, held: 0, available: 0 });
});

it('a capacity lowered while buyers buy never leaves more sold than the capacity it set', async () => {
  const event = await activeEvent(db);
  const type = await ticketType(db, event.id, { name: 'General', maxPerOrder: 4 });
  await TicketType.setCapacity(db, { eventId: event.id, capacity: 200 });
  const limits: Limits = { [eventPool]: null, [type.id]: null };
  const saleIds: string[] = [];
  const lowered: (number | string)[] = [];
  await watched(event.id, { [eventPool]: null }, () =>
    Promise.all([
      ...Array.from({ length: 48 }, async (_, i) => {
        const id = randomUUID();
        saleIds.push(id);
        await patiently(() => sell(db, event.id, [{ ticketTypeId: type.id, quantity: 1 + (i % 4) }], id)).catch((e: Error) =>
          notEnough(e.message),
        );
      }),
      (async () => {
        for (const capacity of [150, 100, 60, 20]) {
          await new Promise((r) => setTimeout(r, 50));
          lowered.push(
            await patiently(() => TicketType.setCapacity(db, { eventId: event.id, capacity })).then(
              (figures) => figures.capacity!,
              (e: Error) => e.message,
            ),
          );
        }
      })(),
    ]),
  );
  const capacity = [...lowered].reverse().find((c): c is number => typeof c === 'number') ?? 200;
  limits[eventPool] = capacity;
  const totals = await recomputed(event.id, saleIds, [], limits);
  expect(totals[eventPool]!.sold).toBeLessThanOrEqual(capacity);
  for (const outcome of lowered) {
    if (typeof outcome === 'number') continue;
    const [, used] = /^Capacity cannot be lower than the (\d+) tickets already sold or held$/.exec(outcome) ?? [];
    expect(Number(used), outcome).toBeGreaterThan(0);
    expect(Number(used)).toBeLessThanOrEqual(totals[eventPool]!.sold);
  }
  expect(lowered.some((c) => typeof c === 'number' && c < 200)).toBe(true);
});

it('two holds and a buyer racing for the last tickets: never more taken than there is', async () => {
  const event = await activeEvent(db);
  const type = await ticketType(db, event.id, { name: 'Last seats', quantity: 5 });
  const results = await Promise.allSettled([
    Hold.create(db, { eventId: event.id, lines: [{ ticketTypeId: type.id, quantity: 3 }] }),
    Hold.create(db, { eventId: event.id, lines: [{ ticketTypeId: type.id, quantity: 3 }] }),
    sell(db, event.id, [{ ticketTypeId: type.id, quantity: 2 }]),
  ]);
  // one hold of 3 and the sale of 2, whatever the order: the other hold finds 2 or 0 left
  const taken = results.map((r, i) => (r.status === 'fulfilled' ? [3, 3, 2][i]! : 0)).reduce((a, b) => a + b, 0);
  expect(taken).toBe(5);
  for (const r of results) if (r.status === 'rejected') expect(notEnough((r.reason as Error).message)[1]).toBeLessThan(3);
  const pool = await poolTotals(db, event.id, type.id);
  expect(pool.sold + pool.held).toBe(taken);
  expect(pool.free).toBe(5 - taken);
});
