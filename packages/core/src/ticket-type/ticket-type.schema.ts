import * as z from 'zod';
import { entityId, expectedVersion, idempotencyKey, named, parseableDate } from '../shared.schema.ts';
import { createTransactionInput } from '../transaction/transaction.schema.ts';

/** Ticket types one event can have (an order's lines, and so its transaction, stay bounded). */
export const maxTicketTypes = 50;

const limitsMessage = 'Per-order limits must be whole numbers from 1 to 100, the minimum not above the maximum';
const perOrder = z.number({ error: limitsMessage }).int(limitsMessage).min(1, limitsMessage).max(100, limitsMessage);

/** A whole number of tickets from 1, or null for none of its own; `what` names it in the messages. */
const ticketLimit = (what: 'Capacity' | 'Quantity') => {
  const message = `${what} must be a whole number of at least 1`;
  return z.number({ error: message }).int(message).min(1, message).max(100_000_000, `${what} must be at most 100000000`).nullable();
};

/** A sales window's edge: a date that parses, or null (open on that side). */
const salesDate = parseableDate('Invalid date format').nullable();

/** The fields of a ticket type: one schema for the dialog and the API. The price takes the amounts' rules (0 is free). */
const ticketTypeFields = z.object({
  name: z.string().trim().min(2, 'Ticket name must be at least 2 characters').max(100, 'Ticket name must be at most 100 characters'),
  price: createTransactionInput.shape.amount,
  quantity: ticketLimit('Quantity').optional(),
  salesStart: salesDate.optional(),
  salesEnd: salesDate.optional(),
  minPerOrder: perOrder.optional(),
  maxPerOrder: perOrder.optional(),
});

type Rules = { minPerOrder?: number | undefined; maxPerOrder?: number | undefined; salesStart?: string | null; salesEnd?: string | null };

/** The rules between fields: the per-order minimum not above the maximum, sales ending after they start. */
export function ticketTypeProblems(value: Rules) {
  const problems: { path: string; message: string }[] = [];
  if (value.minPerOrder !== undefined && value.maxPerOrder !== undefined && value.minPerOrder > value.maxPerOrder) {
    problems.push({ path: 'maxPerOrder', message: limitsMessage });
  }
  if (value.salesStart && value.salesEnd && Date.parse(value.salesEnd) <= Date.parse(value.salesStart)) {
    problems.push({ path: 'salesEnd', message: 'Sales must end after they start' });
  }
  return problems;
}

const checked = <T extends Rules>(value: T, ctx: z.RefinementCtx) => {
  for (const { path, message } of ticketTypeProblems(value)) ctx.addIssue({ code: 'custom', message, path: [path] });
};

/** The add/edit dialog's form. */
export const ticketTypeForm = ticketTypeFields.superRefine(checked);
export type TicketTypeForm = z.input<typeof ticketTypeForm>;

/** POST /api/events/{id}/ticket-types: per-order limits 1 and 10 unless told. */
export const createTicketTypeInput = ticketTypeFields
  .extend({ eventId: entityId, idempotencyKey })
  .transform((value) => ({ ...value, minPerOrder: value.minPerOrder ?? 1, maxPerOrder: value.maxPerOrder ?? 10 }))
  .superRefine(checked);
export type CreateTicketTypeInput = z.input<typeof createTicketTypeInput>;

/** PUT /api/ticket-types/{id}: fields left out keep their values; null clears a quantity or a sales date. */
export const updateTicketTypeInput = ticketTypeFields.partial().extend({ id: entityId, version: expectedVersion }).superRefine(checked);
export type UpdateTicketTypeInput = z.input<typeof updateTicketTypeInput>;

export const ticketTypeIdInput = z.object({ id: entityId, version: expectedVersion });
export const eventTicketTypesInput = z.object({ eventId: entityId });

/** POST /api/events/{id}/ticket-types/order: every type of the event, once each, in the new order. */
export const reorderTicketTypesInput = z.object({
  eventId: entityId,
  ids: z.array(entityId, { error: 'Ids must be a list of ticket type ids' }).max(maxTicketTypes, 'Ids must be a list of ticket type ids'),
});

/** The event's capacity (null: none), shared by all its types. */
export const setCapacityInput = z.object({ eventId: entityId, capacity: ticketLimit('Capacity') });
export const capacityField = ticketLimit('Capacity');
/** The Tickets tab's capacity form. */
export const capacityForm = z.object({ capacity: capacityField });
export type CapacityForm = z.input<typeof capacityForm>;

/** What is sold, held and left of a type (or an event): `available` null when nothing limits it. */
const figures = { sold: z.number().int(), held: z.number().int(), available: z.number().int().nullable() };
const count = z.number().int();

/** A ticket type as the API answers it: figures as they stand. */
export const ticketTypeInfo = named('TicketTypeInfo', {
  id: z.string(),
  eventId: z.string(),
  name: z.string(),
  /** e.g. '$25.00' */
  price: z.string(),
  quantity: count.nullable(),
  ...figures,
  salesStart: z.string().nullable(),
  salesEnd: z.string().nullable(),
  minPerOrder: count,
  maxPerOrder: count,
  position: count,
  version: count,
});
export type TicketTypeInfo = z.infer<typeof ticketTypeInfo>;

/** GET /api/events/{id}/availability: exact at the moment of the read. */
export const availabilityInfo = named('Availability', {
  capacity: count.nullable(),
  ...figures,
  types: z.array(
    ticketTypeInfo.pick({ id: true, name: true, quantity: true, sold: true, held: true, available: true }).extend({ onSale: z.boolean() }),
  ),
});
export type AvailabilityInfo = z.infer<typeof availabilityInfo>;
