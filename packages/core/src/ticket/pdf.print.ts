import type { Db } from '../db/client.ts';
import { DomainError, notFound } from '../error.ts';
import { eventZone } from '../event/event.rules.ts';
import { getEventItem } from '../event/event.repo.ts';
import { fn } from '../fn.ts';
import { businessTimeZone } from '../settings/index.ts';
import { wallClock, zoneAbbreviation, zonedInstant } from '../time/zone.ts';
import { transactionIdInput } from '../transaction/transaction.schema.ts';
import { transactionTickets } from './pdf.repo.ts';
import type { PrintableTickets } from './pdf.schema.ts';

export const noTicketsMessage = 'This transaction has no tickets';
export const voidTicketsMessage = "This order has no valid tickets: a failed or fully refunded order's tickets are void";

const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const two = (n: number) => String(n).padStart(2, '0');

/**
 * An event's day and start on its own clock (its zone, else the business's), as the web shows
 * them: `Jul 14, 2031` and `20:00`, the zone's short name always after the time (`20:00 PDT`): a
 * ticket is read away from the business, where its zone goes without saying.
 */
export function eventWhen(event: { date: string; time?: string | undefined; timeZone?: unknown }, businessZone: string) {
  const zone = eventZone(event, businessZone);
  const c = wallClock(event.date, zone);
  const day = `${c.year}-${two(c.month)}-${two(c.day)}`;
  const time = event.time || `${two(c.hour)}:${two(c.minute)}`;
  return { date: `${months[c.month - 1]} ${c.day}, ${c.year}`, time: `${time} ${zoneAbbreviation(zonedInstant(day, time, zone), zone)}` };
}

/**
 * What GET /api/transactions/{id}/tickets.pdf prints: the transaction's valid tickets and its
 * event. Refused: an unknown transaction or event (404), a purchase without tickets (404), an
 * order whose tickets are all void (409).
 */
export const printableTickets = fn(transactionIdInput, async (db: Db, { id }): Promise<PrintableTickets> => {
  const found = await transactionTickets(db, id);
  if (!found) throw notFound('Transaction');
  if (found.tickets.length === 0) throw new DomainError('not_found', noTicketsMessage);
  const valid = found.tickets.filter((ticket) => ticket.status === 'valid');
  if (valid.length === 0) throw new DomainError('conflict', voidTicketsMessage);
  const [event, zone] = await Promise.all([getEventItem(db, found.eventId), businessTimeZone(db)]);
  if (!event) throw notFound('Event');
  return {
    transactionId: id,
    event: { title: String(event.title), ...eventWhen(event as { date: string; time?: string }, zone), venue: String(event.venue) },
    tickets: valid.map(({ status: _status, ...ticket }) => ticket),
  };
});
