import { formatTicketCode } from '@event-admin/core/order/ticket-code';
import type { TicketInfo } from '@event-admin/core/order/order.schema';
import { ticketsVoidedBy } from '@event-admin/core/ticket/pdf.rules';
import { QrCode } from '../ui/qr-code.tsx';
import { TitledSection } from '../ui/titled-section.tsx';

/**
 * An order's tickets: each code as text and as the QR code the door scans, and a download of the
 * printable tickets (a plain link: the PDF route reads the session cookie, as the other downloads
 * do). A failed or fully refunded order's tickets are void: no QR codes, nothing to print.
 */
export function OrderTickets({
  id,
  order,
  typeNames,
}: {
  id: string;
  order: { id: string; status: string; tickets: TicketInfo[] };
  typeNames: ReadonlyMap<string, string>;
}) {
  const { tickets } = order;
  const valid = !ticketsVoidedBy(order.status) && tickets.length > 0;
  return (
    <TitledSection id={id} title={tickets.length === 1 ? '1 ticket' : `${tickets.length} tickets`}>
      {valid ? (
        <a className="btn btn-outline btn-sm mb-3" href={`/api/transactions/${encodeURIComponent(order.id)}/tickets.pdf`} download>
          Download tickets
        </a>
      ) : (
        <p className="mb-2 text-sm text-base-content/70">These tickets are void: the order failed or was refunded in full.</p>
      )}
      <ul className="grid gap-3 sm:grid-cols-2">
        {tickets.map((ticket) => {
          const code = formatTicketCode(ticket.code);
          return (
            <li key={ticket.id} className="flex items-center gap-3 text-sm">
              {valid && (
                <QrCode
                  value={ticket.code}
                  label={`QR code of ticket ${code}`}
                  unavailable="type the code."
                  className="h-24 w-24 shrink-0"
                />
              )}
              <div className="min-w-0">
                <code className="font-mono">{code}</code>
                <p>{typeNames.get(ticket.ticketTypeId) ?? 'Ticket'}</p>
                <p className="break-words text-base-content/70">
                  {ticket.attendeeName ?? 'No attendee named'}
                  {ticket.attendeeEmail ? ` (${ticket.attendeeEmail})` : ''}
                </p>
              </div>
            </li>
          );
        })}
      </ul>
    </TitledSection>
  );
}
