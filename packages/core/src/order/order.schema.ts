import * as z from 'zod';
import { entityId, idempotencyKey, isoTime, moneyText, named, wholeCount } from '../shared.schema.ts';
import { maxTicketsPerOrder } from './order.rules.ts';

/** Ticket types one order (or hold) can name: its lines, and the pools its take writes, fit one transaction. */
export const maxOrderLines = 50;

const quantityMessage = 'Quantities must be whole numbers from 0 to 10000';

/**
 * One line of an order or a hold: a ticket type and how many. A line of 0 is left out (a form sends
 * a quantity for every type); the type's own per-order limits are checked against the stored type.
 */
export const orderLine = z.object({
  ticketTypeId: entityId,
  quantity: z.number({ error: quantityMessage }).int(quantityMessage).min(0, quantityMessage).max(10_000, quantityMessage),
});
export type OrderLine = z.output<typeof orderLine>;

export const orderLines = z
  .array(orderLine, { error: 'Lines must be a list of ticket types and quantities' })
  .max(maxOrderLines, `An order names at most ${maxOrderLines} ticket types`);

/** A priced line of an order, in cents inside (the answer shows `$` text). */
export interface PricedLine {
  ticketTypeId: string;
  name: string;
  quantity: number;
  unitPriceCents: number;
  totalCents: number;
}

const nameMessage = 'Attendee names must be 1 to 200 characters';
const emailMessage = 'Please enter a valid attendee email address';

/** Who a ticket is for: a name, and an e-mail when known (both erased with the order's customer). */
export const attendee = z.object({
  name: z.string({ error: nameMessage }).trim().min(1, nameMessage).max(200, nameMessage),
  email: z.string().trim().max(320, emailMessage).pipe(z.email(emailMessage)).optional(),
});
export type Attendee = z.output<typeof attendee>;

const attendees = z.array(attendee, { error: 'Attendees must be a list of names and emails' });

const paymentMethod = z
  .string({ error: 'Payment method is required' })
  .trim()
  .min(1, 'Payment method is required')
  .max(50, 'Payment method must be at most 50 characters');
const orderStatuses = ['completed', 'pending'] as const;
const orderStatus = z.enum(orderStatuses, { error: 'Status must be completed or pending' }).default('completed');

/** POST /api/orders, orders.create: tickets of an event's types for a customer, one per admission. */
export const createOrderInput = z.object({
  eventId: entityId,
  customerId: entityId,
  lines: z
    .array(orderLine.extend({ attendees: attendees.optional() }), { error: 'Lines must be a list of ticket types and quantities' })
    .max(maxOrderLines, `An order names at most ${maxOrderLines} ticket types`)
    .refine((lines) => lines.every((line) => (line.attendees?.length ?? 0) <= line.quantity), 'A line has more attendees than tickets'),
  paymentMethod,
  status: orderStatus,
  idempotencyKey,
});
export type CreateOrderInput = z.input<typeof createOrderInput>;

/** An id the form's user picks from a list: none picked yet says what to pick. */
const picked = (message: string) => z.string({ error: message }).trim().min(1, message).pipe(entityId);

/**
 * The New order dialog: an event, a customer, a quantity for each of the event's types (0 for
 * none) and the payment method. What it gives is an orders.create input as is; at least one ticket,
 * with the server's message.
 */
export const orderForm = createOrderInput.pick({ paymentMethod: true }).extend({
  eventId: picked('Choose an event'),
  customerId: picked('Choose a customer'),
  lines: orderLines.refine((lines) => lines.some((line) => line.quantity > 0), 'An order needs at least one ticket'),
});
export type OrderForm = z.input<typeof orderForm>;

/** POST /api/holds/{id}/confirm, holds.confirm: the hold becomes an order; `attendees` fill its tickets in order. */
export const confirmHoldInput = z.object({
  id: entityId,
  customerId: entityId,
  paymentMethod,
  status: orderStatus,
  attendees: attendees.max(maxTicketsPerOrder).optional(),
  idempotencyKey,
});
export type ConfirmHoldInput = z.input<typeof confirmHoldInput>;

/** One admission: its code (20 characters, shown in groups of four) and who it is for. */
export const ticketInfo = named('Ticket', {
  id: z.string(),
  code: z.string(),
  ticketTypeId: z.string(),
  attendeeName: z.string().nullable(),
  attendeeEmail: z.string().nullable(),
});
export type TicketInfo = z.output<typeof ticketInfo>;

export const orderLineInfo = named('OrderLine', {
  ticketTypeId: z.string(),
  name: z.string(),
  quantity: wholeCount,
  unitPrice: moneyText,
  total: moneyText,
});
export type OrderLineInfo = z.output<typeof orderLineInfo>;

/** An order as POST /api/orders answers it: the transaction it is, its lines, its money and its tickets. */
export const orderInfo = named('Order', {
  id: z.string(),
  eventId: z.string(),
  customerId: z.string(),
  /** as recorded: an order starts completed or pending */
  status: z.enum(orderStatuses),
  paymentMethod: z.string(),
  purchaseDate: isoTime,
  lines: z.array(orderLineInfo),
  subtotal: moneyText,
  serviceFee: moneyText,
  amount: moneyText,
  tickets: z.array(ticketInfo),
});
export type OrderInfo = z.output<typeof orderInfo>;
