import * as z from 'zod';

/** A UTC calendar day as the report's query names it. */
export const isoDay = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Dates must look like YYYY-MM-DD')
  .refine((value) => !/^\d{4}-\d{2}-\d{2}$/.test(value) || isCalendarDay(value), 'Dates must be real calendar days');

/** 2026-02-30 matches the pattern but names no day. */
function isCalendarDay(value: string) {
  const time = Date.parse(`${value}T00:00:00.000Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().startsWith(value);
}

/** The longest range one report reads (a leap year); its cost is this many items at most, twice. */
export const maxReportDays = 366;

/** reports.sales: inclusive UTC days, the last 30 days to today when absent, one event's figures with eventId. */
export const salesReportInput = z
  .object({
    from: isoDay.optional(),
    to: isoDay.optional(),
    eventId: z.string().trim().min(1).max(100, 'Ids are at most 100 characters').optional(),
  })
  .refine((r) => !r.from || !r.to || r.from <= r.to, { message: 'The start date must not be after the end date' });
export type SalesReportInput = z.input<typeof salesReportInput>;

/** What one day (or a range's totals) holds. */
export interface DayFigures {
  purchases: number;
  revenueCents: number;
  refundsCents: number;
  netCents: number;
  newCustomers: number;
  pageViews: number;
}

export interface SalesReport {
  from: string;
  to: string;
  days: (DayFigures & { date: string })[];
  totals: DayFigures;
  previous: { from: string; to: string; totals: DayFigures };
}

/** One event's figures over a range (the Reports screen's table). */
export interface EventFigures extends DayFigures {
  eventId: string;
  title: string;
  /** completed purchases per 100 views over the range */
  conversion: number;
}
