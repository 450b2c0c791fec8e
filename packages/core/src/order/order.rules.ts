import { DomainError } from '../error.ts';
import { defaultServiceFeePercentage } from '../settings/settings.schema.ts';
import type { OrderLine, PricedLine } from './order.schema.ts';

/**
 * Tickets one order can have: its tickets live on its one code item (ticket-code.ts), whose size
 * (DynamoDB's 400 KB an item, attendee names and e-mails included) bounds them, not the 100 items
 * of a transaction.
 */
export const maxTicketsPerOrder = 500;

/** What a sale needs of an event. */
export type SaleEvent = Record<string, unknown> & { status?: unknown; archivedAt?: unknown };

/** What a sale needs of a ticket type. */
export interface SaleType {
  id: string;
  name: string;
  priceCents: number;
  salesStart: string | null;
  salesEnd: string | null;
  minPerOrder: number;
  maxPerOrder: number;
}

/** An event sells only while active and not archived. */
export const eventOnSale = (event: SaleEvent) => event.status === 'active' && !event.archivedAt;

/** A type sells from its sales start (included) to its sales end (excluded); null is open on that side. */
export function typeOnSale(type: Pick<SaleType, 'salesStart' | 'salesEnd'>, now: Date) {
  const t = now.getTime();
  return (type.salesStart === null || Date.parse(type.salesStart) <= t) && (type.salesEnd === null || t < Date.parse(type.salesEnd));
}

const invalid = (message: string) => new DomainError('invalid', message);
const conflict = (message: string) => new DomainError('conflict', message);

/**
 * An order's (or a hold's) lines checked against the event and its types at `now`, priced in cents;
 * or the refusal, the same for an order and a hold: what was asked first (400), then what the
 * event and the types allow now (409). Lines naming one type twice count as one line; lines of 0
 * are left out. Whether enough tickets are left is the take's to say (core/capacity/take.ts).
 */
export function priceLines(event: SaleEvent, types: readonly SaleType[], lines: readonly OrderLine[], now: Date): PricedLine[] {
  const wanted = new Map<string, number>();
  for (const line of lines) if (line.quantity > 0) wanted.set(line.ticketTypeId, (wanted.get(line.ticketTypeId) ?? 0) + line.quantity);
  if (wanted.size === 0) throw invalid('An order needs at least one ticket');
  const byId = new Map(types.map((type) => [type.id, type]));
  const asked = [...wanted].map(([id, quantity]) => {
    const type = byId.get(id);
    if (!type) throw invalid('Unknown ticket type');
    return { type, quantity };
  });
  for (const { type, quantity } of asked) {
    if (quantity < type.minPerOrder || quantity > type.maxPerOrder) {
      throw invalid(`${type.name}: from ${type.minPerOrder} to ${type.maxPerOrder} tickets per order`);
    }
  }
  if ([...wanted.values()].reduce((sum, q) => sum + q, 0) > maxTicketsPerOrder)
    throw invalid(`An order has at most ${maxTicketsPerOrder} tickets`);
  if (!eventOnSale(event)) throw conflict('This event is not on sale');
  for (const { type } of asked) if (!typeOnSale(type, now)) throw conflict(`${type.name} is not on sale`);
  return asked.map(({ type, quantity }) => ({
    ticketTypeId: type.id,
    name: type.name,
    quantity,
    unitPriceCents: type.priceCents,
    totalCents: type.priceCents * quantity,
  }));
}

/**
 * The Global Settings' service fee percentage as an exact fraction: a plain decimal from 0 to 100
 * ('18', '12.5', ' 7.25 % '). SPEC stores it as text with no numeric check; a value that is not
 * such a number counts as not set, so the default (18) applies, as it does when the setting is missing.
 */
export function feeFraction(percentage: string | null | undefined): { numerator: bigint; denominator: bigint } {
  const text = (percentage ?? '').trim().replace(/\s*%$/, '');
  const match = /^(\d{1,3})(?:\.(\d{1,6}))?$/.exec(text);
  if (!match) return feeFraction(defaultServiceFeePercentage);
  const decimals = match[2] ?? '';
  const numerator = BigInt(match[1]! + decimals);
  const denominator = 100n * 10n ** BigInt(decimals.length);
  return numerator > denominator ? feeFraction(defaultServiceFeePercentage) : { numerator, denominator };
}

/** The service fee of a subtotal (cents): subtotal x percentage, rounded half up to the cent, in integers. */
export function serviceFeeCents(subtotalCents: number, percentage: string | null | undefined) {
  const { numerator, denominator } = feeFraction(percentage);
  return Number((2n * BigInt(subtotalCents) * numerator + denominator) / (2n * denominator));
}

/** An order's money: its lines' subtotal, the fee and the amount charged, in cents. */
export function orderTotals(lines: readonly PricedLine[], percentage: string | null | undefined) {
  const subtotalCents = lines.reduce((sum, line) => sum + line.totalCents, 0);
  const serviceFeeCentsValue = serviceFeeCents(subtotalCents, percentage);
  return { subtotalCents, serviceFeeCents: serviceFeeCentsValue, amountCents: subtotalCents + serviceFeeCentsValue };
}
