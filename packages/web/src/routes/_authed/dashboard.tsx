import { createFileRoute } from '@tanstack/react-router';
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

/** Placeholders while a read is under way (also during a retry after a failure), else its error. */
const loadState = (q: { isPending: boolean; isError: boolean; isFetching: boolean; refetch: () => unknown }) => ({
  isLoading: q.isPending || (q.isError && q.isFetching),
  isError: q.isError && !q.isFetching,
  onRetry: () => void q.refetch(),
});

function DashboardPage() {
  // Every read is issued here, in one render, so httpBatchLink sends them as one HTTP request.
  const stats = trpc.dashboard.stats.useQuery();
  const recent = trpc.events.recent.useQuery({ limit: recentEventsLimit });
  const topEvents = trpc.dashboard.topEvents.useQuery();
  // each event stays upcoming until its day is over on its own clock (the server judges)
  const upcoming = trpc.dashboard.upcoming.useQuery({});
  const byStatus = trpc.dashboard.eventsByStatus.useQuery();
  const recentState = loadState(recent);

  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6">
      <StatCards stats={stats.data} {...loadState(stats)} />

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <div className="min-w-0 lg:col-span-2">
          <EventsTable
            rows={recent.data}
            loading={recentState.isLoading}
            failed={recentState.isError}
            onRetry={recentState.onRetry}
            limit={recentEventsLimit}
            emptyMessage="No events yet. Create your first event to see it here."
          />
        </div>
        <QuickActions className="min-w-0" />
      </div>

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <CustomerActivity className="min-w-0 lg:col-span-2" />
        <TopEvents className="min-w-0" events={topEvents.data} {...loadState(topEvents)} />
      </div>

      <div className="grid grid-cols-1 gap-6 md:grid-cols-2 xl:grid-cols-3">
        <UpcomingEvents className="min-w-0" events={upcoming.data} {...loadState(upcoming)} />
        <EventsByStatus className="min-w-0" data={byStatus.data} {...loadState(byStatus)} />
        <SeoTips className="min-w-0 md:col-span-2 xl:col-span-1" />
      </div>
    </div>
  );
}
