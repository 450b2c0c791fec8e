import { localDate } from '../time/zone.ts';

// What is counted, and where it is kept. Adding a figure (say ticketsSold) is naming it here and
// moving it where it changes (counters/sale.ts for anything a sale moves): writers spell their
// ADDs from the names they are given, and readers add up exactly the names listed here.

/** The dashboard's totals (STATS#s / GLOBAL), one item per shard. */
export const totalFigures = [
  'eventCount',
  'customerCount',
  'activeCustomers',
  'uniqueCustomers',
  'transactionCount',
  'transactionAmountCents',
  'ticketSalesCents',
  'conversionSumMilli',
  'viewedEventCount',
  // events per status (stats/stats.repo.ts: statusCountField)
  'draftEvents',
  'activeEvents',
  'completedEvents',
  'cancelledEvents',
] as const;
export type TotalFigure = (typeof totalFigures)[number];

/**
 * An event's counters (EVENT_COUNTER#id#s / COUNTER), one item per shard. The event item keeps a
 * copy of the first three (event/counters.ts); `transactions` (every transaction that names the
 * event, whatever its status) is what a delete checks (event/event-delete.ts).
 */
export const eventFigures = ['completedPurchases', 'salesCents', 'pageViews', 'transactions'] as const;
export type EventFigure = (typeof eventFigures)[number];

/**
 * A day's figures (counters/days.ts): the whole business's (sk TOTAL) and each event's (sk
 * EVENT#id), on the business's day they belong to (its zone when written: counters/day-zone.ts). New customers are counted on the total only.
 */
export const dayFigures = ['purchases', 'revenueCents', 'refundsCents', 'newCustomers', 'pageViews'] as const;
export type DayFigure = (typeof dayFigures)[number];
export const dayTotalOnly: readonly DayFigure[] = ['newCustomers'];
/** The figures an event's day keeps. */
export const eventDayFigures = dayFigures.filter((name) => !dayTotalOnly.includes(name));

/** Figures of one kind, all of them (zero where nothing was counted). */
export type Figures<F extends string> = Record<F, number>;

/** Adds up `names` over items (absent or non-numeric values count 0), into `into` when given. */
export function sumFigures<F extends string>(names: readonly F[], items: readonly Record<string, unknown>[], into?: Figures<F>) {
  const sum = into ?? (Object.fromEntries(names.map((name) => [name, 0])) as Figures<F>);
  for (const item of items) {
    for (const name of names) {
      const value = item[name];
      if (typeof value === 'number') sum[name] += value;
    }
  }
  return sum;
}

/** The UTC day (yyyy-mm-dd) an instant falls on; a yyyy-mm-dd day is its own day. */
export const utcDay = (instant: string | Date) =>
  typeof instant === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(instant) ? instant : new Date(instant).toISOString().slice(0, 10);

/** The business's day (yyyy-mm-dd) an instant falls on in `zone`; a yyyy-mm-dd day is its own day. */
export const zoneDay = (instant: string | Date, zone: string) =>
  typeof instant === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(instant) ? instant : localDate(instant, zone);

const dayMs = 86_400_000;
export const addDays = (day: string, count: number) => utcDay(new Date(Date.parse(`${day}T00:00:00.000Z`) + count * dayMs));
