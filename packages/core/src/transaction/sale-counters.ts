import { customerCountersUpdate } from '../customer/customer.repo.ts';
import { keys } from '../db/keys.ts';
import type { TransactItem } from '../db/write.ts';
import { eventCounterAdd } from '../event/counters.ts';
import { dailyFigures } from '../report/daily.repo.ts';
import { statsIncrement } from '../stats/stats.repo.ts';
import type { StoredRefund, TransactionItem } from './transaction.repo.ts';
import { transactionSearchText } from './transaction.rules.ts';

/** How a change moves a sale: completed purchases (+1 becomes a sale, -1 stops being one) and net sales in cents. */
export interface SaleDelta {
  completed: -1 | 0 | 1;
  salesCents: number;
}

/** A customer as the counter moves need it: its item and its COUNTS item (customer.repo.ts). */
export interface CustomerCounts {
  item: Record<string, unknown>;
  counts: Record<string, unknown> | undefined;
}

/**
 * The counter moves of a change of a sale, to ride in its transaction: an ADD on one of the
 * event's counter shards; the customer's completed count (conditional only when it makes or
 * ends their last sale: active customers move); an ADD on a shard of the dashboard's ticket
 * sales and active customers. No item shared by buyers is read-modified-written, so concurrent
 * purchases never wait on each other. The gross transaction total (SPEC's sum of amounts)
 * never moves here. The event's copy of its counters is refreshed after the write.
 */
export function saleCounterItems(eventId: string, customer: CustomerCounts, delta: SaleDelta): TransactItem[] {
  const items = [eventCounterAdd(eventId, { completed: delta.completed, salesCents: delta.salesCents, views: 0 })];
  const totals: Record<string, number> = { ticketSalesCents: delta.salesCents };
  if (delta.completed !== 0) {
    const change = customerCountersUpdate(customer.item, customer.counts, { transactions: 0, completed: delta.completed });
    items.push(change.update);
    if (change.totals.activeCustomers !== 0) totals.activeCustomers = change.totals.activeCustomers;
  }
  return [...items, statsIncrement(totals)];
}

/**
 * The update of the transaction item itself: new status (and search text), refunds, a new
 * version; conditional on the version, status and names it was computed from, so two changes at
 * once never both land and a rename in between is not overwritten.
 */
export function transactionChangeUpdate(
  item: TransactionItem,
  change: { status: string; refundedCents?: number; refund?: StoredRefund },
): TransactItem {
  const seenVersion = Number(item.version ?? 0);
  const seenName = (name: 'eventTitle' | 'customerName') =>
    item[name] === undefined ? `attribute_not_exists(${name})` : `${name} = :seen_${name}`;
  const sets = ['#status = :status', 'searchText = :searchText', 'version = :version'];
  if (change.refund) sets.push('refundedCents = :refunded', 'refunds = list_append(if_not_exists(refunds, :none), :refund)');
  return {
    Update: {
      Key: keys.transaction(item.customerId, item.purchaseDate, item.id),
      UpdateExpression: `SET ${sets.join(', ')}`,
      ConditionExpression: [
        '#status = :seenStatus',
        seenVersion === 0 ? 'attribute_not_exists(version)' : 'version = :seenVersion',
        seenName('eventTitle'),
        seenName('customerName'),
      ].join(' AND '),
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':status': change.status,
        ':searchText': transactionSearchText({
          eventTitle: item.eventTitle,
          customerName: item.customerName,
          amountCents: item.amountCents,
          status: change.status,
        }),
        ':version': seenVersion + 1,
        ':seenStatus': item.status,
        ...(seenVersion === 0 ? {} : { ':seenVersion': seenVersion }),
        ...(item.eventTitle === undefined ? {} : { ':seen_eventTitle': item.eventTitle }),
        ...(item.customerName === undefined ? {} : { ':seen_customerName': item.customerName }),
        ...(change.refund ? { ':refunded': change.refundedCents, ':none': [], ':refund': [change.refund] } : {}),
      },
    },
  };
}

/**
 * The daily-figure moves of a purchase that counts as completed: on the purchase's own date,
 * whenever it becomes completed (a status change from pending calls this too).
 */
export function completedDailyFigures(item: { purchaseDate: string; eventId: string; amountCents: number }) {
  return dailyFigures({ date: item.purchaseDate, eventId: item.eventId, purchases: 1, revenueCents: item.amountCents });
}
