import * as z from 'zod';
import { isoDay } from '../report/report.schema.ts';
import { transactionStatuses } from '../transaction/transaction.schema.ts';

/** The transactions export's filters: inclusive days of the business's zone (everything without them), a status, an event. */
export const transactionsExportInput = z
  .object({
    from: isoDay.optional(),
    to: isoDay.optional(),
    status: z.enum(transactionStatuses, { error: `Status must be one of ${transactionStatuses.join(', ')}` }).optional(),
    eventId: z.string().trim().min(1).max(100, 'Ids are at most 100 characters').optional(),
  })
  .refine((r) => !r.from || !r.to || r.from <= r.to, { message: 'The start date must not be after the end date' });
export type TransactionsExportInput = z.input<typeof transactionsExportInput>;

/**
 * Dates are ISO 8601 with the business zone's offset (`2026-03-08T01:30:00-05:00`), each followed
 * by its calendar day there (`Local Date`, `2026-03-08`): the column a spreadsheet reads as a date
 * and an accountant sums a day's takings by.
 */
export const transactionsCsvHeader = ['ID', 'Date', 'Local Date', 'Event', 'Customer', 'Amount', 'Refunded', 'Status', 'Payment Method'];
export const customersCsvHeader = ['ID', 'Name', 'Email', 'Phone', 'Created', 'Local Date', 'Purchases', 'Net Spent'];
