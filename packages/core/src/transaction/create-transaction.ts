import { randomUUID } from 'node:crypto';
import { customerCountersUpdate, getCustomerItem } from '../customer/customer.repo.ts';
import type { Db } from '../db/client.ts';
import { failedConditions, retry, transact, withRetry } from '../db/write.ts';
import { notFound } from '../error.ts';
import { eventCountersUpdate, eventExists, getEventItem } from '../event/event.repo.ts';
import { dailyFigures } from '../report/daily.repo.ts';
import { statsIncrement } from '../stats/stats.repo.ts';
import { fromItem, transactionItem, transactionPut, type CreateInput } from './transaction.repo.ts';

/**
 * Records a transaction with every counter it moves, in one DynamoDB transaction: the event's
 * sales, completed purchases and conversion rank (a completed one only); the customer's
 * transaction counts; the dashboard totals (transactions, revenue, ticket sales, active and
 * unique customers, conversion sum); a completed one also moves its day's figures (on its purchase
 * date). Each update is conditional on the counts it read, so
 * concurrent transactions retry instead of double-counting a customer's first one.
 */
export async function createTransaction(db: Db, input: CreateInput, now = new Date()) {
  const completed = input.status === 'completed';
  const id = randomUUID();

  return withRetry(async () => {
    const [event, customer] = await Promise.all([getEventItem(db, input.eventId, true), getCustomerItem(db, input.customerId, true)]);
    if (!event) throw notFound('Event');
    if (!customer) throw notFound('Customer');
    const item = transactionItem(input, { eventTitle: String(event.title), customerName: String(customer.name) }, id, now);
    const amountCents = item.amountCents;
    const eventChange = completed ? eventCountersUpdate(event, { completed: 1, salesCents: amountCents, views: 0 }) : null;
    const customerChange = customerCountersUpdate(customer, { transactions: 1, completed: completed ? 1 : 0 });

    try {
      await transact(db, [
        transactionPut(item),
        eventChange ? eventChange.update : eventExists(input.eventId),
        customerChange.update,
        statsIncrement({
          transactionCount: 1,
          transactionAmountCents: amountCents,
          uniqueCustomers: customerChange.totals.uniqueCustomers,
          ...(completed
            ? {
                ticketSalesCents: amountCents,
                activeCustomers: customerChange.totals.activeCustomers,
                conversionSumMilli: eventChange!.totals.conversionSumMilli,
              }
            : {}),
        }),
        ...(completed ? completedDailyFigures(item) : []),
      ]);
    } catch (error) {
      if (failedConditions(error)?.length) return retry;
      throw error;
    }
    return fromItem(item);
  });
}

/**
 * The daily-figure moves of a purchase that counts as completed: on the purchase's own date,
 * whenever it becomes completed (a status change from pending calls this too).
 */
export function completedDailyFigures(item: { purchaseDate: string; eventId: string; amountCents: number }) {
  return dailyFigures({ date: item.purchaseDate, eventId: item.eventId, purchases: 1, revenueCents: item.amountCents });
}
