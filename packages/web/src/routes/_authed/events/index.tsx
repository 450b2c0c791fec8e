import { createFileRoute } from '@tanstack/react-router';
import { useState } from 'react';
import { oneOf, optionalText, searchReader } from '../../../lib/search-params.ts';
import { eventStatuses, type EventStatus } from '@event-admin/core/event/event.schema';
import { PageHeader, SearchInput, Toolbar } from '../../../components/layout/page-header.tsx';
import { CreateEventDialog } from '../../../components/events/create-event-dialog.tsx';
import { EventsTable } from '../../../components/events/events-table.tsx';
import { PlusIcon } from '../../../components/ui/icons.tsx';
import { LoadMore } from '../../../components/ui/load-more.tsx';
import { capitalize } from '../../../lib/format.ts';
import { trpc } from '../../../lib/trpc.ts';
import { pagedQuery, searchTerm, usePagedList } from '../../../lib/use-paged-list.ts';

/** The list's search and status filter live in the URL, so a reload or a shared link keeps them. */
const eventsSearch = searchReader((search) => ({
  q: optionalText(search.q),
  status: oneOf(eventStatuses)(search.status),
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

/** Events per request, newest created first; search and status filter run on the server over every event. */
const pageSize = 25;

function EventsPage() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const [createOpen, setCreateOpen] = useState(false);
  const setSearch = (next: Partial<ReturnType<typeof eventsSearch>>) =>
    void navigate({ search: (prev) => ({ ...prev, ...next }), replace: true });
  const q = searchTerm(search.q);
  const events = trpc.events.page.useInfiniteQuery({ limit: pageSize, q, status: search.status }, pagedQuery);
  const list = usePagedList(events, {
    search: { value: search.q, commit: (value) => setSearch({ q: value }) },
    status: {
      noun: ['event', 'events'],
      filtering: q !== undefined || search.status !== undefined,
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
      </Toolbar>
      <EventsTable
        {...list.table}
        loadingRows={loadingRows}
        showVenue
        emptyMessage="No events found. Try a different search term or filter."
        footer={<LoadMore {...list.more} />}
      />
      <CreateEventDialog open={createOpen} onClose={() => setCreateOpen(false)} />
    </div>
  );
}
