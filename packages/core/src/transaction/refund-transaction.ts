import { randomUUID } from 'node:crypto';
import { auditPut } from '../audit/audit.repo.ts';
import { getCustomerWithCounts } from '../customer/customer.repo.ts';
import type { Db } from '../db/client.ts';
import { failedConditions, retry, transact, type TransactItem } from '../db/write.ts';
import { DomainError, notFound } from '../error.ts';
import { eventCountersMoved } from '../event/counters.ts';
import { dailyFigures } from '../report/daily.repo.ts';
import { idempotencyOf, writeOnce } from '../idempotency/idempotency.repo.ts';
import { webhookOutbox } from '../webhook/outbox.ts';
import { formatCents, parseAmountToCents } from './money.ts';
import type { TransactionDetail } from './transaction.schema.ts';
import { saleCounterItems, transactionChangeUpdate, type CustomerCounts } from './sale-counters.ts';
import { detailFromItem, detailKeeping, getTransactionItemById, type StoredRefund, type TransactionItem } from './transaction.repo.ts';
import { refundProblem, statusAfterRefund } from './transaction.rules.ts';
import type { Actor } from '../fn.ts';

/** Refunds one transaction may hold: keeps the item small (each refund is a line on it). */
export const maxRefundsPerTransaction = 100;

/**
 * Everything a refund writes, in one place: the transaction (status, refunded total, the refund),
 * the counters it moves (net sales down; a full refund also ends the sale: completed purchases,
 * conversion and, with a customer's last sale, active customers), the refunds of the day it is
 * made, and its history record.
 */
export function refundTransactionItems(
  transaction: TransactionItem,
  customer: CustomerCounts,
  refund: StoredRefund,
  actor: Actor,
): TransactItem[] {
  const before = Number(transaction.refundedCents ?? 0);
  const after = before + refund.amountCents;
  const status = statusAfterRefund(transaction.amountCents, after);
  return [
    transactionChangeUpdate(transaction, { status, refundedCents: after, refund }),
    ...saleCounterItems(transaction.eventId, customer, { completed: status === 'refunded' ? -1 : 0, salesCents: -refund.amountCents }),
    ...dailyFigures({ date: refund.createdAt, eventId: transaction.eventId, refundsCents: refund.amountCents }),
    auditPut({
      actor,
      action: 'refund',
      entity: 'transaction',
      entityId: transaction.id,
      summary:
        `Refunded ${formatCents(refund.amountCents)} of ${formatCents(transaction.amountCents)} ` +
        `to ${transaction.customerName ?? 'Unknown Customer'}: ${refund.reason}`,
      changes: [
        ...(status === transaction.status ? [] : [{ field: 'status', from: transaction.status, to: status }]),
        { field: 'refundedAmount', from: formatCents(before), to: formatCents(after) },
      ],
      notable: true,
    }),
  ];
}

/**
 * Refunds part or all of what remains of a completed or partially refunded transaction.
 * Conditional on the refunded total and version read, so parallel refunds can never together
 * exceed the amount: a loser reads again and is refused once nothing (or too little) remains.
 */
export async function refundTransaction(
  db: Db,
  input: { id: string; amount?: string | number | undefined; reason: string; idempotencyKey?: string | undefined },
  actor: Actor,
) {
  const idempotency = idempotencyOf('transactions.createRefund', input, actor);
  const done = await writeOnce<TransactionDetail>(
    db,
    idempotency,
    async (keep) => {
      const item = (await getTransactionItemById(db, input.id, true)) as TransactionItem | undefined;
      if (!item) throw notFound('Transaction');
      const problem = refundProblem(item.status);
      if (problem) throw new DomainError('conflict', problem);
      const refunded = Number(item.refundedCents ?? 0);
      const remaining = item.amountCents - refunded;
      const amountCents = input.amount === undefined ? remaining : parseAmountToCents(input.amount)!;
      if (amountCents > remaining) {
        throw new DomainError(
          'invalid',
          `Refund amount ${formatCents(amountCents)} is more than the ${formatCents(remaining)} that remains`,
        );
      }
      if ((item.refunds?.length ?? 0) >= maxRefundsPerTransaction) {
        throw new DomainError('conflict', `A transaction can be refunded at most ${maxRefundsPerTransaction} times`);
      }
      const customer = await getCustomerWithCounts(db, item.customerId, true);
      if (!customer.item) throw notFound('Customer');
      const refund: StoredRefund = { id: randomUUID(), amountCents, reason: input.reason, createdAt: new Date().toISOString() };
      const after = refunded + amountCents;
      const answer = detailFromItem({
        ...item,
        status: statusAfterRefund(item.amountCents, after),
        refundedCents: after,
        refunds: [...(item.refunds ?? []), refund],
        version: Number(item.version ?? 0) + 1,
      });
      try {
        await transact(db, [
          ...refundTransactionItems(item, { item: customer.item, counts: customer.counts }, refund, actor),
          ...(await webhookOutbox(db, 'transaction.refunded', answer)),
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
  await eventCountersMoved(db, done.eventId);
  return done;
}
