import { formatCents } from './money.ts';

/**
 * What the transactions search looks in, stored lower-cased on the purchase so the server can
 * search the whole history (SPEC: event title, customer name, amount and status). The amount is
 * there with and without its '$', so '12.34' and '$12.34' both match. Fields are kept apart by a
 * line break, which a search box cannot type, so a term never matches across two fields.
 */
export function transactionSearchText(fields: {
  eventTitle: string | null | undefined;
  customerName: string | null | undefined;
  amountCents: number;
  status: string | null | undefined;
}) {
  const amount = formatCents(fields.amountCents);
  return [
    fields.eventTitle ?? 'Unknown Event',
    fields.customerName ?? 'Unknown Customer',
    amount,
    amount.replace(/^\$/, ''),
    fields.status || 'pending',
  ]
    .join('\n')
    .toLowerCase();
}

/** A purchase counts as a sale (conversion, active customers, completed counts) while in these statuses. */
export const isSale = (status: string | undefined) => status === 'completed' || status === 'partially_refunded';

/** Why a status change is not allowed, or null: only a pending transaction becomes completed or failed. */
export function statusChangeProblem(from: string, to: string) {
  if (from === 'pending' && (to === 'completed' || to === 'failed')) return null;
  if (from !== 'pending') return `A ${label(from)} transaction cannot be marked ${label(to)}: only a pending transaction changes status`;
  return `A pending transaction cannot be marked ${label(to)}: it can only be marked completed or failed`;
}

/** Why a transaction cannot be refunded at all, or null. */
export function refundProblem(status: string) {
  return isSale(status) ? null : `A ${label(status)} transaction cannot be refunded: only a completed or partially refunded one can`;
}

/** The status after refunds: money remains or none does. */
export const statusAfterRefund = (amountCents: number, refundedCents: number) =>
  refundedCents >= amountCents ? 'refunded' : 'partially_refunded';

const label = (status: string) => status.replace(/_/g, ' ');
