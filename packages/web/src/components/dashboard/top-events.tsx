import { Link } from '@tanstack/react-router';
import type { TopEvent } from '@event-admin/core/stats/stats.schema';
import { conversionBarWidth } from '@event-admin/core/stats/stats.rules';
import { LoadError } from '../ui/load-state.tsx';
import { Panel } from './panel.tsx';

/** SPEC §9: five placeholder rows while loading. */
const placeholderRows = 5;

/** 'Top Events by Conversion': name, rate text, and a bar of the parsed rate x 6 percent. */
export function TopEvents({
  events,
  isLoading,
  isError,
  onRetry,
  className,
}: {
  events: TopEvent[] | undefined;
  isLoading: boolean;
  isError: boolean;
  onRetry: () => void;
  className?: string;
}) {
  return (
    <Panel title="Top Events by Conversion" description="Completed purchases per page view" className={className} testId="top-events">
      {isLoading ? (
        <ul className="space-y-4" aria-busy="true">
          {Array.from({ length: placeholderRows }, (_, i) => (
            <li key={i} className="space-y-2" data-testid="top-event-skeleton" aria-hidden="true">
              <div className="flex justify-between gap-4">
                <div className="skeleton h-4 w-40" />
                <div className="skeleton h-4 w-10" />
              </div>
              <div className="skeleton h-2 w-full" />
            </li>
          ))}
        </ul>
      ) : isError ? (
        <LoadError what="Top events" onRetry={onRetry} />
      ) : !events?.length ? (
        <p className="py-6 text-center text-base-content/60">No conversion data yet.</p>
      ) : (
        <ul className="space-y-4">
          {events.map((event) => (
            <li key={event.id} className="space-y-1.5" data-testid="top-event-row">
              <div className="flex items-center justify-between gap-4 text-sm">
                <Link
                  to="/events/$eventId"
                  params={{ eventId: event.id }}
                  className="link-hover truncate font-medium"
                  data-testid="top-event-name"
                >
                  {event.name}
                </Link>
                <span className="shrink-0 tabular-nums text-base-content/70" data-testid="top-event-rate">
                  {event.conversionRate}
                </span>
              </div>
              <div className="h-2 w-full overflow-hidden rounded-full bg-base-200" aria-hidden="true">
                <div
                  className="h-full rounded-full bg-primary"
                  style={{ width: `${conversionBarWidth(event.conversionRate)}%` }}
                  data-testid="conversion-bar"
                />
              </div>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}
