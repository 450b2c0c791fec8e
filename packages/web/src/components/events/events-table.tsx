import { Link } from '@tanstack/react-router';
import { useId, type ReactNode } from 'react';
import type { EventInfo } from '@event-admin/core/event/event.schema';
import { formatDate, formatUsd } from '../../lib/format.ts';
import { StatusBadge } from '../ui/status-badge.tsx';
import { TableRows } from '../ui/table-rows.tsx';

/** Placeholder rows without a limit (SPEC §2). */
const defaultPlaceholderRows = 4;

export type EventsTableRow = Pick<EventInfo, 'id' | 'title' | 'date' | 'status' | 'sales'> & { venue?: string };

/**
 * The events table of the dashboard (with `limit`: 'Recent Events' and a 'View All' link) and
 * of the events list (without: 'All Events', usually `showVenue`). SPEC §2: a completed event
 * offers View, any other Edit; both open /events/{id}.
 */
export function EventsTable({
  events,
  isLoading,
  limit,
  showVenue = false,
  emptyMessage = 'No events yet.',
  isError = false,
  onRetry,
  loadingRows,
  searching = false,
  searchingMessage = 'Searching more events...',
  footer,
}: {
  events: readonly EventsTableRow[] | undefined;
  isLoading: boolean;
  limit?: number;
  showVenue?: boolean;
  emptyMessage?: string;
  /** The load failed: the table shows an error row with a retry instead of rows. */
  isError?: boolean;
  onRetry?: () => void;
  /** Placeholder rows while loading; defaults to the limit, or 4 (the events list uses 5). */
  loadingRows?: number;
  /** More pages may still hold matches: an empty table says it is still searching, not empty. */
  searching?: boolean;
  searchingMessage?: string;
  /** Below the table once loaded (the events list's Load more). */
  footer?: ReactNode;
}) {
  const titleId = useId();
  const title = limit ? 'Recent Events' : 'All Events';
  const columns = showVenue ? 6 : 5;
  const rows = limit ? (events ?? []).slice(0, limit) : (events ?? []);
  const placeholders = loadingRows ?? limit ?? defaultPlaceholderRows;

  return (
    <section className="card h-full bg-base-100 shadow-sm" aria-labelledby={titleId} data-testid="events-table">
      <div className="card-body gap-4 p-4 sm:p-6">
        <div className="flex items-center justify-between gap-4">
          <h2 id={titleId} className="card-title text-lg">
            {title}
          </h2>
          {limit !== undefined && (
            <Link to="/events" className="btn btn-ghost btn-sm">
              View All
            </Link>
          )}
        </div>
        <div className="overflow-x-auto">
          <table className="table table-sm md:table-md" aria-labelledby={titleId} aria-busy={isLoading}>
            <thead>
              <tr>
                <th scope="col">Event Name</th>
                <th scope="col">Date</th>
                {showVenue && <th scope="col">Venue</th>}
                <th scope="col">Status</th>
                <th scope="col" className="text-right">
                  Sales
                </th>
                <th scope="col" className="text-right">
                  Actions
                </th>
              </tr>
            </thead>
            <tbody>
              <TableRows
                columns={columns}
                loading={isLoading}
                loadingRows={placeholders}
                failed={isError}
                onRetry={() => onRetry?.()}
                isEmpty={rows.length === 0}
                empty={searching ? searchingMessage : emptyMessage}
              >
                {rows.map((event) => {
                  const action = event.status === 'completed' ? 'View' : 'Edit';
                  return (
                    <tr key={event.id} data-testid="event-row" data-event-id={event.id}>
                      <td className="font-medium">{event.title}</td>
                      <td className="whitespace-nowrap">{formatDate(event.date)}</td>
                      {showVenue && <td>{event.venue}</td>}
                      <td>
                        <StatusBadge kind="event" status={event.status} />
                      </td>
                      <td className="text-right tabular-nums">{formatUsd(event.sales)}</td>
                      <td className="text-right">
                        <Link
                          to="/events/$eventId"
                          params={{ eventId: event.id }}
                          className="btn btn-ghost btn-xs"
                          aria-label={`${action} ${event.title}`}
                        >
                          {action}
                        </Link>
                      </td>
                    </tr>
                  );
                })}
              </TableRows>
            </tbody>
          </table>
        </div>
        {!isLoading && !isError && footer}
      </div>
    </section>
  );
}
