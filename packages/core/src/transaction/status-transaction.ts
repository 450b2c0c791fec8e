import { auditPut } from '../audit/audit.repo.ts';
import { getCustomerWithCounts } from '../customer/customer.repo.ts';
import type { Db } from '../db/client.ts';
import { failedConditions, retry, transact, type TransactItem } from '../db/write.ts';
import { DomainError, notFound, staleVersion } from '../error.ts';
import { eventCountersMoved } from '../event/counters.ts';
import { idempotencyOf, writeOnce } from '../idempotency/idempotency.repo.ts';
import { webhookOutbox } from '../webhook/outbox.ts';
import { formatCents } from './money.ts';
import { completedDailyFigures, saleCounterItems, transactionChangeUpdate, type CustomerCounts } from './sale-counters.ts';
import { detailFromItem, detailKeeping, getTransactionItemById, type TransactionItem } from './transaction.repo.ts';
import { statusChangeProblem } from './transaction.rules.ts';
import type { TransactionDetail, TransactionStatus } from './transaction.schema.ts';
import type { Actor } from '../fn.ts';

/**
 * Everything a status change writes, in one place: the transaction, the counters it moves
 * (pending -> completed moves every counter a completed purchase would; pending -> failed none)
 * its day's figures (on the purchase date) and its history record.
 */
export function statusTransactionItems(
  transaction: TransactionItem,
  customer: CustomerCounts,
  to: TransactionStatus,
  actor: Actor,
): TransactItem[] {
  const completes = to === 'completed';
  return [
    transactionChangeUpdate(transaction, { status: to }),
    ...(completes ? saleCounterItems(transaction.eventId, customer, { completed: 1, salesCents: transaction.amountCents }) : []),
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
export async function changeTransactionStatus(
  db: Db,
  input: { id: string; status: TransactionStatus; version?: number | undefined; idempotencyKey?: string | undefined },
  actor: Actor,
) {
  const idempotency = idempotencyOf('transactions.updateStatus', input, actor);
  const done = await writeOnce<TransactionDetail>(
    db,
    idempotency,
    async (keep) => {
      const item = (await getTransactionItemById(db, input.id, true)) as TransactionItem | undefined;
      if (!item) throw notFound('Transaction');
      if (input.version !== undefined && input.version !== Number(item.version ?? 0)) throw staleVersion('This transaction was');
      const problem = statusChangeProblem(item.status, input.status);
      if (problem) throw new DomainError('conflict', problem);
      const customer = await getCustomerWithCounts(db, item.customerId, true);
      if (!customer.item) throw notFound('Customer');
      const answer = detailFromItem({ ...item, status: input.status, version: Number(item.version ?? 0) + 1 });
      try {
        await transact(db, [
          ...statusTransactionItems(item, { item: customer.item, counts: customer.counts }, input.status, actor),
          ...(await webhookOutbox(db, 'transaction.status_changed', answer)),
          ...keep(answer),
        ]);
      } catch (error) {
        if (failedConditions(error)?.length) return retry;
        throw error;
      }
      return answer;
    },
    detailKeeping(db),
  );
  if (input.status === 'completed') await eventCountersMoved(db, done.eventId);
  return done;
}
