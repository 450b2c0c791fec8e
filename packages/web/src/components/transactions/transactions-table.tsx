import type { TransactionInfo } from '@event-admin/core/purchase/purchase.schema';
import { EmptyRow, ErrorRow } from '../ui/empty-state.tsx';
import { SkeletonRows } from '../ui/skeleton-rows.tsx';
import { StatusBadge } from '../ui/status-badge.tsx';
import { formatDate } from '../../lib/format.ts';
import { Pagination, usePagination } from './pagination.tsx';

const columns = 7;
export const transactionsPageSize = 25;

/** A transaction as the table shows it: names resolved, a missing status read as pending (SPEC §4). */
export interface TransactionRow extends TransactionInfo {
  eventTitle: string;
  customerName: string;
  shownStatus: string;
}

export function toRows(
  transactions: readonly TransactionInfo[],
  eventTitles: ReadonlyMap<string, string>,
  customerNames: ReadonlyMap<string, string>,
): TransactionRow[] {
  return transactions.map((t) => ({
    ...t,
    eventTitle: eventTitles.get(t.eventId) ?? 'Unknown Event',
    customerName: customerNames.get(t.customerId) ?? 'Unknown Customer',
    shownStatus: t.status || 'pending',
  }));
}

/** Search over event title, customer name, amount ('$12.34' or '12.34') and status. */
export function matchesTransaction(row: TransactionRow, query: string) {
  const q = query.trim().toLowerCase();
  if (!q) return true;
  return [row.eventTitle, row.customerName, row.amount, row.amount.replace(/^\$/, ''), row.shownStatus].some((field) =>
    field.toLowerCase().includes(q),
  );
}

/** 'a1b2c3d4-...' -> 'a1b2c3d4': enough to tell rows apart; the full id is in the title. */
const shortId = (id: string) => (id.length > 8 ? id.slice(0, 8) : id);

export function TransactionsTable({ rows, loading, failed, onRetry }: { rows: TransactionRow[]; loading: boolean; failed: boolean; onRetry: () => void }) {
  const pages = usePagination(rows, transactionsPageSize);
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
            {loading ? (
              <SkeletonRows rows={5} columns={columns} />
            ) : failed ? (
              <ErrorRow columns={columns} onRetry={onRetry} />
            ) : rows.length === 0 ? (
              <EmptyRow columns={columns}>No transactions found. Try a different search term.</EmptyRow>
            ) : (
              pages.pageItems.map((row) => (
                <tr key={row.id} className="hover:bg-base-200/50">
                  <td className="font-mono text-xs" title={row.id}>
                    {shortId(row.id)}
                  </td>
                  <td className="min-w-44 font-medium">{row.eventTitle}</td>
                  <td className="whitespace-nowrap">{row.customerName}</td>
                  <td className="whitespace-nowrap">{formatDate(row.purchaseDate)}</td>
                  <td className="text-right tabular-nums">{row.amount}</td>
                  <td>
                    <StatusBadge kind="transaction" status={row.status} />
                  </td>
                  <td className="whitespace-nowrap">{row.paymentMethod}</td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      {!loading && !failed && <Pagination label="Transactions pages" {...pages} />}
    </section>
  );
}
