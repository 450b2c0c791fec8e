import { EmptyRow, ErrorRow } from '../ui/empty-state.tsx';
import { SkeletonRows } from '../ui/skeleton-rows.tsx';
import { StatusBadge } from '../ui/status-badge.tsx';
import { formatDate } from '../../lib/format.ts';
import { trpc } from '../../lib/trpc.ts';

const columns = 5;

/** The Transactions tab: the customer's purchases, newest first, each with its event's title. */
export function PurchaseHistory({ customerId }: { customerId: string }) {
  const purchases = trpc.customers.purchaseHistory.useQuery({ id: customerId });

  return (
    <section aria-labelledby="purchase-history-heading">
      <h4 id="purchase-history-heading" className="mb-2 font-semibold">
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
            {purchases.isPending ? (
              <SkeletonRows rows={3} columns={columns} />
            ) : purchases.isError ? (
              <ErrorRow columns={columns} onRetry={() => void purchases.refetch()} />
            ) : purchases.data.length === 0 ? (
              <EmptyRow columns={columns}>No purchases yet.</EmptyRow>
            ) : (
              purchases.data.map((p) => (
                <tr key={p.id}>
                  <td className="font-medium">{p.eventTitle ?? 'Unknown Event'}</td>
                  <td className="tabular-nums">{p.amount}</td>
                  <td>
                    <StatusBadge kind="transaction" status={p.status} />
                  </td>
                  <td className="whitespace-nowrap">{formatDate(p.purchaseDate)}</td>
                  <td>{p.paymentMethod}</td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
    </section>
  );
}
