import { eventStatuses } from '@event-admin/core/event/event.schema';
import type { EventsByStatus as StatusCounts } from '@event-admin/core/stats/stats.schema';
import { StatusBadge } from '../ui/status-badge.tsx';
import { LoadError } from '../ui/load-state.tsx';
import { Panel } from './panel.tsx';

// The bar colours follow the status badges (SPEC §4).
const barColor: Record<string, string> = {
  active: 'bg-green-500',
  draft: 'bg-yellow-400',
  completed: 'bg-slate-400',
  cancelled: 'bg-red-500',
};

/** How many events are in each status (counters kept by the server), with each share of the whole. */
export function EventsByStatus({
  data,
  isLoading,
  isError,
  onRetry,
  className,
}: {
  data: StatusCounts | undefined;
  isLoading: boolean;
  isError: boolean;
  onRetry: () => void;
  className?: string;
}) {
  const counts = data?.counts;
  const total = data?.total ?? 0;
  return (
    <Panel
      title="Events by Status"
      description={isLoading || isError ? undefined : `${total} events in all`}
      className={className}
      testId="events-by-status"
    >
      {isLoading ? (
        <ul className="space-y-4" aria-busy="true">
          {eventStatuses.map((s) => (
            <li key={s} className="skeleton h-8 w-full" aria-hidden="true" />
          ))}
        </ul>
      ) : isError ? (
        <LoadError what="Events by status" onRetry={onRetry} />
      ) : (
        <ul className="space-y-4">
          {eventStatuses.map((status) => {
            const n = counts?.[status] ?? 0;
            const share = total ? Math.round((n / total) * 100) : 0;
            return (
              <li key={status} className="space-y-1.5" data-testid="status-count-row" data-status={status}>
                <div className="flex items-center justify-between text-sm">
                  <StatusBadge kind="event" status={status} />
                  <span className="tabular-nums">
                    <span className="font-semibold" data-testid="status-count">
                      {n}
                    </span>
                    <span className="text-base-content/60"> ({share}%)</span>
                  </span>
                </div>
                <div className="h-2 w-full overflow-hidden rounded-full bg-base-200" aria-hidden="true">
                  <div className={`h-full rounded-full ${barColor[status] ?? 'bg-gray-400'}`} style={{ width: `${share}%` }} />
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </Panel>
  );
}
