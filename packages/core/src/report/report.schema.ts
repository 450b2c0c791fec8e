import * as z from 'zod';
import { named, wholeCount } from '../shared.schema.ts';

/** A calendar day (the business's: its time zone's) as the report's query names it. */
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

/** reports.sales: inclusive days of the business's zone, the last 30 days to today when absent, one event's figures with eventId. */
export const salesReportInput = z
  .object({
    from: isoDay.optional(),
    to: isoDay.optional(),
    eventId: z.string().trim().min(1).max(100, 'Ids are at most 100 characters').optional(),
  })
  .refine((r) => !r.from || !r.to || r.from <= r.to, { message: 'The start date must not be after the end date' });
export type SalesReportInput = z.input<typeof salesReportInput>;

const dayFigureFields = {
  purchases: wholeCount,
  revenueCents: z.number().int(),
  refundsCents: z.number().int(),
  netCents: z.number().int(),
  newCustomers: wholeCount,
  pageViews: wholeCount,
};

/** What one day (or a range's totals) holds. */
export const dayFigures = named('DayFigures', z.object(dayFigureFields));
export type DayFigures = z.output<typeof dayFigures>;

const reportDay = z.iso.date();
export const salesReport = named('SalesReport', {
  from: reportDay,
  to: reportDay,
  days: z.array(z.object({ date: reportDay, ...dayFigureFields })),
  totals: dayFigures,
  previous: z.object({ from: reportDay, to: reportDay, totals: dayFigures }),
  /** true while a change of the business's zone is rebuilding the day figures: these are still the old zone's */
  rebuilding: z.boolean(),
});
export type SalesReport = z.output<typeof salesReport>;

/** One event's figures over a range (the Reports screen's table). */
export const eventFigures = z.object({
  eventId: z.string(),
  title: z.string(),
  ...dayFigureFields,
  /** completed purchases per 100 views over the range */
  conversion: z.number(),
});
export type EventFigures = z.output<typeof eventFigures>;

/** reports.events: each event with activity in the range, highest net first. */
export const eventsReport = z.object({ from: reportDay, to: reportDay, events: z.array(eventFigures), rebuilding: z.boolean() });
