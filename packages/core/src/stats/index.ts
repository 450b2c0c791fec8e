import type { Db } from '../db/client.ts';
import { fromItem as eventFromItem, topEventItems, upcomingEventItems } from '../event/event.repo.ts';
import { upcomingOnOwnClock } from '../event/upcoming.ts';
import { businessTimeZone } from '../settings/index.ts';
import { eventStatuses } from '../event/event.rules.ts';
import { fn } from '../fn.ts';
import { formatCents } from '../transaction/money.ts';
import { getStatsItem, statusCountField } from './stats.repo.ts';
import { roundTo } from './stats.rules.ts';
import { upcomingEventsInput, type DashboardStats, type EventsByStatus, type TopEvent, type TransactionTotals } from './stats.schema.ts';

export const topEventsLimit = 5;
export const upcomingEventsLimit = 5;

/** The four headline figures: one GetItem. */
export async function dashboard(db: Db): Promise<DashboardStats> {
  const stats = await getStatsItem(db);
  const viewed = stats?.viewedEventCount ?? 0;
  return {
    totalEvents: stats?.eventCount ?? 0,
    activeCustomers: stats?.activeCustomers ?? 0,
    ticketSales: Math.round((stats?.ticketSalesCents ?? 0) / 100),
    avgConversion: viewed > 0 ? roundTo((stats?.conversionSumMilli ?? 0) / 1000 / viewed, 1) : 0,
  };
}

/** The five highest-converting events: one Query of five items. */
export async function topEvents(db: Db): Promise<TopEvent[]> {
  return (await topEventItems(db, topEventsLimit)).map((item) => {
    const event = eventFromItem(item);
    return { id: event.id, name: event.title, conversionRate: event.conversionRate };
  });
}

/** Events per status (dashboard Events by Status): one GetItem of the counters, whatever the table holds. */
export async function eventsByStatus(db: Db): Promise<EventsByStatus> {
  const stats = await getStatsItem(db);
  const counts = Object.fromEntries(eventStatuses.map((s) => [s, stats?.[statusCountField(s)] ?? 0])) as EventsByStatus['counts'];
  return { counts, total: Object.values(counts).reduce((sum, n) => sum + n, 0) };
}

/**
 * The next events, soonest first, skipping cancelled and completed ones (dashboard Upcoming
 * Events), from the sparse index that holds only draft and active events: each still upcoming
 * until its day is over on its own clock (its zone, else the business's), or those from `from` on.
 */
export const upcoming = fn(upcomingEventsInput, async (db, { from }) => {
  const items = from
    ? await upcomingEventItems(db, new Date(from).toISOString(), upcomingEventsLimit)
    : await upcomingOnOwnClock(db, await businessTimeZone(db), upcomingEventsLimit);
  return items.map(eventFromItem);
});

/** The transactions page's cards, from the counters (the same figures as summing every row). */
export async function transactionTotals(db: Db): Promise<TransactionTotals> {
  const stats = await getStatsItem(db);
  return {
    totalTransactions: stats?.transactionCount ?? 0,
    totalRevenue: formatCents(stats?.transactionAmountCents ?? 0),
    uniqueCustomers: stats?.uniqueCustomers ?? 0,
  };
}

/** Whether anything was ever written: the seed loads demo data only into an empty table. */
export async function isEmpty(db: Db) {
  return (await getStatsItem(db, true)) === undefined;
}
