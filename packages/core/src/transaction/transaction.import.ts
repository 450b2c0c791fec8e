import { randomUUID } from 'node:crypto';
import { applyCustomerCounterDeltas } from '../customer/customer.import.ts';
import type { CustomerCounterDelta } from '../customer/customer.repo.ts';
import { getCustomerItems } from '../customer/customer.repo.ts';
import type { Db } from '../db/client.ts';
import { batchWrite } from '../db/write.ts';
import { notFound } from '../error.ts';
import { applyEventCounterDeltas } from '../event/event.import.ts';
import type { EventCounterDelta } from '../event/counters.ts';
import { getEventItems } from '../event/event.repo.ts';
import { applyDailyFigures } from '../report/daily.repo.ts';
import { utcDay } from '../report/report.rules.ts';
import { addToStats } from '../stats/stats.repo.ts';
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

  const items = inputs.map((input) =>
    transactionItem(input, { eventTitle: titles.get(input.eventId)!, customerName: names.get(input.customerId)! }, randomUUID(), now),
  );
  const pointers = items.map((item) => transactionPointerPut(item).Put!.Item as Record<string, unknown>);
  // each transaction is two items (it and its id's pointer): progress counts transactions
  const onProgress = options.onProgress && ((written: number) => options.onProgress!(Math.floor(written / 2)));
  await batchWrite(
    db,
    [...items, ...pointers].map((Item) => ({ PutRequest: { Item } })),
    { ...options, onProgress },
  );

  const eventDeltas = new Map<string, EventCounterDelta>();
  const customerDeltas = new Map<string, CustomerCounterDelta>();
  const totals = { transactionCount: 0, transactionAmountCents: 0, ticketSalesCents: 0 };
  const days = new Map<string, { date: string; eventId: string; purchases: number; revenueCents: number }>();
  for (const item of items) {
    const completed = item.status === 'completed';
    const event = eventDeltas.get(item.eventId) ?? { completed: 0, salesCents: 0, views: 0 };
    if (completed) {
      event.completed += 1;
      event.salesCents += item.amountCents;
      const date = utcDay(item.purchaseDate);
      const day = days.get(`${date}#${item.eventId}`) ?? { date, eventId: item.eventId, purchases: 0, revenueCents: 0 };
      day.purchases += 1;
      day.revenueCents += item.amountCents;
      days.set(`${date}#${item.eventId}`, day);
    }
    eventDeltas.set(item.eventId, event);
    const customer = customerDeltas.get(item.customerId) ?? { transactions: 0, completed: 0 };
    customer.transactions += 1;
    customer.completed += completed ? 1 : 0;
    customerDeltas.set(item.customerId, customer);
    totals.transactionCount += 1;
    totals.transactionAmountCents += item.amountCents;
    totals.ticketSalesCents += completed ? item.amountCents : 0;
  }
  await applyEventCounterDeltas(db, eventDeltas);
  await applyCustomerCounterDeltas(db, customerDeltas);
  await addToStats(db, totals);
  await applyDailyFigures(db, [...days.values()]);
  return items.length;
}
