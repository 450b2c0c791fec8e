import { returnItems } from '../capacity/take.ts';
import { isOrder, type OrderFields } from '../order/order.repo.ts';
import { getCustomerWithCounts } from '../customer/customer.repo.ts';
import type { Actor } from '../fn.ts';
import { dayStateFor, dayTargets } from '../counters/day-zone.ts';
import { saleWrites, type SaleChange } from '../counters/sale.ts';
import type { Db } from '../db/client.ts';
import { keys } from '../db/keys.ts';
import { failedConditions, retry, transact, type TransactItem } from '../db/write.ts';
import { notFound } from '../error.ts';
import { eventCountersMoved } from '../event/counters.ts';
import { idempotencyOf, writeOnce } from '../idempotency/idempotency.repo.ts';
import { voidWrites } from '../ticket/void.ts';
import { webhookOutbox } from '../webhook/outbox.ts';
import type { TransactionDetail } from './transaction.schema.ts';
import { detailFromItem, detailKeeping, getTransactionItemById, type StoredRefund, type TransactionItem } from './transaction.repo.ts';
import { transactionSearchText } from './transaction.rules.ts';

/**
 * The update of the transaction item itself: new status (and search text), refunds, a new
 * version; conditional on the version, status, names and day generation it was computed from, so
 * two changes at once never both land, a rename in between is not overwritten, and a rebuild of
 * the day figures (counters/rebuild.job.ts) counting it meanwhile makes the change read again.
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
        item.dayGen === undefined ? 'attribute_not_exists(dayGen)' : 'dayGen = :seenDayGen',
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
        ...(item.dayGen === undefined ? {} : { ':seenDayGen': item.dayGen }),
        ...(change.refund ? { ':refunded': change.refundedCents, ':none': [], ':refund': [change.refund] } : {}),
      },
    },
  };
}

/**
 * An order's tickets back on sale, in the change's own transaction, when it fails or is refunded
 * in full (a partial refund keeps them): to the shards they were taken from, where they count as
 * free at once; its tickets turn void (ticket/void.ts).
 */
async function ticketsReturned(db: Db, item: TransactionItem, status: string | undefined): Promise<TransactItem[]> {
  if (!isOrder(item as unknown as Record<string, unknown>) || (status !== 'failed' && status !== 'refunded')) return [];
  const order = item as unknown as OrderFields;
  return [
    ...returnItems(item.eventId, order.takes, 'sold'),
    ...(await voidWrites(db, { eventId: item.eventId, codePrefix: order.codePrefix })),
  ];
}

/** A change of a stored transaction, as refunds and status changes make one. */
export interface TransactionChange {
  /** the idempotency scope of the operation (its procedure's name) and the webhook event it announces */
  operation: string;
  announce: 'transaction.refunded' | 'transaction.status_changed';
  input: { id: string; idempotencyKey?: string | undefined };
  /**
   * What the change makes of the transaction as read (throwing the refusal when it may not be
   * changed): the item's new fields, the sale change it is (counters/sale.ts), and the writes
   * beside the counters' (its update, its history record).
   */
  plan(item: TransactionItem): { after: Partial<TransactionItem>; sale: SaleChange; items: TransactItem[] };
}

/**
 * Changes a transaction: reads it and its customer's counts consistently, then writes in one
 * TransactWriteItems the change, what it moves (saleWrites), its announcement and, with an
 * Idempotency-Key, its answer. Conditional on what was read: of two changes at once exactly one
 * wins, the other reads again (and is refused, or applies to what it finds). The event's copy of
 * its counters is refreshed after.
 */
export async function changeTransaction(db: Db, change: TransactionChange, actor: Actor) {
  const idempotency = idempotencyOf(change.operation, change.input, actor);
  let moved = false;
  const done = await writeOnce<TransactionDetail>(
    db,
    idempotency,
    async (keep) => {
      const item = (await getTransactionItemById(db, change.input.id, true)) as TransactionItem | undefined;
      if (!item) throw notFound('Transaction');
      const plan = change.plan(item);
      const [customer, days] = await Promise.all([getCustomerWithCounts(db, item.customerId, true), dayStateFor(db, item.dayGen ?? 0)]);
      if (!customer.item) throw notFound('Customer');
      const answer = detailFromItem({ ...item, ...plan.after, version: Number(item.version ?? 0) + 1 });
      const counters = saleWrites(item, plan.sale, customer.counts, dayTargets(days, item.dayGen ?? 0));
      const returned = await ticketsReturned(db, item, plan.after.status);
      try {
        await transact(db, [
          ...plan.items,
          ...counters.items,
          ...returned,
          ...(await webhookOutbox(db, change.announce, answer)),
          ...keep(answer),
        ]);
      } catch (error) {
        if (failedConditions(error)?.length) return retry;
        throw error;
      }
      moved = counters.items.length > 0;
      return answer;
    },
    detailKeeping(db),
  );
  if (moved) await eventCountersMoved(db, done.eventId);
  return done;
}
