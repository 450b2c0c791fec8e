import type { TakePlan } from '../capacity/take.ts';
import type { Db } from '../db/client.ts';
import { notFound } from '../error.ts';
import { readSale, type TicketTypeItem } from '../ticket-type/ticket-type.repo.ts';
import { priceLines } from './order.rules.ts';
import type { OrderLine } from './order.schema.ts';

/**
 * Everything an order or a hold checks before it takes tickets: the event, its capacity and types
 * (read eventually consistent, the cheap read on an on-sale's hottest partition, and read again
 * consistently before anything is called unknown), the lines priced or refused, and the take's
 * plan. Whether enough tickets are left is the take's to say.
 */
export async function prepareSale(db: Db, eventId: string, lines: readonly OrderLine[], now = new Date()) {
  let sale = await readSale(db, eventId, false);
  const known = (types: readonly TicketTypeItem[]) =>
    lines.every((line) => line.quantity === 0 || types.some((t) => t.id === line.ticketTypeId));
  if (!sale.event || !sale.capacity || !known(sale.types)) sale = await readSale(db, eventId, true);
  if (!sale.event) throw notFound('Event');
  const priced = priceLines(sale.event, sale.types, lines, now);
  const shardsOf = new Map(sale.types.map((type) => [type.id, type.shards]));
  const plan: TakePlan = {
    eventId,
    // a type is made with its event's pool, so an event with types has one
    eventShards: sale.capacity?.shards ?? 1,
    lines: priced.map((line) => ({
      ticketTypeId: line.ticketTypeId,
      name: line.name,
      quantity: line.quantity,
      shards: shardsOf.get(line.ticketTypeId)!,
    })),
  };
  return { sale, priced, plan };
}
