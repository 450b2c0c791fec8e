import { auditPut } from '../audit/audit.repo.ts';
import type { Actor } from '../fn.ts';
import { DomainError, staleVersion } from '../error.ts';
import { formatCents } from './money.ts';
import { changeTransaction, transactionChangeUpdate } from './transaction-change.ts';
import { statusChangeProblem } from './transaction.rules.ts';
import type { TransactionStatus } from './transaction.schema.ts';

/**
 * Changes a pending transaction to completed (which moves every counter a completed purchase
 * would, on its purchase date) or failed (which moves none), with its history record.
 * Conditional on what was read: of two changes at once exactly one wins, the other reads again
 * and is refused (409).
 */
export function changeTransactionStatus(
  db: Parameters<typeof changeTransaction>[0],
  input: { id: string; status: TransactionStatus; version?: number | undefined; idempotencyKey?: string | undefined },
  actor: Actor,
) {
  const to = input.status;
  return changeTransaction(
    db,
    {
      operation: 'transactions.updateStatus',
      announce: 'transaction.status_changed',
      input,
      plan(item) {
        if (input.version !== undefined && input.version !== Number(item.version ?? 0)) throw staleVersion('This transaction was');
        const problem = statusChangeProblem(item.status, to);
        if (problem) throw new DomainError('conflict', problem);
        const record = auditPut({
          actor,
          action: 'status',
          entity: 'transaction',
          entityId: item.id,
          summary: `Marked ${formatCents(item.amountCents)} by ${item.customerName ?? 'Unknown Customer'} as ${to}`,
          changes: [{ field: 'status', from: item.status, to }],
          notable: to === 'failed',
        });
        return {
          after: { status: to },
          sale: to === 'completed' ? { kind: 'complete' } : { kind: 'fail' },
          items: [transactionChangeUpdate(item, { status: to }), record],
        };
      },
    },
    actor,
  );
}
