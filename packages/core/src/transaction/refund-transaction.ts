import { randomUUID } from 'node:crypto';
import type { Actor } from '../fn.ts';
import { auditPut } from '../audit/audit.repo.ts';
import { DomainError } from '../error.ts';
import { formatCents, parseAmountToCents } from './money.ts';
import { changeTransaction, transactionChangeUpdate } from './transaction-change.ts';
import type { StoredRefund } from './transaction.repo.ts';
import { refundProblem, statusAfterRefund } from './transaction.rules.ts';

/** Refunds one transaction may hold: keeps the item small (each refund is a line on it). */
export const maxRefundsPerTransaction = 100;

/**
 * Refunds part or all of what remains of a completed or partially refunded transaction: the
 * transaction (status, refunded total, the refund), what it moves (net sales down; a full refund
 * also ends the sale: completed purchases, conversion and, with a customer's last sale, active
 * customers; the refunds of the day it is made) and its history record. Conditional on the
 * refunded total and version read, so parallel refunds can never together exceed the amount: a
 * loser reads again and is refused once nothing (or too little) remains.
 */
export function refundTransaction(
  db: Parameters<typeof changeTransaction>[0],
  input: { id: string; amount?: string | number | undefined; reason: string; idempotencyKey?: string | undefined },
  actor: Actor,
) {
  return changeTransaction(
    db,
    {
      operation: 'transactions.createRefund',
      announce: 'transaction.refunded',
      input,
      plan(item) {
        const problem = refundProblem(item.status);
        if (problem) throw new DomainError('conflict', problem);
        const before = Number(item.refundedCents ?? 0);
        const remaining = item.amountCents - before;
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
        const refund: StoredRefund = { id: randomUUID(), amountCents, reason: input.reason, createdAt: new Date().toISOString() };
        const after = before + amountCents;
        const status = statusAfterRefund(item.amountCents, after);
        const record = auditPut({
          actor,
          action: 'refund',
          entity: 'transaction',
          entityId: item.id,
          summary:
            `Refunded ${formatCents(amountCents)} of ${formatCents(item.amountCents)} ` +
            `to ${item.customerName ?? 'Unknown Customer'}: ${refund.reason}`,
          changes: [
            ...(status === item.status ? [] : [{ field: 'status', from: item.status, to: status }]),
            { field: 'refundedAmount', from: formatCents(before), to: formatCents(after) },
          ],
          notable: true,
        });
        return {
          after: { status, refundedCents: after, refunds: [...(item.refunds ?? []), refund] },
          sale: { kind: 'refund', amountCents, at: refund.createdAt, ends: status === 'refunded' },
          items: [transactionChangeUpdate(item, { status, refundedCents: after, refund }), record],
        };
      },
    },
    actor,
  );
}
