import * as Ticket from '@event-admin/core/ticket/index';
import { route, send } from '../row.ts';
import { callerAt } from '../procedures.ts';
import { streamed, type StreamRow } from '../stream-row.ts';

/** GET /api/events/{id}/tickets: always one page (50 unless told), the next one named by its `Link` header. */
const ticketsPage: StreamRow = {
  method: 'GET',
  path: '/api/events/:id/tickets',
  procedure: 'tickets.list',
  fromPath: { id: 'eventId' },
  answers: 'whole-list',
  doc: {
    operationId: 'listTickets',
    tag: 'Check-in',
    summary: "An event's tickets",
    description:
      'Oldest order first. `search` matches attendee name, e-mail and code; `checkedIn` `true` or `false`; `limit` 1 to 100 (50). The next page is in the `Link: <...>; rel="next"` header.',
    answer: 'A page of tickets.',
    errors: [404],
  },
  stream: async (api, _db, req) => {
    const { search, checkedIn, limit, cursor } = req.query;
    const sent = { search, checkedIn, limit, cursor };
    return { kind: 'json-page', ...(await send(callerAt(api, 'tickets.list'), sent, { eventId: req.params.id! })) };
  },
};

/** Tickets and their attendees, and the door (docs/api.md, Check-in). */
export const checkInRoutes = [
  ticketsPage,
  route('GET', '/api/tickets/:id', 'tickets.get', {
    doc: { operationId: 'getTicket', tag: 'Check-in', summary: 'One ticket', answer: 'The ticket.', errors: [404] },
  }),
  route('PUT', '/api/tickets/:id', 'tickets.update', {
    doc: {
      operationId: 'updateTicket',
      tag: 'Check-in',
      summary: 'Change who a ticket is for',
      description: '`{attendeeName, attendeeEmail}`; null or empty clears one. In the history.',
      answer: 'The ticket as saved.',
      errors: [404],
    },
  }),
  route('POST', '/api/check-ins', 'checkIns.create', {
    status: 201,
    idempotent: true,
    doc: {
      operationId: 'checkIn',
      tag: 'Check-in',
      summary: 'Admit a ticket',
      description:
        '`{code, eventId, scannedAt?}` or `{ticketId, eventId, scannedAt?}` (exactly one of `code` and `ticketId`, else 400): the code in any case, spaces and dashes ignored; a `ticketId` (what an offline door sends, keeping no readable code) is checked in as its code would be; `scannedAt` (ISO, within the last 24 hours) is when a door scanned it offline. Refused, nothing changed: `Already checked in at HH:MM by <username>`, `This ticket is void`, `This ticket is for <event title>` (409), `No ticket with this code` (404). With an Idempotency-Key a resend answers the first 201.',
      answer: 'The ticket, when and by whom.',
      errors: [404, 409],
    },
  }),
  route('DELETE', '/api/check-ins/:ticketId', 'checkIns.undo', {
    status: 204,
    doc: {
      operationId: 'undoCheckIn',
      tag: 'Check-in',
      summary: 'Undo a check-in',
      description: 'A ticket not checked in, or void, is 409.',
      answer: 'Undone.',
      errors: [404, 409],
    },
  }),
  route('GET', '/api/events/:id/check-in-stats', 'checkIns.stats', {
    fromPath: { id: 'eventId' },
    doc: {
      operationId: 'checkInStats',
      tag: 'Check-in',
      summary: "An event's door counts",
      description: 'Valid tickets and those checked in, per type: read from counters, the same cost at any size.',
      answer: 'The counts.',
      errors: [404],
    },
  }),
  route('GET', '/api/events/:id/check-in-list', 'checkIns.offlineList', {
    fromPath: { id: 'eventId' },
    doc: {
      operationId: 'checkInList',
      tag: 'Check-in',
      summary: 'The list a door keeps for scanning offline',
      description: 'Every ticket with `codeHash`, the SHA-256 (hex) of its normalized code; never the readable code.',
      answer: 'The list.',
      errors: [404],
    },
  }),
  streamed('/api/exports/attendees.csv', {
    procedure: 'exports.attendeesFilters',
    answers: 'csv',
    stream: async (filtersOf, db, req) => {
      const filters = await send(filtersOf, { eventId: req.query.eventId });
      return { kind: 'csv', ...(await Ticket.attendeesCsv(db, filters)) };
    },
    doc: {
      operationId: 'exportAttendees',
      tag: 'Exports',
      summary: "An event's attendees as CSV",
      description:
        '`Ticket ID,Code,Transaction ID,Ticket Type,Attendee,Email,Status,Checked In At,Checked In By`, RFC 4180, formula-safe, written as it is read.',
      answer: 'An attachment `attendees-<eventId>-YYYY-MM-DD.csv`.',
    },
  }),
];
