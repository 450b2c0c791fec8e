import { auditPut } from '../audit/audit.repo.ts';
import { diffFields } from '../audit/audit.rules.ts';
import { keys } from '../db/keys.ts';
import { mergedPages, mergedSearchPage, type MergedQuery } from '../db/merge.ts';
import type { Db } from '../db/client.ts';
import { retry, failedConditions, transact, withRetry } from '../db/write.ts';
import { notFound } from '../error.ts';
import { getEventItem } from '../event/event.repo.ts';
import { fn } from '../fn.ts';
import { csvRow } from '../export/csv.rules.ts';
import type { TicketInfo } from '../order/order.schema.ts';
import { codePrefix } from '../order/ticket-code.ts';
import { normalizeSearch } from '../shared.schema.ts';
import { businessTimeZone } from '../settings/index.ts';
import { isoWithOffset, today } from '../time/zone.ts';
import { checkIn, undoCheckIn } from './check-in.ts';
import { hashTicketCode } from './code.ts';
import { readCheckInStats } from './counters.ts';
import { getCodeItem, getTicketItem, ticketSearchText, ticketUpdate, withStatus } from './ticket.repo.ts';
import {
  attendeesCsvInput,
  checkInInput,
  eventIdInput,
  listTicketsInput,
  ticketIdInput,
  undoCheckInInput,
  updateTicketInput,
  type OfflineList,
} from './ticket.schema.ts';

/** Items one searched page may evaluate (as the other searched lists). */
const maxScannedPerPage = 3000;

async function requireEvent(db: Db, eventId: string) {
  const event = await getEventItem(db, eventId);
  if (!event) throw notFound('Event');
  return event;
}

/** An event's tickets by purchase, oldest first, merged from their shards; searched and filtered on the server. */
function eventTickets(eventId: string, filter: { search?: string | undefined; checkedIn?: boolean | undefined } = {}): MergedQuery {
  const term = normalizeSearch(filter.search);
  const conditions = [
    ...(term ? ['contains(searchText, :q)'] : []),
    ...(filter.checkedIn === undefined ? [] : [filter.checkedIn ? 'attribute_exists(checkedInAt)' : 'attribute_not_exists(checkedInAt)']),
  ];
  return {
    IndexName: 'gsi1',
    partitions: keys.eventTicketsPartitions(eventId),
    ScanIndexForward: true,
    ...(conditions.length ? { FilterExpression: conditions.join(' AND ') } : {}),
    ...(term ? { ExpressionAttributeValues: { ':q': term } } : {}),
  };
}

/** GET /api/events/{id}/tickets, tickets.list: a page of an event's tickets (search over attendee, e-mail and code). */
export const list = fn(listTicketsInput, async (db, input) => {
  await requireEvent(db, input.eventId);
  const filtered = Boolean(normalizeSearch(input.search)) || input.checkedIn !== undefined;
  const page = await mergedSearchPage(db, eventTickets(input.eventId, input), {
    limit: input.limit,
    cursor: input.cursor,
    ...(filtered ? { maxScanned: maxScannedPerPage } : {}),
  });
  return { items: await withStatus(db, page.items), nextCursor: page.nextCursor };
});

/** GET /api/tickets/{id}, tickets.get. */
export const get = fn(ticketIdInput, async (db, { id }) => {
  const item = await getTicketItem(db, id, true);
  if (!item) throw notFound('Ticket');
  return (await withStatus(db, [item]))[0]!;
});

/**
 * PUT /api/tickets/{id}, tickets.update: who the ticket is for. The record and its order's code
 * item (what the order and the transaction show) change in one transaction with the history
 * record, conditional on the version read.
 */
