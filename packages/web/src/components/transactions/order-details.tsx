import { useId } from 'react';
import type { TransactionDetail } from '@event-admin/core/transaction/transaction.schema';
import { OrderTickets } from '../tickets/order-tickets.tsx';
import { TitledSection } from '../ui/titled-section.tsx';

/**
 * An order's part of the transaction view (and of New order's answer): its lines, subtotal and
 * fee, and one ticket per admission with its QR code and the printable tickets.
 */
export function OrderDetails({
  transaction,
}: {
  transaction: Pick<TransactionDetail, 'id' | 'status' | 'lines' | 'subtotal' | 'serviceFee' | 'amount' | 'tickets'>;
}) {
  const { lines, tickets } = transaction;
  const id = useId();
  if (!lines || !tickets) return null;
  const names = new Map(lines.map((line) => [line.ticketTypeId, line.name]));
  return (
    <>
      <TitledSection id={`${id}-lines`} title="Tickets ordered">
        <table className="table table-sm">
          <thead>
            <tr>
              <th>Ticket type</th>
              <th className="text-right">Quantity</th>
              <th className="text-right">Price</th>
              <th className="text-right">Total</th>
            </tr>
          </thead>
          <tbody>
            {lines.map((line) => (
              <tr key={line.ticketTypeId}>
                <td>{line.name}</td>
                <td className="text-right tabular-nums">{line.quantity}</td>
                <td className="text-right tabular-nums">{line.unitPrice}</td>
                <td className="text-right tabular-nums">{line.total}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th colSpan={3}>Subtotal</th>
              <td className="text-right tabular-nums">{transaction.subtotal}</td>
            </tr>
            <tr>
              <th colSpan={3}>Service fee</th>
              <td className="text-right tabular-nums">{transaction.serviceFee}</td>
            </tr>
            <tr>
              <th colSpan={3}>Total</th>
              <td className="text-right tabular-nums">{transaction.amount}</td>
            </tr>
          </tfoot>
        </table>
      </TitledSection>
      <OrderTickets id={`${id}-tickets`} order={{ ...transaction, tickets }} typeNames={names} />
    </>
  );
}
