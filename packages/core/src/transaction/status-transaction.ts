import { auditPut } from '../audit/audit.repo.ts';
import { getCustomerItem } from '../customer/customer.repo.ts';
import type { Db } from '../db/client.ts';
import { failedConditions, retry, transact, withRetry, type TransactItem } from '../db/write.ts';
import { DomainError, notFound, staleVersion } from '../error.ts';
import { getEventItem } from '../event/event.repo.ts';
import { formatCents } from './money.ts';
import { completedDailyFigures, saleCounterItems, transactionChangeUpdate } from './sale-counters.ts';
import { detailFromItem, getTransactionItemById, type TransactionItem } from './transaction.repo.ts';
import { statusChangeProblem } from './transaction.rules.ts';
import type { TransactionStatus } from './transaction.schema.ts';

/**
 * Everything a status change writes, in one place: the transaction, the counters it moves
 * (pending -> completed moves every counter a completed purchase would; pending -> failed none)
 * its day's figures (on the purchase date) and its history record.
 */
export function statusTransactionItems(
  transaction: TransactionItem,
  event: Record<string, unknown>,
  customer: Record<string, unknown>,
  to: TransactionStatus,
  actor: string,
): TransactItem[] {
  const completes = to === 'completed';
  return [
    transactionChangeUpdate(transaction, { status: to }),
    ...(completes ? saleCounterItems(event, customer, { completed: 1, salesCents: transaction.amountCents }) : []),
    ...(completes ? completedDailyFigures(transaction) : []),
    auditPut({
      actor,
      action: 'status',
      entity: 'transaction',
      entityId: transaction.id,
      summary: `Marked ${formatCents(transaction.amountCents)} by ${transaction.customerName ?? 'Unknown Customer'} as ${to}`,
      changes: [{ field: 'status', from: transaction.status, to }],
      notable: to === 'failed',
    }),
  ];
}

/**
 * Changes a pending transaction to completed or failed. Conditional on what was read: of two
 * changes at once exactly one wins, the other reads again and is refused (409).
 */
export function changeTransactionStatus(
  db: Db,
  input: { id: string; status: TransactionStatus; version?: number | undefined },
  actor: string,
) {
  return withRetry(async () => {
    const item = (await getTransactionItemById(db, input.id, true)) as TransactionItem | undefined;
    if (!item) throw notFound('Transaction');
    if (input.version !== undefined && input.version !== Number(item.version ?? 0)) throw staleVersion('This transaction was');
    const problem = statusChangeProblem(item.status, input.status);
    if (problem) throw new DomainError('conflict', problem);
    const [event, customer] = await Promise.all([getEventItem(db, item.eventId, true), getCustomerItem(db, item.customerId, true)]);
    if (!event) throw notFound('Event');
    if (!customer) throw notFound('Customer');
    try {
      await transact(db, statusTransactionItems(item, event, customer, input.status, actor));
    } catch (error) {
      if (failedConditions(error)?.length) return retry;
      throw error;
    }
    return detailFromItem({ ...item, status: input.status, version: Number(item.version ?? 0) + 1 });
  });
}
