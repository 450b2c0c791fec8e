import * as z from 'zod';
import {
  entityId,
  expectedVersion,
  idempotencyKey,
  isoTime,
  listOrder,
  moneyText,
  named,
  pageInput,
  wholeCount,
} from '../shared.schema.ts';
import { orderLineInfo, ticketInfo } from '../order/order.schema.ts';
import { parseAmountToCents } from './money.ts';

/** A transaction is recorded in one of the first three; refunds move it to the last two. */
export const transactionStatuses = ['completed', 'pending', 'failed', 'partially_refunded', 'refunded'] as const;
export type TransactionStatus = (typeof transactionStatuses)[number];
export const createStatuses = ['completed', 'pending', 'failed'] as const;
export const maxAmountCents = 100_000_000; // $1,000,000 in one purchase

/** POST /api/transactions, transactions.create: records a purchase and its counters. */
export const createTransactionInput = z.object({
  eventId: entityId,
  customerId: entityId,
  // kept as sent (text or number) so parsing twice is harmless; the domain turns it into cents
  amount: z.union([z.string(), z.number()], { error: 'Amount must be a dollar amount such as $12.34' }).refine((value) => {
    const cents = parseAmountToCents(value);
    return cents !== null && cents <= maxAmountCents;
  }, 'Amount must be a dollar amount such as $12.34, at most $1000000'),
  status: z.enum(createStatuses, { error: 'Status must be completed, pending or failed' }),
  paymentMethod: z.string().trim().min(1, 'Payment method is required').max(50, 'Payment method must be at most 50 characters'),
  purchaseDate: z
    .string()
    .trim()
    .refine((v) => !Number.isNaN(Date.parse(v)), 'Invalid date format')
    .optional(),
  idempotencyKey,
});
export type CreateTransactionInput = z.input<typeof createTransactionInput>;

const transactionFields = {
  id: z.string(),
  eventId: z.string(),
  customerId: z.string(),
  /** e.g. '$12.34' */
  amount: moneyText,
  status: z.enum(transactionStatuses),
  purchaseDate: isoTime,
  paymentMethod: z.string(),
};
export const transactionInfo = named('TransactionInfo', z.object(transactionFields));
export type TransactionInfo = z.output<typeof transactionInfo>;

/** transactions.page: by date (newest first unless `order: 'asc'`), 50 at a time, searched on the server. */
export const transactionsPageInput = pageInput(50).extend({ order: listOrder });
export type TransactionsPageInput = z.input<typeof transactionsPageInput>;

/**
 * A transaction as the transactions screen shows it: with the event's title and the customer's
 * name, kept on the purchase when it is written (and when either is renamed). null when unknown;
 * the screen shows 'Unknown Event' / 'Unknown Customer' (SPEC).
 */
const rowFields = { ...transactionFields, eventTitle: z.string().nullable(), customerName: z.string().nullable() };
export const transactionRow = named('TransactionRow', rowFields);
export type TransactionRow = z.output<typeof transactionRow>;

/** transactions.get, GET /api/transactions/{id} */
export const transactionIdInput = z.object({ id: entityId });

/** One refund of a transaction, oldest first on it. */
export const refundInfo = named('RefundInfo', {
  id: z.string(),
  amount: moneyText,
  reason: z.string(),
  createdAt: isoTime,
});
export type RefundInfo = z.output<typeof refundInfo>;

/** The transaction view: the listed transaction plus its version and refunds. */
export const transactionDetail = named('TransactionDetail', {
  ...rowFields,
  version: wholeCount,
  refundedAmount: moneyText,
  refunds: z.array(refundInfo),
  /** an order's (GET /api/transactions/{id}): its lines, money and tickets */
  lines: z.array(orderLineInfo).optional(),
  subtotal: moneyText.optional(),
  serviceFee: moneyText.optional(),
  tickets: z.array(ticketInfo).optional(),
});
export type TransactionDetail = z.output<typeof transactionDetail>;

/** transactions.updateStatus, POST /api/transactions/{id}/status: only a pending transaction changes. */
export const updateTransactionStatusInput = z.object({
  id: entityId,
  status: z.enum(transactionStatuses, { error: `Status must be one of ${transactionStatuses.join(', ')}` }),
  version: expectedVersion,
  idempotencyKey,
});
export type UpdateTransactionStatusInput = z.input<typeof updateTransactionStatusInput>;

export const refundReason = z
  .string({ error: 'A reason for the refund is required' })
  .trim()
  .min(1, 'A reason for the refund is required')
  .max(500, 'The reason must be at most 500 characters');

/** What is wrong with a refund amount, or null: it must be dollars ('$12.34' or 12.34), more than zero. */
export function refundAmountProblem(value: string | number) {
  const cents = parseAmountToCents(value);
  if (cents === null) {
    const negative = typeof value === 'number' ? value < 0 : /^\s*-\s*\$?\s*\d/.test(value);
    return negative ? 'Refund amount must be more than $0.00' : 'Refund amount must be a dollar amount such as $12.34';
  }
  return cents > 0 ? null : 'Refund amount must be more than $0.00';
}

/** A refund's amount: '$12.34' text or dollars, more than zero (what remains is checked against the stored transaction). */
export const refundAmount = z
  .union([z.string(), z.number()], { error: 'Refund amount must be a dollar amount such as $12.34' })
  .superRefine((value, ctx) => {
    const problem = refundAmountProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** transactions.createRefund, POST /api/transactions/{id}/refunds: left out, the amount is all that remains. */
export const createRefundInput = z.object({
  id: entityId,
  amount: refundAmount.optional(),
  reason: refundReason,
  idempotencyKey,
});
export type CreateRefundInput = z.input<typeof createRefundInput>;

/** The refund dialog's form (amount as typed, reason): the same rules as the API's. */
export const refundFormSchema = z.object({ amount: refundAmount, reason: refundReason });
export type RefundFormValues = z.input<typeof refundFormSchema>;

export const bulkActions = ['complete', 'fail', 'refund'] as const;
export type BulkAction = (typeof bulkActions)[number];
export const maxBulkIds = 100;

/** transactions.bulk, POST /api/transactions/bulk: each id done or refused on its own. */
export const bulkTransactionsInput = z
  .object({
    ids: z
      .array(entityId, { error: `Ids must be a list of 1 to ${maxBulkIds} transaction ids` })
      .min(1, `Ids must be a list of 1 to ${maxBulkIds} transaction ids`)
      .max(maxBulkIds, `Ids must be a list of 1 to ${maxBulkIds} transaction ids`),
    action: z.enum(bulkActions, { error: 'Action must be complete, fail or refund' }),
    reason: refundReason.optional(),
    idempotencyKey,
  })
  .refine((input) => input.action !== 'refund' || input.reason !== undefined, {
    message: 'A reason for the refund is required',
    path: ['reason'],
  });
export type BulkTransactionsInput = z.input<typeof bulkTransactionsInput>;

export const bulkResult = named('BulkResult', {
  id: z.string(),
  ok: z.boolean(),
  status: z.enum(transactionStatuses).optional(),
  error: z.string().optional(),
});
export type BulkResult = z.output<typeof bulkResult>;

export const bulkResults = named('BulkResults', { results: z.array(bulkResult) });
