import * as z from 'zod';
import { addressInfo } from '../address/address.schema.ts';
import { auditEntry } from '../audit/audit.schema.ts';
import { customerInfo } from '../customer/customer.schema.ts';
import { isoDay } from '../report/report.schema.ts';
import { isoTime, named } from '../shared.schema.ts';
import { transactionDetail, transactionStatuses } from '../transaction/transaction.schema.ts';

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

/**
 * GET /api/customers/{id}/export (GDPR art. 15), written as it is read (customer-data.ts): the
 * customer, addresses and history as their own answers, each transaction as GET
 * /api/transactions/{id} answers it, with its history.
 */
export const customerDataExport = named('CustomerData', {
  exportedAt: isoTime,
  customer: customerInfo,
  addresses: z.array(addressInfo),
  history: z.array(auditEntry),
  transactions: z.array(transactionDetail.extend({ history: z.array(auditEntry) })),
});
