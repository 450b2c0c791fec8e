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
  return [fields.eventTitle ?? 'Unknown Event', fields.customerName ?? 'Unknown Customer', amount, amount.replace(/^\$/, ''), fields.status || 'pending']
    .join('\n')
    .toLowerCase();
}
