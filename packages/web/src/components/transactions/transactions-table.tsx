import type { ReactNode } from 'react';
import type { TransactionRow as StoredRow } from '@event-admin/core/transaction/transaction.schema';
import { StatusBadge } from '../ui/status-badge.tsx';
import { TableRows } from '../ui/table-rows.tsx';
import { formatDate } from '../../lib/format.ts';

const columns = 7;

/** A transaction as the table shows it: an unknown event or customer named as SPEC says. */
export interface TransactionRow extends StoredRow {
  shownEventTitle: string;
  shownCustomerName: string;
}

export const toRow = (t: StoredRow): TransactionRow => ({
  ...t,
  shownEventTitle: t.eventTitle ?? 'Unknown Event',
  shownCustomerName: t.customerName ?? 'Unknown Customer',
});

/** 'a1b2c3d4-...' -> 'a1b2c3d4': enough to tell rows apart; the full id is in the title. */
const shortId = (id: string) => (id.length > 8 ? id.slice(0, 8) : id);

export function TransactionsTable({
  rows,
  loading,
  failed,
  searching,
  onRetry,
  onOpen,
  footer,
}: {
  rows: TransactionRow[];
  loading: boolean;
  failed: boolean;
  /** no match yet, but older transactions are still to be searched */
  searching: boolean;
  onRetry: () => void;
  /** opens the transaction panel */
  onOpen: (id: string) => void;
  footer?: ReactNode;
}) {
  return (
    <section className="card bg-base-100 shadow-sm" aria-labelledby="recent-transactions-heading">
      <div className="border-b border-base-300 px-5 py-4">
        <h3 id="recent-transactions-heading" className="text-lg font-semibold">
          Recent Transactions
        </h3>
      </div>
      <div className="overflow-x-auto">
        <table className="table">
          <thead>
            <tr>
              <th>ID</th>
              <th>Event</th>
              <th>Customer</th>
              <th>Date</th>
              <th className="text-right">Amount</th>
              <th>Status</th>
              <th>Payment Method</th>
            </tr>
          </thead>
          <tbody>
            <TableRows
              columns={columns}
              loading={loading}
              loadingRows={5}
              failed={failed}
              onRetry={onRetry}
              isEmpty={rows.length === 0}
              empty={searching ? 'Searching older transactions...' : 'No transactions found. Try a different search term.'}
            >
              {rows.map((row) => (
                <tr key={row.id} className="cursor-pointer hover:bg-base-200/50" onClick={() => onOpen(row.id)}>
                  <td className="font-mono text-xs" title={row.id}>
                    <button
                      type="button"
                      className="link link-hover"
                      aria-label={`View transaction ${row.id}`}
                      onClick={(e) => (e.stopPropagation(), onOpen(row.id))}
                    >
                      {shortId(row.id)}
                    </button>
                  </td>
                  <td className="min-w-44 font-medium">{row.shownEventTitle}</td>
                  <td className="whitespace-nowrap">{row.shownCustomerName}</td>
                  <td className="whitespace-nowrap">{formatDate(row.purchaseDate)}</td>
                  <td className="text-right tabular-nums">{row.amount}</td>
                  <td>
                    <StatusBadge kind="transaction" status={row.status} />
                  </td>
                  <td className="whitespace-nowrap">{row.paymentMethod}</td>
                </tr>
              ))}
            </TableRows>
          </tbody>
        </table>
      </div>
      {!loading && !failed && footer}
    </section>
  );
}
