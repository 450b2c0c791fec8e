import { useMemo } from 'react';
import { sumAmountTexts } from '@event-admin/core/purchase/money';
import type { TransactionInfo } from '@event-admin/core/purchase/purchase.schema';
import { formatUsdCents } from '../../lib/format.ts';

/**
 * Total Transactions, Total Revenue and Unique Customers over the whole list (not the search):
 * revenue is the amounts summed after stripping '$' (SPEC §9), in cents so no float drift.
 */
export function transactionSummary(transactions: readonly TransactionInfo[]) {
  return {
    totalTransactions: transactions.length,
    totalRevenueCents: sumAmountTexts(transactions.map((t) => t.amount)),
    uniqueCustomers: new Set(transactions.map((t) => t.customerId)).size,
  };
}

export function TransactionCards({ transactions, loading }: { transactions: readonly TransactionInfo[] | undefined; loading: boolean }) {
  const summary = useMemo(() => transactionSummary(transactions ?? []), [transactions]);
  const cards = [
    { label: 'Total Transactions', value: summary.totalTransactions.toLocaleString('en-US') },
    { label: 'Total Revenue', value: formatUsdCents(summary.totalRevenueCents / 100) },
    { label: 'Unique Customers', value: summary.uniqueCustomers.toLocaleString('en-US') },
  ];
  return (
    <div className="mb-6 grid gap-4 sm:grid-cols-3">
      {cards.map((card) => (
        <section key={card.label} className="card bg-base-100 shadow-sm" aria-label={card.label} data-testid="transaction-card">
          <div className="card-body gap-1 p-5">
            <h3 className="text-sm font-medium text-base-content/70">{card.label}</h3>
            {loading ? (
              <div className="skeleton h-8 w-28" aria-hidden="true" />
            ) : transactions === undefined ? (
              <p className="text-2xl font-bold text-base-content/40" aria-label="Not available">
                —
              </p>
            ) : (
              <p className="text-2xl font-bold tabular-nums" data-testid="card-value">
                {card.value}
              </p>
            )}
          </div>
        </section>
      ))}
    </div>
  );
}
