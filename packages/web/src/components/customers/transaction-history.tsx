import { useState } from 'react';
import { TransactionDetailDialog } from '../transactions/transaction-detail-dialog.tsx';
import { StatusBadge } from '../ui/status-badge.tsx';
import { TableRows } from '../ui/table-rows.tsx';
import { formatDate } from '../../lib/format.ts';
import { trpc } from '../../lib/trpc.ts';

const columns = 5;

/** The Transactions tab: the customer's purchases, newest first, each with its event's title. */
export function TransactionHistory({ customerId }: { customerId: string }) {
  const history = trpc.customers.transactionHistory.useQuery({ id: customerId });
  const [open, setOpen] = useState<string | null>(null);
  const rows = history.data ?? [];

  return (
    <section aria-labelledby="transaction-history-heading">
      <h4 id="transaction-history-heading" className="mb-2 font-semibold">
        Purchase History
      </h4>
      <div className="overflow-x-auto rounded-box border border-base-300">
        <table className="table table-sm">
          <thead>
            <tr>
              <th>Event</th>
              <th>Amount</th>
              <th>Status</th>
              <th>Date</th>
              <th>Payment Method</th>
            </tr>
          </thead>
          <tbody>
            <TableRows
              columns={columns}
              loading={history.isPending}
              loadingRows={3}
              failed={history.isError}
              onRetry={() => void history.refetch()}
              isEmpty={rows.length === 0}
              empty="No purchases yet."
            >
              {rows.map((p) => (
                <tr key={p.id} className="cursor-pointer hover:bg-base-200/50" onClick={() => setOpen(p.id)}>
                  <td className="font-medium">
                    <button
                      type="button"
                      className="link link-hover text-left"
                      aria-label={`View transaction ${p.id}`}
                      onClick={(e) => (e.stopPropagation(), setOpen(p.id))}
                    >
                      {p.eventTitle ?? 'Unknown Event'}
                    </button>
                  </td>
                  <td className="tabular-nums">{p.amount}</td>
                  <td>
                    <StatusBadge kind="transaction" status={p.status} />
                  </td>
                  <td className="whitespace-nowrap">{formatDate(p.purchaseDate)}</td>
                  <td>{p.paymentMethod}</td>
                </tr>
              ))}
            </TableRows>
          </tbody>
        </table>
      </div>
      <TransactionDetailDialog id={open} onClose={() => setOpen(null)} />
    </section>
  );
}
