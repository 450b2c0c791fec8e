import { takeTickets } from '../capacity/take.ts';
import type { Take } from '../capacity/pool.ts';
import type { Db } from '../db/client.ts';
import { failedConditions, transact } from '../db/write.ts';
import { DomainError } from '../error.ts';
import { prepareConfirm } from '../hold/index.ts';
import type { AnswerKeeping } from '../idempotency/idempotency.repo.ts';
import { getSettingsItem } from '../settings/settings.repo.ts';
import { readSale } from '../ticket-type/ticket-type.repo.ts';
import type { SaleParts } from '../transaction/create-transaction.ts';
import { formatCents } from '../transaction/money.ts';
import { getTransactionItemById } from '../transaction/transaction.repo.ts';
import { orderTotals } from './order.rules.ts';
import { isOrder, lineInfos, linesText, newTickets, orderTickets, ticketCodesPut, type OrderFields } from './order.repo.ts';
import type { Attendee, OrderInfo, PricedLine } from './order.schema.ts';
import { perType, ticketCounterAdd } from '../ticket/counters.ts';
import { prepareSale } from './sale.ts';

/** Who buys, and how: an order's fields beside its lines. */
interface Buyer {
  eventId: string;
  customerId: string;
  paymentMethod: string;
  status: 'completed' | 'pending';
}

/**
 * An order's parts of the sale it records (transaction/create-transaction.ts): its money at the
 * Global Settings' fee, its tickets and their code item, its lines on the transaction and in its
 * history record, and `write`, which lands the transaction with the order's tickets taken.
 */
async function orderParts(
  db: Db,
  buyer: Buyer,
  priced: PricedLine[],
  attendees: (Attendee[] | undefined)[],
  write: NonNullable<SaleParts<OrderInfo>['write']>,
): Promise<SaleParts<OrderInfo>> {
  const totals = orderTotals(priced, ((await getSettingsItem(db))?.serviceFeePercentage as string | undefined) ?? null);
  const { prefix, tickets } = newTickets(priced.map((line, i) => ({ ...line, attendees: attendees[i] })));
  const fields = (takes: unknown[]): OrderFields => ({
    lines: priced,
    subtotalCents: totals.subtotalCents,
    serviceFeeCents: totals.serviceFeeCents,
    codePrefix: prefix,
    takes: takes as Take[],
  });
  return {
    input: {
      eventId: buyer.eventId,
      customerId: buyer.customerId,
      paymentMethod: buyer.paymentMethod,
      status: buyer.status,
      amount: formatCents(totals.amountCents),
    },
    fields,
    items: (item) => {
      const counted = ticketCounterAdd(item.eventId, perType(tickets, 1));
      return [ticketCodesPut(prefix, item, tickets), ...(counted ? [counted] : [])];
    },
    answer: (info) => ({
      id: info.id,
      eventId: info.eventId,
      customerId: info.customerId,
      status: buyer.status,
      paymentMethod: info.paymentMethod,
      purchaseDate: info.purchaseDate,
      lines: lineInfos(priced),
      subtotal: formatCents(totals.subtotalCents),
      serviceFee: formatCents(totals.serviceFeeCents),
      amount: info.amount,
      tickets,
    }),
    recorded: {
      summary: `${tickets.length} ticket${tickets.length === 1 ? '' : 's'}`,
      changes: [
        { field: 'lines', from: null, to: linesText(priced) },
        { field: 'subtotal', from: null, to: formatCents(totals.subtotalCents) },
        { field: 'serviceFee', from: null, to: formatCents(totals.serviceFeeCents) },
      ],
    },
    write,
  };
}

/** A new order's parts: its lines checked and priced as they stand, its tickets taken with it (refused with what is left). */
export async function newOrder(
  db: Db,
  input: Buyer & { lines: { ticketTypeId: string; quantity: number; attendees?: Attendee[] | undefined }[] },
  now: Date,
) {
  const { priced, plan } = await prepareSale(db, input.eventId, input.lines, now);
  const attendees = priced.map((line) => input.lines.filter((l) => l.ticketTypeId === line.ticketTypeId).flatMap((l) => l.attendees ?? []));
  return orderParts(db, input, priced, attendees, (own) => takeTickets(db, plan, 'sold', own, now));
}

/**
 * A confirmed hold's parts: its lines priced at the types' prices now, never refused for lack of
 * tickets (its held tickets become sold on the shards that hold them, in the order's transaction,
 * only while it holds and before it expires); `attendees` fill its tickets in order.
 */
export async function heldOrder(db: Db, input: Omit<Buyer, 'eventId'> & { id: string; attendees?: Attendee[] | undefined }, now: Date) {
  const { hold, items, explain } = await prepareConfirm(db, input.id, now);
  const { types } = await readSale(db, hold.eventId, true);
  const priced = hold.lines.map((line): PricedLine => {
    const type = types.find((t) => t.id === line.ticketTypeId);
    if (!type) throw new DomainError('invalid', 'Unknown ticket type');
    const { quantity } = line;
    return { ticketTypeId: type.id, name: type.name, quantity, unitPriceCents: type.priceCents, totalCents: type.priceCents * quantity };
  });
  let next = 0;
  const attendees = priced.map((line) => input.attendees?.slice(next, (next += line.quantity)));
  return orderParts(db, { ...input, eventId: hold.eventId }, priced, attendees, async (own) => {
    const order = await own(hold.takes);
    try {
      await transact(db, [...items, ...order]);
    } catch (error) {
      if (failedConditions(error)?.some((i) => i < items.length)) await explain();
      throw error;
    }
  });
}

/**
 * An order's answer as an Idempotency-Key keeps it: without its tickets (codes, and attendees an
 * erasure scrubs), read again from its code item on a replay.
 */
export const orderKeeping = (db: Db): AnswerKeeping<OrderInfo> => ({
  stored: ({ tickets: _tickets, ...answer }) => answer,
  replayed: async (stored) => {
    const answer = stored as Omit<OrderInfo, 'tickets'>;
    const item = (await getTransactionItemById(db, answer.id, true)) ?? {};
    return { ...answer, tickets: isOrder(item) ? await orderTickets(db, item.codePrefix) : [] };
  },
});
