import * as z from 'zod';
import { entityId, listOrder, pageInput } from '../shared.schema.ts';
import { parseAmountToCents } from './money.ts';

export const transactionStatuses = ['completed', 'pending', 'failed'] as const;
export type TransactionStatus = (typeof transactionStatuses)[number];
export const maxAmountCents = 100_000_000; // $1,000,000 in one purchase

/** POST /api/transactions, transactions.create: records a purchase and its counters. */
export const createTransactionInput = z.object({
  eventId: entityId,
  customerId: entityId,
  // kept as sent (text or number) so parsing twice is harmless; the domain turns it into cents
  amount: z
    .union([z.string(), z.number()], { error: 'Amount must be a dollar amount such as $12.34' })
    .refine((value) => {
      const cents = parseAmountToCents(value);
      return cents !== null && cents <= maxAmountCents;
    }, 'Amount must be a dollar amount such as $12.34, at most $1000000'),
  status: z.enum(transactionStatuses, { error: 'Status must be completed, pending or failed' }),
  paymentMethod: z.string().trim().min(1, 'Payment method is required').max(50, 'Payment method must be at most 50 characters'),
  purchaseDate: z
    .string()
    .trim()
    .refine((v) => !Number.isNaN(Date.parse(v)), 'Invalid date format')
    .optional(),
});
export type CreateTransactionInput = z.input<typeof createTransactionInput>;

export interface TransactionInfo {
  id: string;
  eventId: string;
  customerId: string;
  /** e.g. '$12.34' */
  amount: string;
  status: TransactionStatus;
  purchaseDate: string;
  paymentMethod: string;
}

/** transactions.page: by date (newest first unless `order: 'asc'`), 50 at a time, searched on the server. */
export const transactionsPageInput = pageInput(50).extend({ order: listOrder });
export type TransactionsPageInput = z.input<typeof transactionsPageInput>;

/**
 * A transaction as the transactions screen shows it: with the event's title and the customer's
 * name, kept on the purchase when it is written (and when either is renamed). null when unknown;
 * the screen shows 'Unknown Event' / 'Unknown Customer' (SPEC).
 */
export interface TransactionRow extends TransactionInfo {
  eventTitle: string | null;
  customerName: string | null;
}
