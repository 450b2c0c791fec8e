import { createFileRoute } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { oneOf, optionalText, searchReader } from '../../../lib/search-params.ts';
import { eventStatuses, type EventStatus } from '@event-admin/core/event/event.schema';
import { PageHeader, SearchInput, Toolbar } from '../../../components/layout/page-header.tsx';
import { CreateEventDialog } from '../../../components/events/create-event-dialog.tsx';
import { EventsTable } from '../../../components/events/events-table.tsx';
import { PlusIcon } from '../../../components/ui/icons.tsx';
import { capitalize } from '../../../lib/format.ts';
import { trpc } from '../../../lib/trpc.ts';

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

function EventsPage() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const [createOpen, setCreateOpen] = useState(false);
  // The box is typed into locally and mirrored to the URL, so typing never fights the router.
  const [term, setTerm] = useState(search.q ?? '');
  const events = trpc.events.list.useQuery();

  const setSearch = (next: Partial<ReturnType<typeof eventsSearch>>) =>
    void navigate({ search: (prev) => ({ ...prev, ...next }), replace: true });

  const filtered = useMemo(() => {
    const needle = (search.q ?? '').trim().toLowerCase();
    return (events.data ?? []).filter(
      (event) =>
        (!search.status || event.status === search.status) &&
        (!needle || event.title.toLowerCase().includes(needle) || event.venue.toLowerCase().includes(needle)),
    );
  }, [events.data, search.q, search.status]);

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
        <SearchInput
          label="Search events"
          placeholder="Search by title or venue..."
          value={term}
          onChange={(value) => {
            setTerm(value);
            setSearch({ q: value.trim() ? value : undefined });
          }}
        />
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
        events={filtered}
        isLoading={events.isLoading}
        isError={events.isError}
        onRetry={() => void events.refetch()}
        loadingRows={loadingRows}
        showVenue
        emptyMessage="No events found. Try a different search term or filter."
      />
      <CreateEventDialog open={createOpen} onClose={() => setCreateOpen(false)} />
    </div>
  );
}
