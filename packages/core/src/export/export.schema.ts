import * as z from 'zod';
import { isoDay } from '../report/report.schema.ts';
import { transactionStatuses } from '../transaction/transaction.schema.ts';

/** The transactions export's filters: inclusive UTC days (everything without them), a status, an event. */
export const transactionsExportInput = z
  .object({
    from: isoDay.optional(),
    to: isoDay.optional(),
    status: z.enum(transactionStatuses, { error: `Status must be one of ${transactionStatuses.join(', ')}` }).optional(),
    eventId: z.string().trim().min(1).max(100, 'Ids are at most 100 characters').optional(),
  })
  .refine((r) => !r.from || !r.to || r.from <= r.to, { message: 'The start date must not be after the end date' });
export type TransactionsExportInput = z.input<typeof transactionsExportInput>;

export const transactionsCsvHeader = ['ID', 'Date', 'Event', 'Customer', 'Amount', 'Refunded', 'Status', 'Payment Method'];
export const customersCsvHeader = ['ID', 'Name', 'Email', 'Phone', 'Created', 'Purchases', 'Net Spent'];
