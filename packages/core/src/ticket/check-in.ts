import { auditPut } from '../audit/audit.repo.ts';
import type { Db } from '../db/client.ts';
import { keys } from '../db/keys.ts';
import { failedConditions, retry, transact, type TransactItem } from '../db/write.ts';
import { DomainError } from '../error.ts';
import { getEventItem } from '../event/event.repo.ts';
import type { Actor } from '../fn.ts';
import { idempotencyOf, writeOnce } from '../idempotency/idempotency.repo.ts';
import { codePrefix } from '../order/ticket-code.ts';
import type { TicketInfo } from '../order/order.schema.ts';
import { businessTimeZone } from '../settings/index.ts';
import { wallClock } from '../time/zone.ts';
import { webhookOutbox } from '../webhook/outbox.ts';
import { normalizeTicketCode } from './code.ts';
import { inField, ticketCounterAdd } from './counters.ts';
import { getCodeItem, getTicketItem, ticketFromItem, ticketUpdate, writeOrderRecords } from './ticket.repo.ts';
import { noSuchTicket, scannedAtWindowMs, voidTicket, type CheckInAnswer, type checkInInput } from './ticket.schema.ts';
import type { z } from 'zod';

/** 'Already checked in at 19:42 by sam': the time on the business's clock (UTC until it has a zone). */
async function alreadyCheckedIn(db: Db, item: Record<string, unknown>) {
  const clock = wallClock(String(item.checkedInAt), await businessTimeZone(db));
  const time = `${String(clock.hour).padStart(2, '0')}:${String(clock.minute).padStart(2, '0')}`;
  return new DomainError('conflict', `Already checked in at ${time} by ${String(item.checkedInBy)}`);
}

const clockAheadGraceMs = 2 * 60 * 1000;

/** When the check-in happened: the device's scan time (an offline door) within the last 24 hours, else now. */
function checkInTime(scannedAt: string | undefined, now: Date) {
  if (scannedAt === undefined) return now;
  const at = new Date(scannedAt);
  // A door's clock a little ahead (up to 2 minutes) is the device's error, not a scan from the
  // future: recorded as now, so a queued scan does not turn into a conflict for it.
  if (at.getTime() > now.getTime() + clockAheadGraceMs) throw new DomainError('invalid', 'scannedAt cannot be in the future');
  if (at.getTime() < now.getTime() - scannedAtWindowMs) throw new DomainError('invalid', 'scannedAt cannot be more than 24 hours ago');
  return at.getTime() > now.getTime() ? now : at;
}

/**
 * A code's ticket: its order's code item (one GetItem by the code's prefix) and its record,
 * written from the order when the order's records did not all land (a crash after its commit).
 */
async function findTicket(db: Db, code: string) {
  const codes = code.length >= 8 ? await getCodeItem(db, codePrefix(code)) : undefined;
  const ticket = (codes?.tickets as TicketInfo[] | undefined)?.find((t) => t.code === code);
  if (!codes || !ticket) throw new DomainError('not_found', noSuchTicket);
  let item = await getTicketItem(db, ticket.id, true);
  if (!item && (await writeOrderRecords(db, codes, [ticket]))) item = await getTicketItem(db, ticket.id, true);
  if (!item) throw new DomainError('not_found', noSuchTicket);
  return { codes, ticket, item };
}

/**
 * The code checked in: as sent (normalized), or the ticket's own when an offline door sends the
 * ticket's id (the schema admits exactly one); an unknown id reads as an unknown code.
 */
async function codeOf(db: Db, input: z.output<typeof checkInInput>) {
  if (input.code !== undefined) return normalizeTicketCode(input.code);
  const item = await getTicketItem(db, input.ticketId!, true);
  if (!item) throw new DomainError('not_found', noSuchTicket);
  return String(item.code);
}

/** The code item's count of its checked-in tickets moves with each check-in, refused once the order is void. */
const orderInUpdate = (prefix: string, typeId: string, by: 1 | -1): TransactItem => ({
  Update: {
    Key: keys.ticketCodes(prefix),
    UpdateExpression: 'ADD #in :by',
    ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(voidedAt)',
    ExpressionAttributeNames: { '#in': inField(typeId) },
    ExpressionAttributeValues: { ':by': by },
  },
});

