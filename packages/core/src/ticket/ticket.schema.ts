import * as z from 'zod';
import { entityId, idempotencyKey, isoTime, named, pageOf, searchTerm, wholeCount } from '../shared.schema.ts';

/** The door's refusals that the offline screen gives too (browser-safe, so said once). */
export const noSuchTicket = 'No ticket with this code';
export const voidTicket = 'This ticket is void';

/** A ticket is valid until its order fails or is refunded in full: then void (for good). */
export const ticketStatuses = ['valid', 'void'] as const;

/** One ticket of an order, with who it is for and its check-in (GET /api/tickets/{id}). */
export const ticketDetail = named('TicketDetail', {
  id: z.string(),
  code: z.string(),
  transactionId: z.string(),
  eventId: z.string(),
  ticketTypeId: z.string(),
  ticketTypeName: z.string(),
  attendeeName: z.string().nullable(),
  attendeeEmail: z.string().nullable(),
  status: z.enum(ticketStatuses),
  checkedInAt: isoTime.nullable(),
  checkedInBy: z.string().nullable(),
});
export type TicketDetail = z.output<typeof ticketDetail>;

export const ticketsPage = named('TicketsPage', pageOf(ticketDetail));

const limitMessage = 'Limit must be a whole number between 1 and 100';
const checkedInMessage = 'checkedIn must be true or false';

/** GET /api/events/{id}/tickets, tickets.list: a page of an event's tickets, searched and filtered. */
export const listTicketsInput = z.object({
  eventId: entityId,
  search: searchTerm,
  // REST sends text: 'true' / 'false'
  checkedIn: z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')], { error: checkedInMessage }).optional(),
  limit: z.coerce.number({ error: limitMessage }).int(limitMessage).min(1, limitMessage).max(100, limitMessage).default(50),
  cursor: z.string().max(4000, 'Cursors are at most 4000 characters').nullish(),
});
export type ListTicketsInput = z.input<typeof listTicketsInput>;

export const ticketIdInput = z.object({ id: entityId });
export const eventIdInput = z.object({ eventId: entityId });
export const attendeesCsvInput = z.object({ eventId: entityId });

const nameMessage = 'Attendee names are at most 200 characters';
const emailMessage = 'Please enter a valid email address';

/** The attendee form (PUT /api/tickets/{id}, tickets.update): empty clears a field. */
export const ticketAttendeeForm = z.object({
  attendeeName: z.string().trim().max(200, nameMessage).nullable().default(null),
  attendeeEmail: z
    .union([z.literal(''), z.string().trim().max(320, emailMessage).pipe(z.email(emailMessage))])
    .nullable()
    .default(null),
});
export type TicketAttendeeForm = z.input<typeof ticketAttendeeForm>;
export const updateTicketInput = ticketAttendeeForm.extend({ id: entityId });
export type UpdateTicketInput = z.input<typeof updateTicketInput>;

/** How far back a device's scan time may be (an offline door's queue, sent when back online). */
export const scannedAtWindowMs = 24 * 60 * 60 * 1000;

const neitherMessage = 'A ticket code or a ticketId is required';
const bothMessage = 'Send a ticket code or a ticketId, not both';

/**
 * POST /api/check-ins, checkIns.create: a code as typed or scanned, at an event's door; or the
 * ticket's id, which an offline door sends for a scan matched by hash (it never keeps the code).
 */
export const checkInInput = z
  .object({
    code: z.string({ error: 'A ticket code is required' }).max(200, noSuchTicket).optional(),
    ticketId: entityId.optional(),
    eventId: entityId,
    scannedAt: z.iso.datetime({ offset: true, error: 'scannedAt must be an ISO date and time, e.g. 2030-05-01T19:30:00Z' }).optional(),
    idempotencyKey,
  })
  .refine((input) => input.code !== undefined || input.ticketId !== undefined, neitherMessage)
  .refine((input) => input.code === undefined || input.ticketId === undefined, bothMessage);
export type CheckInInput = z.input<typeof checkInInput>;

export const checkInAnswer = named('CheckIn', { ticket: ticketDetail, checkedInAt: isoTime, checkedInBy: z.string() });
export type CheckInAnswer = z.output<typeof checkInAnswer>;

export const undoCheckInInput = z.object({ ticketId: entityId });

export const checkInStats = named('CheckInStats', {
  tickets: wholeCount,
  checkedIn: wholeCount,
  byType: z.array(z.object({ ticketTypeId: z.string(), name: z.string(), tickets: wholeCount, checkedIn: wholeCount })),
});
export type CheckInStats = z.output<typeof checkInStats>;

/** The door's copy for offline scans: codes only as SHA-256 hashes (ticket/code.ts), names only as shown. */
export const offlineList = named('CheckInList', {
  generatedAt: isoTime,
  tickets: z.array(
    z.object({
      codeHash: z.string(),
      ticketId: z.string(),
      ticketTypeId: z.string(),
      ticketTypeName: z.string(),
      attendeeName: z.string().nullable(),
      status: z.enum(ticketStatuses),
      checkedInAt: isoTime.nullable(),
      checkedInBy: z.string().nullable(),
    }),
  ),
});
export type OfflineList = z.output<typeof offlineList>;
