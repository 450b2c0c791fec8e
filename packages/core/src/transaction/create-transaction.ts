import { randomUUID } from 'node:crypto';
import { customerCountersUpdate, getCustomerItem } from '../customer/customer.repo.ts';
import type { Db } from '../db/client.ts';
import { failedConditions, retry, transact, withRetry } from '../db/write.ts';
import { notFound } from '../error.ts';
import { eventCountersUpdate, eventExists, getEventItem } from '../event/event.repo.ts';
import { statsIncrement } from '../stats/stats.repo.ts';
import { auditPut, type AuditInput } from '../audit/audit.repo.ts';
import { diffFields } from '../audit/audit.rules.ts';
import { systemActor } from '../fn.ts';
import { formatCents } from './money.ts';
import { completedDailyFigures } from './sale-counters.ts';
import {
  fromItem,
  transactionItem,
  transactionPointerPut,
  transactionPut,
  type CreateInput,
  type TransactionItem,
} from './transaction.repo.ts';

/**
 * Records a transaction with every counter it moves, in one DynamoDB transaction: the event's
 * sales, completed purchases and conversion rank (a completed one only); the customer's
 * transaction counts; the dashboard totals (transactions, revenue, ticket sales, active and
 * unique customers, conversion sum); a completed one also moves its day's figures (on its purchase
 * date). Each update is conditional on the counts it read, so
 * concurrent transactions retry instead of double-counting a customer's first one.
 */
export async function createTransaction(db: Db, input: CreateInput, actor = systemActor, now = new Date()) {
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
        transactionPointerPut(item),
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
        auditPut(createdRecord(item, actor), now),
      ]);
    } catch (error) {
      if (failedConditions(error)?.length) return retry;
      throw error;
    }
    return fromItem(item);
  });
}

/** The history record of a new transaction: every field it was recorded with. */
function createdRecord(item: TransactionItem, actor: string): AuditInput {
  const shown = { ...item, amount: formatCents(item.amountCents) };
  return {
    actor,
    action: 'create',
    entity: 'transaction',
    entityId: item.id,
    summary:
      `Recorded ${shown.amount} (${item.status}) by ${item.customerName ?? 'Unknown Customer'} ` +
      `for ${item.eventTitle ?? 'Unknown Event'}`,
    changes: diffFields(undefined, shown, ['eventId', 'customerId', 'amount', 'status', 'paymentMethod', 'purchaseDate']),
    notable: item.status === 'failed',
  };
}
