import * as z from 'zod';
import { entityId } from '../shared.schema.ts';

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
