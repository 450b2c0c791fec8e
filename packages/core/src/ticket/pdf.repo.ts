import type { Db } from '../db/client.ts';
import type { TicketInfo } from '../order/order.schema.ts';
import { isOrder } from '../order/order.repo.ts';
import { getTransactionItemById } from '../transaction/transaction.repo.ts';
import type { TicketStatus } from './pdf.rules.ts';
import { getCodeItem } from './ticket.repo.ts';

/** A ticket of a transaction, as the printable tickets read it. */
export interface TransactionTicket {
  id: string;
  code: string;
  ticketTypeName: string;
  attendeeName: string | null;
  status: TicketStatus;
}

/**
 * A transaction's tickets with their status, and its event: the one read the printable tickets
 * make of the store (two GetItems: the transaction, then its order's code item, which holds the
 * tickets and their void mark). Undefined for an unknown transaction; no tickets for a purchase that is not an order.
 */
export async function transactionTickets(db: Db, transactionId: string) {
  const item = await getTransactionItemById(db, transactionId);
  if (!item) return undefined;
  const eventId = String(item.eventId);
  if (!isOrder(item)) return { eventId, tickets: [] };
  const names = new Map(item.lines.map((line) => [line.ticketTypeId, line.name]));
  // the door's own mark (ticket/void.ts), set with the failure or full refund that voids them
  const codes = await getCodeItem(db, item.codePrefix);
  const status: TicketStatus = codes?.voidedAt ? 'void' : 'valid';
  const tickets: TransactionTicket[] = ((codes?.tickets ?? []) as TicketInfo[]).map((ticket) => ({
    id: ticket.id,
    code: ticket.code,
    ticketTypeName: names.get(ticket.ticketTypeId) ?? 'Ticket',
    attendeeName: ticket.attendeeName,
    status,
  }));
  return { eventId, tickets };
}
