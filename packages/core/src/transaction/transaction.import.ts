import { randomUUID } from 'node:crypto';
import { applyCustomerCounterDeltas } from '../customer/customer.import.ts';
import { getCustomerItems } from '../customer/customer.repo.ts';
import type { CustomerCounterDelta } from '../counters/customer-counts.ts';
import { dayState, dayTargets, newDayGen, type DayGen } from '../counters/day-zone.ts';
import type { DayMove } from '../counters/days.ts';
import { zoneDay } from '../counters/figures.ts';
import { applyMoves } from '../counters/moves.ts';
import { saleMoves } from '../counters/sale.ts';
import type { Db } from '../db/client.ts';
import { batchWrite } from '../db/write.ts';
import { notFound } from '../error.ts';
import { applyEventCounterDeltas, type EventCounterDelta } from '../event/event.import.ts';
import { getEventItems } from '../event/event.repo.ts';
import { transactionItem, transactionPointerPut, type CreateInput } from './transaction.repo.ts';

/**
 * Records many transactions at once (bulk loads, the bench): they go in with BatchWriteItem,
 * then the counters they move are applied as sums, a few conditional updates per 25 events or
 * customers, so every figure ends up exactly what createTransaction would have made of them one
 * by one. Unknown events or customers are refused before anything is written.
 * Not atomic as a whole: a failure half-way leaves transactions written whose counters are not
 * (the dashboard would under-count); run it from a job that can be re-run on a fresh table.
 */
export async function importTransactions(
  db: Db,
  inputs: readonly CreateInput[],
  options: { now?: Date; concurrency?: number; onProgress?: (written: number) => void } = {},
) {
  const now = options.now ?? new Date();
  const eventIds = [...new Set(inputs.map((i) => i.eventId))];
  const customerIds = [...new Set(inputs.map((i) => i.customerId))];
  const [events, customers] = await Promise.all([
    getEventItems(db, eventIds, { consistent: true }),
    getCustomerItems(db, customerIds, { consistent: true }),
  ]);
  const titles = new Map(events.map((e) => [String(e.id), String(e.title)]));
  const names = new Map(customers.map((c) => [String(c.id), String(c.name)]));
  if (titles.size !== eventIds.length) throw notFound('Event');
  if (names.size !== customerIds.length) throw notFound('Customer');

  const state = await dayState(db);
  const items = inputs.map((input) => ({
    ...transactionItem(input, { eventTitle: titles.get(input.eventId)!, customerName: names.get(input.customerId)! }, randomUUID(), now),
    dayGen: newDayGen(state),
  }));
  const pointers = items.map((item) => transactionPointerPut(item).Put!.Item as Record<string, unknown>);
  // each transaction is two items (it and its id's pointer): progress counts transactions
  const onProgress = options.onProgress && ((written: number) => options.onProgress!(Math.floor(written / 2)));
  await batchWrite(
    db,
    [...items, ...pointers].map((Item) => ({ PutRequest: { Item } })),
    { ...options, onProgress },
  );

  // Each one's moves as createTransaction would make them (counters/sale.ts), added up per event,
  // customer and day.
  const eventDeltas = new Map<string, EventCounterDelta>();
  const customerDeltas = new Map<string, CustomerCounterDelta>();
  const totals: Record<string, number> = {};
  const days = new Map<string, DayMove & { add: Record<string, number>; gen: DayGen }>();
  const gens = dayTargets(state);
  const add = (into: Record<string, number>, from: Record<string, number | undefined>) => {
    for (const [name, n] of Object.entries(from)) into[name] = (into[name] ?? 0) + (n ?? 0);
  };
  for (const item of items) {
    const { moves, customer } = saleMoves(item, { kind: 'record', completed: item.status === 'completed' }, gens);
    add(totals, moves.totals ?? {});
    eventDeltas.set(item.eventId, eventDeltas.get(item.eventId) ?? {});
    add(eventDeltas.get(item.eventId) as Record<string, number>, moves.event?.add ?? {});
    const counted = customerDeltas.get(item.customerId) ?? { transactions: 0, completed: 0 };
    customerDeltas.set(item.customerId, {
      transactions: counted.transactions + customer.transactions,
      completed: counted.completed + customer.completed,
    });
    for (const day of moves.days ?? []) {
      for (const gen of gens) {
        const key = `${gen.gen}#${zoneDay(day.date, gen.zone)}#${day.eventId}`;
        const sum = days.get(key) ?? { ...day, date: zoneDay(day.date, gen.zone), add: {}, gen };
        add(sum.add, day.add);
        days.set(key, sum);
      }
    }
  }
  await applyEventCounterDeltas(db, eventDeltas);
  await applyCustomerCounterDeltas(db, customerDeltas);
  await applyMoves(db, [{ totals }, ...[...days.values()].map(({ gen, ...day }) => ({ days: [day], gens: [gen] }))]);
  return items.length;
}
