import { createFileRoute } from '@tanstack/react-router';
import { useState } from 'react';
import { listOrders, oneOf, optionalText, searchReader } from '../../../lib/search-params.ts';
import { eventStatuses, type EventsSort, type EventStatus } from '@event-admin/core/event/event.schema';
import { PageHeader, SearchInput, Toolbar } from '../../../components/layout/page-header.tsx';
import { CreateEventDialog } from '../../../components/events/create-event-dialog.tsx';
import { EventBulkActions } from '../../../components/events/event-bulk-actions.tsx';
import { EventsTable } from '../../../components/events/events-table.tsx';
import { PlusIcon } from '../../../components/ui/icons.tsx';
import { LoadMore } from '../../../components/ui/load-more.tsx';
import { capitalize } from '../../../lib/format.ts';
import { trpc } from '../../../lib/trpc.ts';
import { pagedQuery, searchTerm, usePagedList } from '../../../lib/use-paged-list.ts';

/** Beside the default (newest created first), the list can be ordered by event date. */
const sorts = ['date'] as const satisfies readonly EventsSort[];

/** The list's search, status filter, Archived filter and order live in the URL, so a reload or a shared link keeps them. */
const eventsSearch = searchReader((search) => ({
  q: optionalText(search.q),
  status: oneOf(eventStatuses)(search.status),
  sort: oneOf(sorts)(search.sort),
  order: oneOf(listOrders)(search.order),
  // the router reads `archived=true` as the boolean
  archived: search.archived === true ? (true as const) : undefined,
}));

export const Route = createFileRoute('/_authed/events/')({
  staticData: { title: 'Events' },
  validateSearch: eventsSearch,
  component: EventsPage,
});

/** SPEC's order for the filter, after All Statuses. */
const filterOrder = ['active', 'draft', 'completed', 'cancelled'] as const satisfies readonly EventStatus[];

/** SPEC §9: the events list shows 5 placeholder rows while loading. */
const loadingRows = 5;

/** Events per request, newest created first or by date; search and status filter run on the server over every event. */
const pageSize = 25;

function EventsPage() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const [createOpen, setCreateOpen] = useState(false);
  const setSearch = (next: Partial<ReturnType<typeof eventsSearch>>) =>
    void navigate({ search: (prev) => ({ ...prev, ...next }), replace: true });
  const q = searchTerm(search.q);
  const sort = search.sort ?? 'created';
  const order = search.order ?? 'desc';
  const archived = search.archived === true;
  const events = trpc.events.page.useInfiniteQuery(
    { limit: pageSize, q, status: search.status, sort, order, ...(archived ? { archived } : {}) },
    pagedQuery,
  );
  const list = usePagedList(events, {
    search: { value: search.q, commit: (value) => setSearch({ q: value }) },
    status: {
      noun: ['event', 'events'],
      filtering: q !== undefined || search.status !== undefined || archived,
      progress: () => 'searching more events',
      searchedAll: 'all events',
    },
  });

  return (
    <div>
      <PageHeader
        title="Events"
        description="Manage your events, their SEO, calls to action and page content."
        actions={
          <button type="button" className="btn btn-primary" onClick={() => setCreateOpen(true)}>
            <PlusIcon />
            Create Event
          </button>
        }
      />
      <Toolbar>
        <SearchInput label="Search events" placeholder="Search by title or venue..." {...list.search} />
        <label className="w-full sm:w-48">
          <span className="sr-only">Filter by status</span>
          <select
            className="select w-full"
            value={search.status ?? 'all'}
            onChange={(e) => setSearch({ status: e.target.value === 'all' ? undefined : (e.target.value as EventStatus) })}
          >
            <option value="all">All Statuses</option>
            {filterOrder.map((status) => (
              <option key={status} value={status}>
                {capitalize(status)}
              </option>
            ))}
          </select>
        </label>
        <label className="label cursor-pointer gap-2 text-base-content">
          <input
            type="checkbox"
            className="toggle toggle-sm"
            checked={archived}
            onChange={(e) => setSearch({ archived: e.target.checked ? true : undefined })}
          />
          Archived
        </label>
      </Toolbar>
      <EventsTable
        {...list.table}
        loadingRows={loadingRows}
        showVenue
        emptyMessage="No events found. Try a different search term or filter."
        footer={<LoadMore {...list.more} />}
        selection={{
          label: (event) => event.title,
          actions: (rows, clear) => <EventBulkActions rows={rows} clear={clear} archived={archived} />,
        }}
        sort={{
          by: sort,
          order,
          onChange: (by, next) => setSearch({ sort: by === 'date' ? 'date' : undefined, order: next === 'desc' ? undefined : next }),
        }}
      />
      <CreateEventDialog open={createOpen} onClose={() => setCreateOpen(false)} />
    </div>
  );
}
