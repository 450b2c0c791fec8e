import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import type { Take } from '../capacity/pool.ts';
import type { Db } from '../db/client.ts';
import { keys } from '../db/keys.ts';
import { updateIf, type TransactItem } from '../db/write.ts';
import { formatCents } from '../transaction/money.ts';
import type { Attendee, OrderLineInfo, PricedLine, TicketInfo } from './order.schema.ts';
import { newCodePrefix, newTicketCode } from './ticket-code.ts';

/** What an order keeps on the transaction it is (the transaction's own fields beside them). */
export interface OrderFields {
  lines: PricedLine[];
  subtotalCents: number;
  serviceFeeCents: number;
  /** its code item's key part: the first characters of every code of its tickets */
  codePrefix: string;
  /** where its tickets were taken: a failed or fully refunded order gives them back there */
  takes: Take[];
}

/** The fields of a stored transaction that are an order's: kept out of the transaction's own answers. */
export const orderFieldNames = ['lines', 'subtotalCents', 'serviceFeeCents', 'codePrefix', 'takes'] as const;

export const isOrder = (item: Record<string, unknown>): item is Record<string, unknown> & OrderFields =>
  Array.isArray(item.lines) && typeof item.codePrefix === 'string';

/** An order's tickets: one per admission, line by line, the line's attendees on its first tickets. */
export function newTickets(lines: readonly { ticketTypeId: string; quantity: number; attendees?: Attendee[] | undefined }[]) {
  const prefix = newCodePrefix();
  const tickets: TicketInfo[] = lines.flatMap((line) =>
    Array.from({ length: line.quantity }, (_, i) => ({
      id: randomUUID(),
      code: newTicketCode(prefix),
      ticketTypeId: line.ticketTypeId,
      attendeeName: line.attendees?.[i]?.name ?? null,
      attendeeEmail: line.attendees?.[i]?.email ?? null,
    })),
  );
  return { prefix, tickets };
}

/** How long an order's own writer has to write its tickets' records before the sweep does it. */
export const ticketRecordsGraceMs = 60_000;

/**
 * The order's code item: its tickets under the prefix their codes share, refused if another order
 * has it. `counted`: the event's door counts took its tickets in the same transaction (ticket/counters.ts).
 * It is due for the records sweep until its tickets' records are written (ticket/ticket.repo.ts).
 */
export const ticketCodesPut = (prefix: string, order: { id: string; eventId: string; customerId: string }, tickets: TicketInfo[]) =>
  ({
    Put: {
      Item: {
        ...keys.ticketCodes(prefix),
        ...keys.ticketRecordsDue(new Date(Date.now() + ticketRecordsGraceMs).toISOString(), prefix),
        orderId: order.id,
        eventId: order.eventId,
        customerId: order.customerId,
        tickets,
        counted: true,
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  }) satisfies TransactItem;

/** An order's tickets by its code prefix (consistent: read right after the order, or for a replay). */
export async function orderTickets(db: Db, prefix: string): Promise<TicketInfo[]> {
  const { Item } = await db.doc.send(new GetCommand({ TableName: db.tableName, Key: keys.ticketCodes(prefix), ConsistentRead: true }));
  return (Item?.tickets as TicketInfo[] | undefined) ?? [];
}

/** The answer's lines: prices as `$` text. */
export const lineInfos = (lines: readonly PricedLine[]): OrderLineInfo[] =>
  lines.map((line) => ({
    ticketTypeId: line.ticketTypeId,
    name: line.name,
    quantity: line.quantity,
    unitPrice: formatCents(line.unitPriceCents),
    total: formatCents(line.totalCents),
  }));

/** The lines as the order's history record lists them: '2 x General at $25.00'. */
export const linesText = (lines: readonly PricedLine[]) =>
  lines.map((line) => `${line.quantity} x ${line.name} at ${formatCents(line.unitPriceCents)}`).join(', ');

/** An erased customer's order: its tickets' attendee names and e-mails scrubbed (true when it changed). */
export async function eraseAttendees(db: Db, prefix: string) {
  const tickets = await orderTickets(db, prefix);
  if (tickets.every((t) => t.attendeeName === null && t.attendeeEmail === null)) return false;
  return updateIf(db, {
    Key: keys.ticketCodes(prefix),
    UpdateExpression: 'SET tickets = :tickets',
    ConditionExpression: 'attribute_exists(pk)',
    ExpressionAttributeValues: { ':tickets': tickets.map((t) => ({ ...t, attendeeName: null, attendeeEmail: null })) },
  });
}
