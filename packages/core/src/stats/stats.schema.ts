import * as z from 'zod';
import type { EventStatus } from '../event/event.rules.ts';
import { parseableDate } from '../shared.schema.ts';

export interface DashboardStats {
  totalEvents: number;
  /** customers with at least one completed purchase */
  activeCustomers: number;
  /** completed purchases, whole dollars */
  ticketSales: number;
  /** mean conversion (percent) of events that have page views */
  avgConversion: number;
}

export interface TopEvent {
  id: string;
  name: string;
  /** e.g. '12.5%' */
  conversionRate: string;
}

export interface TransactionTotals {
  totalTransactions: number;
  /** every amount summed, as SPEC's page does, e.g. '$1234.50' */
  totalRevenue: string;
  uniqueCustomers: number;
}

/** Events per status (dashboard Events by Status), from the counters kept on the totals item. */
export interface EventsByStatus {
  counts: Record<EventStatus, number>;
  total: number;
}

/** dashboard.upcoming: events dated from `from` on; left out, each event judged by its own clock (issue 32). */
export const upcomingEventsInput = z.object({ from: parseableDate('From must be a date').optional() }).default({});
