import type { TransactionRow } from '@event-admin/core/transaction/transaction.schema';
import { useState } from 'react';
import { TransactionDetailDialog } from '../transactions/transaction-detail-dialog.tsx';
import { DataTable, type Column } from '../ui/data-table.tsx';
import { StatusBadge } from '../ui/status-badge.tsx';
import { formatDate } from '../../lib/format.ts';
import { trpc } from '../../lib/trpc.ts';
import { TitledSection } from '../ui/titled-section.tsx';

const columns: Column<TransactionRow>[] = [
  { id: 'event', header: 'Event', cell: (p) => p.eventTitle ?? 'Unknown Event', className: 'font-medium' },
  { id: 'amount', header: 'Amount', cell: (p) => p.amount, className: 'tabular-nums' },
  { id: 'status', header: 'Status', cell: (p) => <StatusBadge kind="transaction" status={p.status} /> },
  { id: 'date', header: 'Date', cell: (p) => formatDate(p.purchaseDate), className: 'whitespace-nowrap' },
  { id: 'paymentMethod', header: 'Payment Method', cell: (p) => p.paymentMethod },
];

/** The Transactions tab: the customer's purchases, newest first, each with its event's title; a row opens its panel. */
export function TransactionHistory({ customerId }: { customerId: string }) {
  const purchases = trpc.customers.transactionHistory.useQuery({ id: customerId });
  const [open, setOpen] = useState<string | null>(null);

  return (
    <TitledSection id="purchase-history-heading" title="Purchase History">
      <div className="rounded-box border border-base-300">
        <DataTable
          labelledBy="purchase-history-heading"
          tableClassName="table table-sm"
          columns={columns}
          rows={purchases.data ?? []}
          rowKey={(p) => p.id}
          loading={purchases.isPending}
          loadingRows={3}
          failed={purchases.isError}
          onRetry={() => void purchases.refetch()}
          empty="No purchases yet."
          onRowClick={(p) => setOpen(p.id)}
          rowData={(p) => ({ 'data-transaction-id': p.id })}
        />
      </div>
      <TransactionDetailDialog id={open} onClose={() => setOpen(null)} />
    </TitledSection>
  );
}
