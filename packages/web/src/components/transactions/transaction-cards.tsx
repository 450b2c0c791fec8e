import { parseAmountToCents } from '@event-admin/core/transaction/money';
import type { TransactionTotals } from '@event-admin/core/stats/stats.schema';
import { formatUsdCents } from '../../lib/format.ts';
import { formatCount } from '../../lib/numbers.ts';

/**
 * Total Transactions, Total Revenue and Unique Customers over the whole history (not the search),
 * from the server's counters: the figures SPEC's sum of every amount gives (SPEC §9), without
 * downloading every transaction.
 */
export function TransactionCards({ totals, loading }: { totals: TransactionTotals | undefined; loading: boolean }) {
  const cards = totals
    ? [
        { label: 'Total Transactions', value: formatCount(totals.totalTransactions) },
        { label: 'Total Revenue', value: formatUsdCents((parseAmountToCents(totals.totalRevenue) ?? 0) / 100) },
        { label: 'Unique Customers', value: formatCount(totals.uniqueCustomers) },
      ]
    : ['Total Transactions', 'Total Revenue', 'Unique Customers'].map((label) => ({ label, value: null }));
  return (
    <div className="mb-6 grid gap-4 sm:grid-cols-3">
      {cards.map((card) => (
        <section key={card.label} className="card bg-base-100 shadow-sm" aria-label={card.label} data-testid="transaction-card">
          <div className="card-body gap-1 p-5">
            <h3 className="text-sm font-medium text-base-content/70">{card.label}</h3>
            {loading ? (
              <div className="skeleton h-8 w-28" aria-hidden="true" />
            ) : card.value === null ? (
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
