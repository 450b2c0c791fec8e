import { addDays } from '../counters/figures.ts';
import type { DayFigures } from './report.schema.ts';

// Days are counted where every counter is (counters/figures.ts); a report reads them from there.
export { addDays, utcDay, zoneDay } from '../counters/figures.ts';

const dayMs = 86_400_000;

/** Inclusive number of days from `from` to `to`. */
export const dayCount = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / dayMs) + 1;

/** Every day from `from` to `to`, inclusive. */
export function daysOf(from: string, to: string) {
  return Array.from({ length: Math.max(0, dayCount(from, to)) }, (_, i) => addDays(from, i));
}

/** The same number of days just before a range. */
export function previousRange(from: string, to: string) {
  const length = dayCount(from, to);
  return { from: addDays(from, -length), to: addDays(from, -1) };
}

export const zeroFigures = (): DayFigures => ({
  purchases: 0,
  revenueCents: 0,
  refundsCents: 0,
  netCents: 0,
  newCustomers: 0,
  pageViews: 0,
});

/** A day's counted figures as a report shows them: absent counters are zero, net is revenue less refunds. */
export function figuresOf(item: Readonly<Record<string, number>> | undefined): DayFigures {
  const n = (name: string) => Number(item?.[name] ?? 0);
  const revenueCents = n('revenueCents');
  const refundsCents = n('refundsCents');
  return {
    purchases: n('purchases'),
    revenueCents,
    refundsCents,
    netCents: revenueCents - refundsCents,
    newCustomers: n('newCustomers'),
    pageViews: n('pageViews'),
  };
}

export function sumFigures(list: readonly DayFigures[]): DayFigures {
  const total = zeroFigures();
  for (const day of list) for (const name of Object.keys(total) as (keyof DayFigures)[]) total[name] += day[name];
  return total;
}

/** An event's conversion over a range: completed purchases per 100 views (0 without views). */
export const rangeConversion = (purchases: number, pageViews: number) =>
  pageViews > 0 ? Math.round((purchases / pageViews) * 1000) / 10 : 0;
