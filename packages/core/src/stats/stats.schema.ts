import * as z from 'zod';
import { eventStatuses } from '../event/event.rules.ts';
import { moneyText, named, parseableDate, percentText, wholeCount } from '../shared.schema.ts';

export const dashboardStats = named('DashboardStats', {
  totalEvents: wholeCount,
  /** customers with at least one completed purchase */
  activeCustomers: wholeCount,
  /** completed purchases, whole dollars */
  ticketSales: z.number().int(),
  /** mean conversion (percent) of events that have page views */
  avgConversion: z.number(),
});
export type DashboardStats = z.output<typeof dashboardStats>;

export const topEvent = named('TopEvent', {
  id: z.string(),
  name: z.string(),
  /** e.g. '12.5%' */
  conversionRate: percentText,
});
export type TopEvent = z.output<typeof topEvent>;

export const transactionTotals = named('TransactionTotals', {
  totalTransactions: wholeCount,
  /** every amount summed, as SPEC's page does, e.g. '$1234.50' */
  totalRevenue: moneyText,
  uniqueCustomers: wholeCount,
});
export type TransactionTotals = z.output<typeof transactionTotals>;

/** Events per status (dashboard Events by Status), from the counters kept on the totals item. */
export const eventsByStatus = z.object({ counts: z.record(z.enum(eventStatuses), wholeCount), total: wholeCount });
export type EventsByStatus = z.output<typeof eventsByStatus>;

/** dashboard.upcoming: events dated from `from` on; left out, each event judged by its own clock (issue 32). */
export const upcomingEventsInput = z.object({ from: parseableDate('From must be a date').optional() }).default({});
