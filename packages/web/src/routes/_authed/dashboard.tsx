import { createFileRoute } from '@tanstack/react-router';
import { memo, useDeferredValue, useMemo } from 'react';
import { CustomerActivity } from '../../components/dashboard/customer-activity.tsx';
import { EventsByStatus } from '../../components/dashboard/events-by-status.tsx';
import { QuickActions } from '../../components/dashboard/quick-actions.tsx';
import { SeoTips } from '../../components/dashboard/seo-tips.tsx';
import { StatCards } from '../../components/dashboard/stat-cards.tsx';
import { TopEvents } from '../../components/dashboard/top-events.tsx';
import { UpcomingEvents } from '../../components/dashboard/upcoming-events.tsx';
import { EventsTable } from '../../components/events/events-table.tsx';
import { trpc } from '../../lib/trpc.ts';

export const Route = createFileRoute('/_authed/dashboard')({
  staticData: { title: 'Dashboard' },
  component: DashboardPage,
});

/** SPEC §9: the dashboard shows the 4 most recent events. */
const recentEventsLimit = 4;

type Read<T> = { data: T; isPending: boolean; isError: boolean; isFetching: boolean; refetch: () => unknown };

/**
 * What a panel shows of a read: its data; placeholders while it is under way (also during a retry
 * after a failure), else its error. The same object until the read changes, drawn in a deferred
 * render: React slices that into short tasks instead of drawing the panels inside the task that
 * received the answers (a long task on a phone; see DataTable).
 */
function usePanel<T>({ data, isPending, isError, isFetching, refetch }: Read<T>) {
  const panel = useMemo(
    () => ({
      data,
      state: { isLoading: isPending || (isError && isFetching), isError: isError && !isFetching, onRetry: () => void refetch() },
    }),
    [data, isPending, isError, isFetching, refetch],
  );
  return useDeferredValue(panel);
}

/** Every read is issued here, in one render, so httpBatchLink sends them as one HTTP request. */
function usePanels() {
  return {
    stats: usePanel(trpc.dashboard.stats.useQuery()),
    recent: usePanel(trpc.events.recent.useQuery({ limit: recentEventsLimit })),
    topEvents: usePanel(trpc.dashboard.topEvents.useQuery()),
    // each event stays upcoming until its day is over on its own clock (the server judges)
    upcoming: usePanel(trpc.dashboard.upcoming.useQuery({})),
    byStatus: usePanel(trpc.dashboard.eventsByStatus.useQuery()),
  };
}

function DashboardPage() {
  return <DashboardPanels {...usePanels()} />;
}

/** Drawn again only when a panel's read has changed (and then in the deferred render). */
const DashboardPanels = memo(function DashboardPanels(props: ReturnType<typeof usePanels>) {
  const { stats, recent, topEvents, upcoming, byStatus } = props;
  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6">
      <StatCards stats={stats.data} {...stats.state} />

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <div className="min-w-0 lg:col-span-2">
          <EventsTable
            rows={recent.data}
            loading={recent.state.isLoading}
            failed={recent.state.isError}
            onRetry={recent.state.onRetry}
            limit={recentEventsLimit}
            emptyMessage="No events yet. Create your first event to see it here."
          />
        </div>
        <QuickActions className="min-w-0" />
      </div>

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <CustomerActivity className="min-w-0 lg:col-span-2" />
        <TopEvents className="min-w-0" events={topEvents.data} {...topEvents.state} />
      </div>

      <div className="grid grid-cols-1 gap-6 md:grid-cols-2 xl:grid-cols-3">
        <UpcomingEvents className="min-w-0" events={upcoming.data} {...upcoming.state} />
        <EventsByStatus className="min-w-0" data={byStatus.data} {...byStatus.state} />
        <SeoTips className="min-w-0 md:col-span-2 xl:col-span-1" />
      </div>
    </div>
  );
});
