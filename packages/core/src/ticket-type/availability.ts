import { eventPool } from '../capacity/pool.ts';
import { readPools, type PoolState } from '../capacity/pool-read.ts';
import type { Db } from '../db/client.ts';
import { notFound } from '../error.ts';
import { lapsedMarks } from '../hold/hold.repo.ts';
import { eventOnSale, typeOnSale } from '../order/order.rules.ts';
import { formatCents } from '../transaction/money.ts';
import { readSale, type TicketTypeItem } from './ticket-type.repo.ts';
import type { AvailabilityInfo, TicketTypeInfo } from './ticket-type.schema.ts';

/** A pool's figures as they stand: `free` null when it has no limit of its own. */
export interface PoolCounts {
  limit: number | null;
  sold: number;
  held: number;
  free: number | null;
}

/** The smaller of two limits on what is left, null standing for none. */
const least = (a: number | null, b: number | null) => (a === null ? b : b === null ? a : Math.min(a, b));

/**
 * An event's ticket figures, exact at the moment of the read: its sale (event, capacity, types),
 * then its lapsed holds (a consistent Query of its mark partitions), then every pool's head and
 * shards with those marks in one exact read (pool-read.ts), so a hold ended meanwhile is not
 * counted twice. A lapsed hold's tickets count as free before any sweep ends it. The cost is the
 * pools' shards and the unswept lapsed holds: never the number of orders.
 */
export async function readCounts(db: Db, eventId: string, now = new Date()) {
  const sale = await readSale(db, eventId, true);
  if (!sale.event) throw notFound('Event');
  const specs = [{ pool: eventPool, shards: sale.capacity?.shards ?? 0 }, ...sale.types.map((t) => ({ pool: t.id, shards: t.shards }))];
  const lapsed = await lapsedMarks(db, eventId, now);
  const read = await readPools(db, eventId, specs, { exact: true, extra: lapsed.map((mark) => mark.key) });
  const present = new Set(read.extra.map((item) => `${String(item.pk)}\u0000${String(item.sk)}`));
  const back = new Map<string, number>();
  for (const mark of lapsed) {
    if (!present.has(`${mark.key.pk}\u0000${mark.key.sk}`)) continue;
    for (const take of mark.hold.takes) back.set(take.pool, (back.get(take.pool) ?? 0) + take.quantity);
  }
  const counts = (state: PoolState): PoolCounts => {
    const returning = back.get(state.pool) ?? 0;
    const limit = state.head?.limit ?? null;
    return { limit, sold: state.sold, held: state.held - returning, free: limit === null ? null : state.free + returning };
  };
  const event = counts(read.pools[0]!);
  const types = sale.types.map((type, i) => {
    const own = counts(read.pools[i + 1]!);
    return { type, counts: own, available: least(own.free, event.free) };
  });
  // tickets ever taken from the event's pool: grows with every sale and hold, never goes back
  return { sale, event, types, taken: read.pools[0]!.taken };
}

/** The API's ticket type from the stored one and its figures. */
export function ticketTypeInfo(type: TicketTypeItem, counts: { sold: number; held: number }, available: number | null): TicketTypeInfo {
  return {
    id: type.id,
    eventId: type.eventId,
    name: type.name,
    price: formatCents(type.priceCents),
    quantity: type.quantity ?? null,
    sold: counts.sold,
    held: counts.held,
    available,
    salesStart: type.salesStart ?? null,
    salesEnd: type.salesEnd ?? null,
    minPerOrder: type.minPerOrder,
    maxPerOrder: type.maxPerOrder,
    position: type.position,
    version: type.version,
  };
}

/** GET /api/events/{id}/availability's answer from the figures. */
export function availabilityOf(figures: Awaited<ReturnType<typeof readCounts>>, now = new Date()): AvailabilityInfo {
  const selling = eventOnSale(figures.sale.event!);
  return {
    capacity: figures.event.limit,
    sold: figures.event.sold,
    held: figures.event.held,
    available: figures.event.free,
    types: figures.types.map(({ type, counts, available }) => ({
      id: type.id,
      name: type.name,
      quantity: type.quantity ?? null,
      sold: counts.sold,
      held: counts.held,
      available,
      onSale: selling && typeOnSale(type, now),
    })),
  };
}