export const update = fn(updateTicketInput, async (db, input, actor) => {
  const fields = { attendeeName: input.attendeeName || null, attendeeEmail: input.attendeeEmail || null };
  return withRetry(async () => {
    const item = await getTicketItem(db, input.id, true);
    if (!item) throw notFound('Ticket');
    const prefix = codePrefix(String(item.code));
    const codes = await getCodeItem(db, prefix);
    const index = ((codes?.tickets ?? []) as TicketInfo[]).findIndex((t) => t.id === input.id);
    const changes = diffFields(item, fields, ['attendeeName', 'attendeeEmail']);
    if (changes.length === 0) return (await withStatus(db, [item]))[0]!;
    try {
      await transact(db, [
        ticketUpdate(input.id, 'SET attendeeName = :name, attendeeEmail = :email, searchText = :search', 'version = :seen', {
          ':name': fields.attendeeName,
          ':email': fields.attendeeEmail,
          ':search': ticketSearchText({ code: String(item.code), ...fields }),
          ':seen': item.version,
        }),
        ...(index >= 0
          ? [
              {
                Update: {
                  Key: keys.ticketCodes(prefix),
                  UpdateExpression: `SET tickets[${index}].attendeeName = :name, tickets[${index}].attendeeEmail = :email`,
                  ConditionExpression: 'attribute_exists(pk)',
                  ExpressionAttributeValues: { ':name': fields.attendeeName, ':email': fields.attendeeEmail },
                },
              },
            ]
          : []),
        auditPut({ actor, action: 'update', entity: 'ticket', entityId: input.id, summary: 'Changed the attendee', changes }),
      ]);
    } catch (error) {
      if (failedConditions(error)?.length) return retry;
      throw error;
    }
    return (await withStatus(db, [{ ...item, ...fields }]))[0]!;
  });
});

/** POST /api/check-ins, checkIns.create (ticket/check-in.ts). */
export const create = fn(checkInInput, (db, input, actor) => checkIn(db, input, actor));

/** DELETE /api/check-ins/{ticketId}, checkIns.undo. */
export const undo = fn(undoCheckInInput, (db, input, actor) => undoCheckIn(db, input.ticketId, actor));

/** GET /api/events/{id}/check-in-stats, checkIns.stats: from the door counts, never from the tickets. */
export const stats = fn(eventIdInput, async (db, { eventId }) => {
  await requireEvent(db, eventId);
  return readCheckInStats(db, eventId, true);
});

/** Every ticket of an event, a page at a time, each with its order's status. */
async function* ticketPages(db: Db, eventId: string) {
  for await (const items of mergedPages(db, eventTickets(eventId))) yield await withStatus(db, items);
}

/**
 * GET /api/events/{id}/check-in-list, checkIns.offlineList: the door's copy for scanning offline.
 * Codes only as the SHA-256 of their normalized form (ticket/code.ts), never readable.
 */
export const offlineList = fn(eventIdInput, async (db, { eventId }): Promise<OfflineList> => {
  await requireEvent(db, eventId);
  const generatedAt = new Date().toISOString();
  const tickets: OfflineList['tickets'] = [];
  for await (const page of ticketPages(db, eventId)) {
    for (const t of page) {
      tickets.push({
        codeHash: await hashTicketCode(t.code),
        ticketId: t.id,
        ticketTypeId: t.ticketTypeId,
        ticketTypeName: t.ticketTypeName,
        attendeeName: t.attendeeName,
        status: t.status,
        checkedInAt: t.checkedInAt,
        checkedInBy: t.checkedInBy,
      });
    }
  }
  return { generatedAt, tickets };
});

export const attendeesCsvHeader = [
  'Ticket ID',
  'Code',
  'Transaction ID',
  'Ticket Type',
  'Attendee',
  'Email',
  'Status',
  'Checked In At',
  'Checked In By',
];

/** GET /api/exports/attendees.csv?eventId=: an event's tickets as CSV, written as read (formula-safe cells). */
export const attendeesCsv = fn(attendeesCsvInput, async (db, { eventId }) => {
  await requireEvent(db, eventId);
  const zone = await businessTimeZone(db);
  async function* lines() {
    yield csvRow(attendeesCsvHeader);
    for await (const page of ticketPages(db, eventId)) {
      yield page
        .map((t) =>
          csvRow([
            t.id,
            t.code,
            t.transactionId,
            t.ticketTypeName,
            t.attendeeName,
            t.attendeeEmail,
            t.status,
            t.checkedInAt ? isoWithOffset(t.checkedInAt, zone) : '',
            t.checkedInBy,
          ]),
        )
        .join('');
    }
  }
  return { filename: `attendees-${eventId}-${today(zone)}.csv`, lines: lines() };
});