/**
 * POST /api/check-ins: one ticket (by code, or by id) admitted once. Refused, with nothing written, when the code is
 * unknown, the ticket is for another event, void, or in already. The admission is one
 * TransactWriteItems: the ticket's update conditional on `attribute_not_exists(checkedInAt)` (two
 * doors cannot both admit it), its order's count (conditional on not void), the event's door
 * counts, the history record (the ticket's id, never its code) and the `ticket.checked_in`
 * announcement. A lost race reads again and answers the refusal.
 */
export async function checkIn(db: Db, input: z.output<typeof checkInInput>, actor: Actor) {
  const now = new Date();
  const at = checkInTime(input.scannedAt, now).toISOString();
  return writeOnce<CheckInAnswer>(db, idempotencyOf('checkIns.create', input, actor), async (keep) => {
    const code = await codeOf(db, input);
    const { codes, ticket, item } = await findTicket(db, code);
    if (codes.eventId !== input.eventId) {
      const event = await getEventItem(db, String(codes.eventId));
      throw new DomainError('conflict', `This ticket is for ${String(event?.title ?? 'another event')}`);
    }
    if (codes.voidedAt) throw new DomainError('conflict', voidTicket);
    if (item.checkedInAt) throw await alreadyCheckedIn(db, item);
    const by = actor.name;
    const answer: CheckInAnswer = {
      ticket: ticketFromItem({ ...item, checkedInAt: at, checkedInBy: by }, false),
      checkedInAt: at,
      checkedInBy: by,
    };
    const counter = ticketCounterAdd(input.eventId, { [inField(ticket.ticketTypeId)]: 1 });
    try {
      await transact(db, [
        ticketUpdate(ticket.id, 'SET checkedInAt = :at, checkedInBy = :by', 'attribute_exists(pk) AND attribute_not_exists(checkedInAt)', {
          ':at': at,
          ':by': by,
        }),
        orderInUpdate(codePrefix(code), ticket.ticketTypeId, 1),
        ...(counter ? [counter] : []),
        auditPut(
          { actor, action: 'check_in', entity: 'ticket', entityId: ticket.id, summary: `Checked in (${answer.ticket.ticketTypeName})` },
          now,
        ),
        // filed under the buyer, whose erasure scrubs the attendee from the body
        ...(await webhookOutbox(db, 'ticket.checked_in', answer, now, String(codes.customerId))),
        ...keep(answer),
      ]);
    } catch (error) {
      if (failedConditions(error)?.length) return retry;
      throw error;
    }
    return answer;
  });
}

/** DELETE /api/check-ins/{ticketId}: a check-in undone (a wrong scan), with the counts, in the history. */
export async function undoCheckIn(db: Db, ticketId: string, actor: Actor) {
  const now = new Date();
  for (let attempt = 0; attempt < 10; attempt++) {
    const item = await getTicketItem(db, ticketId, true);
    if (!item) throw new DomainError('not_found', 'Ticket not found');
    if (!item.checkedInAt) throw new DomainError('conflict', 'This ticket is not checked in');
    const codes = await getCodeItem(db, codePrefix(String(item.code)));
    if (codes?.voidedAt) throw new DomainError('conflict', voidTicket);
    const typeId = String(item.ticketTypeId);
    const counter = ticketCounterAdd(String(item.eventId), { [inField(typeId)]: -1 });
    try {
      await transact(db, [
        ticketUpdate(ticketId, 'REMOVE checkedInAt, checkedInBy', 'checkedInAt = :seen', { ':seen': item.checkedInAt }),
        orderInUpdate(codePrefix(String(item.code)), typeId, -1),
        ...(counter ? [counter] : []),
        auditPut(
          {
            actor,
            action: 'check_in.undo',
            entity: 'ticket',
            entityId: ticketId,
            summary: `Undid the check-in of ${String(item.checkedInAt)} by ${String(item.checkedInBy)}`,
          },
          now,
        ),
      ]);
      return;
    } catch (error) {
      if (!failedConditions(error)?.length) throw error;
    }
  }
  throw new DomainError('unavailable', 'Too many changes to the same record at once. Please try again.');
}
