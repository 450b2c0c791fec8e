import { useState, type ReactNode } from 'react';
import { formatCents } from '@event-admin/core/transaction/money';
import type { TransactionDetail } from '@event-admin/core/transaction/transaction.schema';
import { HistoryList } from '../audit/history-list.tsx';
import { ConfirmDialog } from '../ui/confirm-dialog.tsx';
import { Dialog } from '../ui/dialog.tsx';
import { StatusBadge } from '../ui/status-badge.tsx';
import { toast } from '../ui/toast.tsx';
import { errorMessage } from '../../lib/errors.ts';
import { formatDate } from '../../lib/format.ts';
import { trpc } from '../../lib/trpc.ts';
import { OrderDetails } from './order-details.tsx';
import { RefundDialog, remainingCents } from './refund-dialog.tsx';
import { useTransactionChanged } from './use-transaction-changed.ts';

/** The transaction panel: every field, its refunds, its history, and what can be done with it. */
export function TransactionDetailDialog({ id, onClose }: { id: string | null; onClose: () => void }) {
  const transaction = trpc.transactions.get.useQuery({ id: id ?? '' }, { enabled: id !== null, staleTime: 0 });
  const data = transaction.data;
  return (
    <Dialog open={id !== null} onClose={onClose} title="Transaction" description={id ?? undefined} size="lg">
      {transaction.isPending && <div className="skeleton h-40 w-full" />}
      {transaction.isError && (
        <p className="alert alert-error text-sm" role="alert">
          {errorMessage(transaction.error, 'Could not load this transaction.')}
        </p>
      )}
      {data && <TransactionPanel transaction={data} />}
    </Dialog>
  );
}

type Pending = 'completed' | 'failed' | null;

function TransactionPanel({ transaction }: { transaction: TransactionDetail }) {
  const [marking, setMarking] = useState<Pending>(null);
  const [refunding, setRefunding] = useState(false);
  const updateStatus = trpc.transactions.updateStatus.useMutation();
  const changed = useTransactionChanged();
  const customer = transaction.customerName ?? 'Unknown Customer';
  const canRefund = transaction.status === 'completed' || transaction.status === 'partially_refunded';

  const mark = async () => {
    if (!marking) return;
    try {
      await updateStatus.mutateAsync({ id: transaction.id, status: marking, version: transaction.version });
      toast({ title: 'Status updated', description: `The transaction is now ${marking}.`, variant: 'success' });
      setMarking(null);
      changed();
    } catch {
      // shown in the confirmation
    }
  };

  return (
    <div className="space-y-5">
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr_auto_1fr]">
        <dt className="text-base-content/60">Event</dt>
        <dd>{transaction.eventTitle ?? 'Unknown Event'}</dd>
        <dt className="text-base-content/60">Customer</dt>
        <dd>{customer}</dd>
        <dt className="text-base-content/60">Date</dt>
        <dd>{formatDate(transaction.purchaseDate)}</dd>
        <dt className="text-base-content/60">Payment Method</dt>
        <dd>{transaction.paymentMethod}</dd>
        <dt className="text-base-content/60">Amount</dt>
        <dd className="tabular-nums">{transaction.amount}</dd>
        <dt className="text-base-content/60">Status</dt>
        <dd>
          <StatusBadge kind="transaction" status={transaction.status} />
        </dd>
        <dt className="text-base-content/60">Refunded</dt>
        <dd className="tabular-nums" data-testid="refunded-amount">
          {transaction.refundedAmount}
        </dd>
        <dt className="text-base-content/60">Remaining</dt>
        <dd className="tabular-nums">{formatCents(Math.max(0, remainingCents(transaction)))}</dd>
      </dl>

      <div className="flex flex-wrap gap-2">
        {transaction.status === 'pending' && (
          <>
            <button type="button" className="btn btn-sm btn-success" onClick={() => setMarking('completed')}>
              Mark as completed
            </button>
            <button type="button" className="btn btn-sm btn-error btn-outline" onClick={() => setMarking('failed')}>
              Mark as failed
            </button>
          </>
        )}
        {canRefund && (
          <button type="button" className="btn btn-sm btn-primary" onClick={() => setRefunding(true)}>
            Refund
          </button>
        )}
      </div>

      <OrderDetails transaction={transaction} />

      <DetailSection id="refunds-heading" title="Refunds">
        {transaction.refunds.length === 0 ? (
          <p className="text-sm text-base-content/70">No refunds.</p>
        ) : (
          <table className="table table-sm">
            <thead>
              <tr>
                <th>Date</th>
                <th className="text-right">Amount</th>
                <th>Reason</th>
              </tr>
            </thead>
            <tbody>
              {transaction.refunds.map((r) => (
                <tr key={r.id}>
                  <td className="whitespace-nowrap">{formatDate(r.createdAt)}</td>
                  <td className="text-right tabular-nums">{r.amount}</td>
                  <td>{r.reason}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </DetailSection>

      <DetailSection id="transaction-history-heading" title="History">
        <HistoryList key={transaction.version} entity="transaction" id={transaction.id} />
      </DetailSection>

      <ConfirmDialog
        open={marking !== null}
        title={marking === 'completed' ? 'Mark as completed?' : 'Mark as failed?'}
        confirmLabel={marking === 'completed' ? 'Mark as completed' : 'Mark as failed'}
        danger={marking === 'failed'}
        busy={updateStatus.isPending}
        error={updateStatus.isError ? errorMessage(updateStatus.error, 'The status could not be changed. Please try again.') : null}
        onConfirm={() => void mark()}
        onClose={() => {
          updateStatus.reset();
          setMarking(null);
        }}
      >
        {marking === 'completed'
          ? `${transaction.amount} by ${customer} will count as a sale of ${transaction.eventTitle ?? 'Unknown Event'}.`
          : `${transaction.amount} by ${customer} will be recorded as a failed payment. This cannot be undone.`}
      </ConfirmDialog>
      <RefundDialog transaction={transaction} open={refunding} onClose={() => setRefunding(false)} />
    </div>
  );
}

/** A titled part of the transaction view, named by its heading for screen readers. */
function DetailSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <h4 id={id} className="mb-1 font-semibold">
        {title}
      </h4>
      {children}
    </section>
  );
}
