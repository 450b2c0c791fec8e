import { Link } from '@tanstack/react-router';
import { useId, type ReactNode } from 'react';
import type { EventInfo } from '@event-admin/core/event/event.schema';
import { formatEventDate, formatUsd } from '../../lib/format.ts';
import { DataTable, type Column, type TableSelection, type TableSort } from '../ui/data-table.tsx';
import { StatusBadge } from '../ui/status-badge.tsx';

/** Placeholder rows without a limit (SPEC §2). */
const defaultPlaceholderRows = 4;

export type EventsTableRow = Pick<EventInfo, 'id' | 'title' | 'date' | 'status' | 'sales'> & { venue?: string; timeZone?: string | null };

const columns: Column<EventsTableRow>[] = [
  { id: 'title', header: 'Event Name', cell: (event) => event.title, className: 'font-medium' },
  { id: 'date', header: 'Date', cell: (event) => formatEventDate(event), className: 'whitespace-nowrap', sortKey: 'date' },
  { id: 'venue', header: 'Venue', cell: (event) => event.venue },
  { id: 'status', header: 'Status', cell: (event) => <StatusBadge kind="event" status={event.status} /> },
  { id: 'sales', header: 'Sales', cell: (event) => formatUsd(event.sales), align: 'right', className: 'tabular-nums' },
  {
    id: 'actions',
    header: 'Actions',
    align: 'right',
    // SPEC §2: a completed event offers View, any other Edit; both open /events/{id}.
    cell: (event) => {
      const action = event.status === 'completed' ? 'View' : 'Edit';
      return (
        <Link to="/events/$eventId" params={{ eventId: event.id }} className="btn btn-ghost btn-xs" aria-label={`${action} ${event.title}`}>
          {action}
        </Link>
      );
    },
  },
];
const withoutVenue = columns.filter((column) => column.id !== 'venue');

/**
 * The events table of the dashboard (with `limit`: 'Recent Events' and a 'View All' link) and
 * of the events list (without: 'All Events', usually `showVenue`).
 */
export function EventsTable({
  rows: events,
  limit,
  showVenue = false,
  emptyMessage = 'No events yet.',
  loading,
  busy,
  failed = false,
  onRetry,
  loadingRows,
  searching = false,
  footer,
  sort,
  selection,
}: {
  rows: readonly EventsTableRow[] | undefined;
  limit?: number;
  showVenue?: boolean;
  emptyMessage?: string;
  loading: boolean;
  /** a new search or filter loads behind the rows on screen */
  busy?: boolean;
  /** The load failed: the table shows an error row with a retry instead of rows. */
  failed?: boolean;
  onRetry?: () => void;
  /** Placeholder rows while loading; defaults to the limit, or 4 (the events list uses 5). */
  loadingRows?: number;
  /** More pages may still hold matches: an empty table says it is still searching, not empty. */
  searching?: boolean;
  /** Below the table once loaded (the events list's Load more). */
  footer?: ReactNode;
  /** The events list's order, when the Date header sorts it (on the server). */
  sort?: TableSort;
  /** The events list's row selection and its bulk actions. */
  selection?: TableSelection<EventsTableRow>;
}) {
  const titleId = useId();
  const rows = limit ? (events ?? []).slice(0, limit) : (events ?? []);

  return (
    <section className="card h-full bg-base-100 shadow-sm" aria-labelledby={titleId} data-testid="events-table">
      <div className="card-body gap-4 p-4 sm:p-6">
        <div className="flex items-center justify-between gap-4">
          <h2 id={titleId} className="card-title text-lg">
            {limit ? 'Recent Events' : 'All Events'}
          </h2>
          {limit !== undefined && (
            <Link to="/events" className="btn btn-ghost btn-sm">
              View All
            </Link>
          )}
        </div>
        <DataTable
          columns={showVenue ? columns : withoutVenue}
          rows={rows}
          rowKey={(event) => event.id}
          rowData={(event) => ({ 'data-testid': 'event-row', 'data-event-id': event.id })}
          labelledBy={titleId}
          tableClassName="table table-sm md:table-md"
          loading={loading}
          loadingRows={loadingRows ?? limit ?? defaultPlaceholderRows}
          busy={busy}
          failed={failed}
          onRetry={onRetry}
          empty={searching ? 'Searching more events...' : emptyMessage}
          footer={footer}
          sort={sort}
          selection={selection}
        />
      </div>
    </section>
  );
}
