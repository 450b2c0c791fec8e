import { format } from 'date-fns';
import { Link } from '@tanstack/react-router';
import type { EventInfo } from '@event-admin/core/event/event.schema';
import { formatDate } from '../../lib/format.ts';
import { LoadError } from '../ui/load-state.tsx';
import { Panel } from './panel.tsx';

/** Events still to come (not cancelled or completed), soonest first: the server's five, from the start of today. */
export function UpcomingEvents({
  events,
  isLoading,
  isError,
  onRetry,
  className,
}: {
  events: EventInfo[] | undefined;
  isLoading: boolean;
  isError: boolean;
  onRetry: () => void;
  className?: string;
}) {
  const upcoming = events ?? [];
  return (
    <Panel title="Upcoming Events" description="The next events on the calendar" className={className} testId="upcoming-events">
      {isLoading ? (
        <ul className="space-y-3" aria-busy="true">
          {Array.from({ length: 3 }, (_, i) => (
            <li key={i} className="skeleton h-12 w-full" aria-hidden="true" />
          ))}
        </ul>
      ) : isError ? (
        <LoadError what="Upcoming events" onRetry={onRetry} />
      ) : upcoming.length === 0 ? (
        <p className="py-6 text-center text-base-content/60">No upcoming events.</p>
      ) : (
        <ul className="divide-y divide-base-200">
          {upcoming.map((event) => {
            const date = new Date(event.date);
            return (
              <li key={event.id} className="flex items-center gap-3 py-3" data-testid="upcoming-event-row">
                <div className="flex w-12 shrink-0 flex-col items-center rounded-lg bg-primary/10 py-1 text-primary" aria-hidden="true">
                  <span className="text-xs font-semibold uppercase">{format(date, 'MMM')}</span>
                  <span className="text-lg font-bold leading-tight">{date.getDate()}</span>
                </div>
                <div className="min-w-0 flex-1">
                  <Link to="/events/$eventId" params={{ eventId: event.id }} className="link-hover block truncate font-medium">
                    {event.title}
                  </Link>
                  <p className="truncate text-sm text-base-content/60">
                    {formatDate(event.date)}
                    {event.time ? `, ${event.time}` : ''}
                    {event.status === 'draft' ? ' (draft)' : ''}
                  </p>
                  {event.venue && <p className="truncate text-sm text-base-content/60">{event.venue}</p>}
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </Panel>
  );
}
