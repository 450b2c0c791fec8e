import { keys } from '../db/keys.ts';
import { addUpdate } from './add.ts';

/** What happens to a customer's counters: transactions, and completed ones, added. */
export interface CustomerCounterDelta {
  transactions: number;
  completed: number;
}

/** A customer's transaction counts, from its COUNTS item (CUSTOMER#id / COUNTS). */
export function customerCounts(counts: Record<string, unknown> | undefined) {
  return { transactions: Number(counts?.purchaseCount ?? 0), completed: Number(counts?.completedPurchases ?? 0) };
}

/**
 * The ADD of a delta onto a customer's COUNTS item (no index keys there, so a purchase writes no
 * shared index partition), and what it changes on the dashboard totals: unique customers (any
 * transaction) and active ones (a completed one). Conditional only where a rule needs it: when
 * the change makes the customer's first transaction, first or last sale, on the count it read;
 * otherwise on the count staying on the same side of zero. A racing change of the same customer
 * makes the caller read again. A new purchase is also refused once the customer is erased (the
 * erasure marks this item, so a racing one reads again).
 */
export function customerCountersUpdate(
  customerId: string,
  counts: Record<string, unknown> | undefined,
  delta: CustomerCounterDelta,
  newPurchase = false,
) {
  const before = customerCounts(counts);
  const conditions: string[] = [];
  const values: Record<string, number> = {};
  const unique = Number(before.transactions + delta.transactions > 0) - Number(before.transactions > 0);
  const active = Number(before.completed + delta.completed > 0) - Number(before.completed > 0);
  const exactly = (name: 'purchaseCount' | 'completedPurchases', placeholder: string) => {
    if (counts?.[name] === undefined) return `attribute_not_exists(${name})`;
    values[placeholder] = Number(counts[name]);
    return `${name} = ${placeholder}`;
  };
  if (unique !== 0) conditions.push(exactly('purchaseCount', ':seenTransactions'));
  if (active !== 0) conditions.push(exactly('completedPurchases', ':seenCompleted'));
  else if (delta.completed !== 0) {
    // still a sale before and after: the count must stay at 1 or more
    values[':least'] = Math.max(1, 1 - delta.completed);
    conditions.push('completedPurchases >= :least');
  }
  if (newPurchase) conditions.push('attribute_not_exists(erasedAt)');
  const update = addUpdate(
    keys.customerCounts(customerId),
    { purchaseCount: delta.transactions, completedPurchases: delta.completed },
    conditions.length ? { condition: conditions.join(' AND '), values } : {},
  );
  return { update, totals: { uniqueCustomers: unique, activeCustomers: active } };
}
