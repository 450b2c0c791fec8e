import { StatusBadge } from '../ui/status-badge.tsx';
import { TableRows } from '../ui/table-rows.tsx';
import { formatDate } from '../../lib/format.ts';
import { trpc } from '../../lib/trpc.ts';

const columns = 5;

/** The Transactions tab: the customer's purchases, newest first, each with its event's title. */
export function PurchaseHistory({ customerId }: { customerId: string }) {
  const purchases = trpc.customers.purchaseHistory.useQuery({ id: customerId });
  const rows = purchases.data ?? [];

  return (
    <section aria-labelledby="purchase-history-heading">
      <h4 id="purchase-history-heading" className="mb-2 font-semibold">
        Purchase History
      </h4>
      {/* Focusable, so a keyboard can scroll the table sideways on a narrow screen. */}
      <div className="overflow-x-auto rounded-box border border-base-300" tabIndex={0} role="region" aria-label="Purchase history">
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
              loading={purchases.isPending}
              loadingRows={3}
              failed={purchases.isError}
              onRetry={() => void purchases.refetch()}
              isEmpty={rows.length === 0}
              empty="No purchases yet."
            >
              {rows.map((p) => (
                <tr key={p.id}>
                  <td className="font-medium">{p.eventTitle ?? 'Unknown Event'}</td>
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
    </section>
  );
}
