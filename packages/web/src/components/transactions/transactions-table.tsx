import type { ReactNode } from 'react';
import type { TransactionRow } from '@event-admin/core/transaction/transaction.schema';
import { DataTable, type Column, type TableSelection, type TableSort } from '../ui/data-table.tsx';
import { StatusBadge } from '../ui/status-badge.tsx';
import { BulkActions } from './bulk-actions.tsx';
import { formatDate } from '../../lib/format.ts';
import type { PagedTable } from '../../lib/use-paged-list.ts';

/** 'a1b2c3d4-...' -> 'a1b2c3d4': enough to tell rows apart; the full id is in the title. */
const shortId = (id: string) => (id.length > 8 ? id.slice(0, 8) : id);

/** An unknown event or customer is named as SPEC says. */
const columns: Column<TransactionRow>[] = [
  { id: 'id', header: 'ID', cell: (row) => <span title={row.id}>{shortId(row.id)}</span>, className: 'font-mono text-xs' },
  { id: 'event', header: 'Event', cell: (row) => row.eventTitle ?? 'Unknown Event', className: 'min-w-44 font-medium' },
  { id: 'customer', header: 'Customer', cell: (row) => row.customerName ?? 'Unknown Customer', className: 'whitespace-nowrap' },
  { id: 'date', header: 'Date', cell: (row) => formatDate(row.purchaseDate), className: 'whitespace-nowrap', sortKey: 'date' },
  { id: 'amount', header: 'Amount', cell: (row) => row.amount, align: 'right', className: 'tabular-nums' },
  { id: 'status', header: 'Status', cell: (row) => <StatusBadge kind="transaction" status={row.status} /> },
  { id: 'paymentMethod', header: 'Payment Method', cell: (row) => row.paymentMethod, className: 'whitespace-nowrap' },
];

/** Rows are selectable (one, a shift-click range, all loaded): the bar above the table completes, fails or refunds them. */
const selection: TableSelection<TransactionRow> = {
  label: (row) => `transaction ${shortId(row.id)}`,
  actions: (rows, clear) => <BulkActions rows={rows} clear={clear} />,
};

/** A row opens the transaction panel. */
export function TransactionsTable({
  searching,
  onOpen,
  ...table
}: PagedTable<TransactionRow> & { sort: TableSort; footer: ReactNode; onOpen: (id: string) => void }) {
  return (
    <section className="card bg-base-100 shadow-sm" aria-labelledby="recent-transactions-heading">
      <div className="border-b border-base-300 px-5 py-4">
        <h3 id="recent-transactions-heading" className="text-lg font-semibold">
          Recent Transactions
        </h3>
      </div>
      <DataTable
        {...table}
        labelledBy="recent-transactions-heading"
        columns={columns}
        rowKey={(row) => row.id}
        loadingRows={5}
        empty={searching ? 'Searching older transactions...' : 'No transactions found. Try a different search term.'}
        selection={selection}
        onRowClick={(row) => onOpen(row.id)}
        rowData={(row) => ({ 'data-transaction-id': row.id })}
      />
    </section>
  );
}
