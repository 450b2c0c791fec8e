import type { Db } from '../db/client.ts';
import { keys } from '../db/keys.ts';
import type { TransactItem } from '../db/write.ts';
import { addUpdate } from '../counters/add.ts';
import { drawShard, readSharded } from '../counters/shards.ts';
import type { TicketInfo } from '../order/order.schema.ts';
import { eventTicketTypeItems } from '../ticket-type/ticket-type.repo.ts';
import type { CheckInStats } from './ticket.schema.ts';

// An event's door counts: per ticket type, its valid tickets (`valid#<typeId>`) and how many of
// them are checked in (`in#<typeId>`), ADDed on one shard (counters/shards.ts) in the same
// transaction as the change: an order placed (+valid), a check-in (+in) or its undo (-in), an
// order failed or refunded in full (-valid, and -in for its tickets already checked in: a void
// ticket counts nowhere, checked in or not). The order's code item keeps its own `in#<typeId>`,
// so a void subtracts exactly what was checked in (the two writes are conditional on each other).

export const validField = (typeId: string) => `valid#${typeId}`;
export const inField = (typeId: string) => `in#${typeId}`;

/** The ADD of a change's door counts on one drawn shard (null when nothing moves). */
export const ticketCounterAdd = (eventId: string, add: Record<string, number>): TransactItem | null =>
  addUpdate(keys.ticketCounter(eventId, drawShard()), add);

/** Tickets per type: what an order's valid count moves. */
export function perType(tickets: readonly Pick<TicketInfo, 'ticketTypeId'>[], sign: 1 | -1, field = validField) {
  const add: Record<string, number> = {};
  for (const t of tickets) add[field(t.ticketTypeId)] = (add[field(t.ticketTypeId)] ?? 0) + sign;
  return add;
}

/** An event's door counts: its types, then every shard in one BatchGetItem; the cost does not grow with the tickets. */
export async function readCheckInStats(db: Db, eventId: string, consistent = false): Promise<CheckInStats> {
  const types = await eventTicketTypeItems(db, eventId, consistent);
  const names = types.flatMap((t) => [validField(t.id), inField(t.id)]);
  const { sum, shards } = await readSharded(db, (s) => keys.ticketCounter(eventId, s), names, { consistent });
  const total = (prefix: string) =>
    shards.reduce(
      (n, shard) => n + Object.entries(shard).reduce((m, [name, value]) => m + (name.startsWith(prefix) ? Number(value) : 0), 0),
      0,
    );
  return {
    tickets: total('valid#'),
    checkedIn: total('in#'),
    byType: types.map((t) => ({
      ticketTypeId: t.id,
      name: t.name,
      tickets: sum[validField(t.id)] ?? 0,
      checkedIn: sum[inField(t.id)] ?? 0,
    })),
  };
}
