import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from '../db/client.ts';
import { keys } from '../db/keys.ts';
import { batchGet, stripKeys } from '../db/query.ts';
import { conditional, forEachLimited, isConditionFailure, type TransactItem } from '../db/write.ts';
import type { PricedLine, TicketInfo } from '../order/order.schema.ts';
import { getTransactionItemById } from '../transaction/transaction.repo.ts';
import { codePrefix, formatTicketCode } from '../order/ticket-code.ts';
import type { TicketDetail } from './ticket.schema.ts';

// A ticket lives twice: in its order's code item (CODE#<prefix>, written in the order's own
// transaction: how a code is found, in one GetItem, and where the order's tickets turn void) and
// as its own record (TICKET#<id>: who it is for and its check-in, listed per event). An order can
// hold 500 tickets, more than one transaction takes, so the records follow the order's commit
// (writeTicketRecords). The code item is due for a sweep (keys.ticketRecordsDue) until they are
// all written: a crash in between leaves it due, and the sweep (or a check-in of one of its
// codes) writes them.

/** An order as its tickets' records need it. */
export interface TicketOrder {
  id: string;
  eventId: string;
  customerId: string;
  purchaseDate: string;
  lines: readonly Pick<PricedLine, 'ticketTypeId' | 'name'>[];
}

/** What ticket records keep for a search: attendee, e-mail and the code, both as stored and as shown. */
export const ticketSearchText = (t: { code: string; attendeeName: string | null; attendeeEmail: string | null }) =>
  [t.attendeeName ?? '', t.attendeeEmail ?? '', t.code, formatTicketCode(t.code)].join('\n').toLowerCase();

/** One ticket's record, as first written (no check-in yet). */
export function ticketRecord(order: TicketOrder, ticket: TicketInfo) {
  return {
    ...keys.ticket(ticket.id),
    ...keys.ticketsByEvent(order.eventId, order.purchaseDate, ticket.id),
    id: ticket.id,
    code: ticket.code,
    transactionId: order.id,
    eventId: order.eventId,
    customerId: order.customerId,
    ticketTypeId: ticket.ticketTypeId,
    ticketTypeName: order.lines.find((line) => line.ticketTypeId === ticket.ticketTypeId)?.name ?? '',
    attendeeName: ticket.attendeeName,
    attendeeEmail: ticket.attendeeEmail,
    searchText: ticketSearchText(ticket),
    version: 1,
  };
}

/** An order's ticket records, each put unless it exists (a check-in or an edit is never overwritten): safe to repeat. */
export async function writeTicketRecords(db: Db, order: TicketOrder, tickets: readonly TicketInfo[]) {
  await forEachLimited(tickets, 8, async (ticket) => {
    try {
      await db.doc.send(
        new PutCommand({ TableName: db.tableName, Item: ticketRecord(order, ticket), ConditionExpression: 'attribute_not_exists(pk)' }),
      );
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
  });
}

/**
 * An order's tickets' records all written: its code item leaves the sweep's index (conditional on
 * the mark seen, when given: a sweep that lost a race leaves the mark of a newer writer alone).
 */
export async function ticketRecordsWritten(db: Db, prefix: string, seen?: string) {
  await conditional(
    db.doc.send(
      new UpdateCommand({
        TableName: db.tableName,
        Key: keys.ticketCodes(prefix),
        UpdateExpression: 'REMOVE gsi1pk, gsi1sk',
        ConditionExpression: seen === undefined ? 'attribute_exists(pk)' : 'gsi1sk = :seen',
        ...(seen === undefined ? {} : { ExpressionAttributeValues: { ':seen': seen } }),
      }),
    ),
  );
}

/** The records of an order's tickets (those missing) from its code item and the order it names: what a crash left unwritten. */
export async function writeOrderRecords(db: Db, codes: Record<string, unknown>, tickets = (codes.tickets ?? []) as TicketInfo[]) {
  const order = await getTransactionItemById(db, String(codes.orderId), true);
  // the code item commits with its order: no order, nothing to write (a test's or a hand's deletion)
  if (!order) return false;
  await writeTicketRecords(db, order as unknown as TicketOrder, tickets);
  return true;
}

/** One ticket's record by id. */
export async function getTicketItem(db: Db, id: string, consistent = false) {
  const found = await db.doc.send(new GetCommand({ TableName: db.tableName, Key: keys.ticket(id), ConsistentRead: consistent }));
  return found.Item;
}

/** An order's code item (its tickets, its void mark, its checked-in counts) by the prefix of a code. */
export async function getCodeItem(db: Db, prefix: string) {
  const found = await db.doc.send(new GetCommand({ TableName: db.tableName, Key: keys.ticketCodes(prefix), ConsistentRead: true }));
  return found.Item;
}

/** The stored record as the API shows it; `voided`: its order's code item says void. */
export function ticketFromItem(item: Record<string, unknown>, voided: boolean): TicketDetail {
  const stored = stripKeys(item);
  return {
    id: String(stored.id),
    code: String(stored.code),
    transactionId: String(stored.transactionId),
    eventId: String(stored.eventId),
    ticketTypeId: String(stored.ticketTypeId),
    ticketTypeName: String(stored.ticketTypeName ?? ''),
    attendeeName: (stored.attendeeName as string | null | undefined) ?? null,
    attendeeEmail: (stored.attendeeEmail as string | null | undefined) ?? null,
    status: voided ? 'void' : 'valid',
    checkedInAt: (stored.checkedInAt as string | undefined) ?? null,
    checkedInBy: (stored.checkedInBy as string | undefined) ?? null,
  };
}

/** The code prefix of a stored record (its code's first characters). */
export const prefixOf = (item: Record<string, unknown>) => codePrefix(String(item.code));

/** Records as the API shows them, each order's void mark read once (one BatchGetItem a page). */
export async function withStatus(db: Db, items: readonly Record<string, unknown>[]): Promise<TicketDetail[]> {
  const prefixes = [...new Set(items.map(prefixOf))];
  const codes = prefixes.length ? await batchGet(db, prefixes.map(keys.ticketCodes)) : [];
  const voided = new Set(codes.filter((c) => c.voidedAt).map((c) => String(c.pk)));
  return items.map((item) => ticketFromItem(item, voided.has(keys.ticketCodes(prefixOf(item)).pk)));
}

/** A change of one ticket's record (`set` a SET or REMOVE clause), its version moved, on `condition`. */
export const ticketUpdate = (id: string, set: string, condition: string, values: Record<string, unknown> = {}): TransactItem => ({
  Update: {
    Key: keys.ticket(id),
    UpdateExpression: `${set} ADD version :one`,
    ConditionExpression: condition,
    ExpressionAttributeValues: { ...values, ':one': 1 },
  },
});
