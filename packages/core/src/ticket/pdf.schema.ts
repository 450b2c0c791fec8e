import * as z from 'zod';
import { named } from '../shared.schema.ts';

/** One page of the printable tickets: a valid ticket, its type by name. */
export const printableTicket = named('PrintableTicket', {
  id: z.string(),
  code: z.string(),
  ticketTypeName: z.string(),
  attendeeName: z.string().nullable(),
});

/**
 * What GET /api/transactions/{id}/tickets.pdf prints: the order's valid tickets and its event as
 * people read it, its day (`Jul 14, 2031`) and time (`20:00 PDT`) on the event's own clock.
 */
export const printableTickets = named('PrintableTickets', {
  transactionId: z.string(),
  event: z.object({ title: z.string(), date: z.string(), time: z.string(), venue: z.string() }),
  tickets: z.array(printableTicket),
});
export type PrintableTickets = z.output<typeof printableTickets>;
