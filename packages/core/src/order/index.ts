import type { Db } from '../db/client.ts';
import { fn, type Actor } from '../fn.ts';
import { idempotencyOf } from '../idempotency/idempotency.repo.ts';
import { recordSale, type SaleParts } from '../transaction/create-transaction.ts';
import { confirmHoldInput, createOrderInput, type OrderInfo } from './order.schema.ts';
import { ticketRecordsWritten, writeTicketRecords } from '../ticket/ticket.repo.ts';
import { codePrefix } from './ticket-code.ts';
import { heldOrder, newOrder, orderKeeping } from './place-order.ts';

/** An order recorded as the sale it is, once per Idempotency-Key of `operation`. */
async function recordOrder(
  db: Db,
  operation: string,
  input: { idempotencyKey?: string | undefined },
  actor: Actor,
  parts: (now: Date) => Promise<SaleParts<OrderInfo>>,
) {
  const now = new Date();
  const order = await recordSale(db, idempotencyOf(operation, input, actor), () => parts(now), actor, now, orderKeeping(db));
  // each ticket's own record, after the commit (an order's 500 tickets do not fit its transaction); a replay writes what is missing
  await writeTicketRecords(db, order, order.tickets);
  if (order.tickets[0]) await ticketRecordsWritten(db, codePrefix(order.tickets[0].code));
  return order;
}

/**
 * POST /api/orders: an order is a transaction (the same id, listed, counted, refunded and changed
 * as purchases are), recorded in one TransactWriteItems with its tickets taken, its code item, its
 * counters, its history record and its announcement; refused with nothing recorded.
 */
export const create = fn(createOrderInput, (db, input, actor) =>
  recordOrder(db, 'orders.create', input, actor, (now) => newOrder(db, input, now)),
);

/** POST /api/holds/{id}/confirm: the hold's tickets become the order's, never refused for lack of tickets. */
export const confirmHold = fn(confirmHoldInput, (db, input, actor) =>
  recordOrder(db, 'holds.confirm', input, actor, (now) => heldOrder(db, input, now)),
);
