import { createFileRoute } from '@tanstack/react-router';
import { useCallback, useMemo, useState } from 'react';
import { oneOf, optionalText, searchReader } from '../../../lib/search-params.ts';
import { eventStatuses, type EventStatus } from '@event-admin/core/event/event.schema';
import { PageHeader, SearchInput, Toolbar } from '../../../components/layout/page-header.tsx';
import { CreateEventDialog } from '../../../components/events/create-event-dialog.tsx';
import { EventsTable } from '../../../components/events/events-table.tsx';
import { PlusIcon } from '../../../components/ui/icons.tsx';
import { LoadMore, useDebouncedSearch } from '../../../components/ui/load-more.tsx';
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

/** Events per request, newest created first; search and status filter run on the server over every event. */
const pageSize = 25;
const count = (n: number) => n.toLocaleString('en-US');

function EventsPage() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const [createOpen, setCreateOpen] = useState(false);
  const setSearch = (next: Partial<ReturnType<typeof eventsSearch>>) =>
    void navigate({ search: (prev) => ({ ...prev, ...next }), replace: true });
  // The box is typed into freely; the term reaches the URL (and the server) after a pause.
  const [text, onSearch] = useDebouncedSearch(search.q, (value) => setSearch({ q: value }));
  const q = search.q?.trim() || undefined;
  const events = trpc.events.page.useInfiniteQuery(
    { limit: pageSize, q, status: search.status },
    { getNextPageParam: (last) => last.nextCursor ?? undefined },
  );

  const pages = events.data?.pages;
  const rows = useMemo(() => (pages ?? []).flatMap((page) => page.items), [pages]);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = events;
  const loadMore = useCallback(() => void fetchNextPage({ cancelRefetch: false }), [fetchNextPage]);
  const filtering = q !== undefined || search.status !== undefined;
  const noun = rows.length === 1 ? 'event' : 'events';
  const status = filtering
    ? hasNextPage
      ? `${count(rows.length)} matching so far; searching more events`
      : `${count(rows.length)} matching ${noun}; searched all events`
    : hasNextPage
      ? `Showing ${count(rows.length)} ${noun}`
      : `Showing all ${count(rows.length)} ${noun}`;

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
          value={text}
          onChange={onSearch}
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
        events={rows}
        isLoading={events.isPending}
        isError={events.isError && !events.isFetchNextPageError}
        searching={hasNextPage}
        onRetry={() => void events.refetch()}
        loadingRows={loadingRows}
        showVenue
        emptyMessage="No events found. Try a different search term or filter."
        footer={
          <LoadMore hasMore={hasNextPage} loading={isFetchingNextPage} failed={events.isFetchNextPageError} onLoadMore={loadMore} status={status} />
        }
      />
      <CreateEventDialog open={createOpen} onClose={() => setCreateOpen(false)} />
    </div>
  );
}
