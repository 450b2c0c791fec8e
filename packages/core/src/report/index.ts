import { readDays, readEventsOnDays } from '../counters/days.ts';
import { DomainError, notFound } from '../error.ts';
import { getEventItem, getEventItems } from '../event/event.repo.ts';
import { fn } from '../fn.ts';
import { addDays, dayCount, daysOf, figuresOf, previousRange, rangeConversion, sumFigures, zoneDay, zeroFigures } from './report.rules.ts';
import { currentGen, dayState, isRebuilding } from '../counters/day-zone.ts';
import { maxReportDays, salesReportInput, type DayFigures, type EventFigures, type SalesReport } from './report.schema.ts';

/** The range a report covers: the given days, or the last 30 days to today (the business's). Longer than a year is refused. */
export function reportRange(input: { from?: string; to?: string }, zone: string, now = new Date()) {
  const today = zoneDay(now, zone);
  const to = input.to ?? (input.from && input.from > today ? input.from : today);
  const from = input.from ?? addDays(to, -29);
  if (from > to) throw new DomainError('invalid', 'The start date must not be after the end date');
  if (dayCount(from, to) > maxReportDays) throw new DomainError('invalid', `A report covers at most ${maxReportDays} days`);
  return { from, to };
}

/**
 * Sales by the business's day (counters/day-zone.ts) over a range, with the same number of days before it for comparison: the
 * two ranges' days read together (counters/days.ts: one item per day that is over and folded,
 * the shards of the few that are not), so the cost follows the range's length, never how many
 * purchases exist.
 */
export const sales = fn(salesReportInput, async (db, input): Promise<SalesReport> => {
  const state = await dayState(db);
  const { from, to } = reportRange(input, state.zone);
  if (input.eventId && !(await getEventItem(db, input.eventId))) throw notFound('Event');
  const previous = previousRange(from, to);
  const before = daysOf(previous.from, previous.to);
  const figures = await readDays(db, [...before, ...daysOf(from, to)], input.eventId, { days: currentGen(state) });
  const days = daysOf(from, to).map((date) => ({ date, ...figuresOf(figures.get(date)) }));
  return {
    from,
    to,
    days,
    totals: sumFigures(days),
    previous: { ...previous, totals: sumFigures(before.map((date) => figuresOf(figures.get(date)))) },
    rebuilding: isRebuilding(state),
  };
});

/**
 * Each event's figures over a range (the Reports screen's table): each day's event items
 * (counters/days.ts), so the cost is the days times the events that had activity on them,
 * whatever the history holds; then the titles with one BatchGetItem per 100 events.
 */
export const eventsReport = fn(salesReportInput, async (db, input) => {
  const state = await dayState(db);
  const { from, to } = reportRange(input, state.zone);
  const byEvent = new Map<string, DayFigures>();
  await readEventsOnDays(
    db,
    daysOf(from, to),
    (id, counted) => byEvent.set(id, sumFigures([byEvent.get(id) ?? zeroFigures(), figuresOf(counted)])),
    state.gen,
  );
  const events = await getEventItems(db, [...byEvent.keys()]);
  const titles = new Map(events.map((e) => [String(e.id), String(e.title)]));
  const rows: EventFigures[] = [...byEvent]
    .filter(([id]) => titles.has(id))
    .map(([eventId, f]) => ({
      eventId,
      title: titles.get(eventId)!,
      ...f,
      newCustomers: 0,
      conversion: rangeConversion(f.purchases, f.pageViews),
    }));
  rows.sort((a, b) => b.netCents - a.netCents || b.pageViews - a.pageViews || a.title.localeCompare(b.title));
  return { from, to, events: rows, rebuilding: isRebuilding(state) };
});
