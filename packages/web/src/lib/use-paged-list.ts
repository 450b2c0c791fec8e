import { keepPreviousData } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { formatDate } from './format.ts';
import { formatCount } from './numbers.ts';

/** What every `*.page` procedure answers: a page of items and where to go on. */
interface Page<TItem> {
  items: TItem[];
  nextCursor: string | null;
  /** how far down the list a searched page reached (a date), null at the end */
  position?: string | null;
}

/**
 * The options every paged list passes to its `useInfiniteQuery`: the next cursor from the last
 * page, and the rows on screen kept while the next query (a search, a filter, an order) loads.
 */
export const pagedQuery = {
  getNextPageParam: (last: { nextCursor: string | null }) => last.nextCursor ?? undefined,
  placeholderData: keepPreviousData,
};

/** The parts of a tRPC infinite query the list reads. */
interface PagedQuery<TItem> {
  data: { pages: Page<TItem>[] } | undefined;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  isPlaceholderData: boolean;
  fetchNextPage: (options?: { cancelRefetch?: boolean }) => Promise<unknown>;
  refetch: () => Promise<unknown>;
}

/** What a paged list's table shows: the rows so far and the state of their reads. */
export interface PagedTable<TItem> {
  rows: TItem[];
  loading: boolean;
  busy: boolean;
  failed: boolean;
  onRetry: () => void;
  /** more pages may still hold matches: an empty table says it is still searching, not empty */
  searching: boolean;
}

/** A search box's URL value as the server gets it: trimmed, and '' as no search. */
export const searchTerm = (value: string | undefined) => value?.trim() || undefined;

/**
 * Every paged screen's list: the rows of every page loaded so far, the search box (its text
 * reaches the URL, and so the query, 300 ms after the last keystroke), the table's states and
 * LoadMore's. While a new query loads, the previous rows stay on screen with a busy indicator
 * instead of placeholder rows; Load more waits for the new rows.
 *
 * `query` is the list's `trpc.<list>.page.useInfiniteQuery(input, pagedQuery)`, its input read
 * from the URL (route `validateSearch`); `search` is the URL's term and how to put a new one
 * there; `status` words the sentence under the list.
 */
export function usePagedList<TItem>(
  query: PagedQuery<TItem>,
  options: { search: { value: string | undefined; commit: (value: string | undefined) => void }; status: StatusWords },
) {
  const [text, onSearch] = useDebouncedSearch(options.search.value, options.search.commit);
  const pages = query.data?.pages;
  const rows = useMemo(() => (pages ?? []).flatMap((page) => page.items), [pages]);
  const { fetchNextPage, refetch } = query;
  const onLoadMore = useCallback(() => void fetchNextPage({ cancelRefetch: false }), [fetchNextPage]);
  const onRetry = useCallback(() => void refetch(), [refetch]);
  const failedFirst = query.isError && !query.isFetchNextPageError;
  const position = pages?.at(-1)?.position ?? null;
  // The rows of the previous query, kept while a new one loads: their own `nextCursor` says if they had more.
  const settled = !query.isPlaceholderData;
  const hasMore = settled ? query.hasNextPage : (pages?.at(-1)?.nextCursor ?? null) !== null;
  return {
    rows,
    search: { value: text, onChange: onSearch },
    /** spread into the list's table */
    table: {
      rows,
      searching: hasMore,
      // A retry after a failed first load shows placeholders again, not the error.
      loading: query.isPending || (failedFirst && query.isFetching),
      busy: query.isFetching && !query.isFetchingNextPage,
      failed: failedFirst && !query.isFetching,
      onRetry,
    } satisfies PagedTable<TItem>,
    /** spread into LoadMore */
    more: {
      hasMore,
      // Not while a new query loads: the next page of the rows on screen is not the new list's.
      loading: query.isFetchingNextPage || !settled,
      failed: query.isFetchNextPageError,
      onLoadMore,
      status: settled ? listStatus(rows.length, hasMore, position, options.status) : 'Updating the list...',
    },
  };
}

/**
 * A search box's text, typed into freely, reaching the URL (and so the server query) 300 ms after
 * the last keystroke: one request per pause, not per key.
 */
export function useDebouncedSearch(urlValue: string | undefined, commit: (value: string | undefined) => void, delayMs = 300) {
  const [text, setText] = useState(urlValue ?? '');
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const onChange = (value: string) => {
    setText(value);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => commit(value.trim() ? value : undefined), delayMs);
  };
  return [text, onChange] as const;
}

/** How a list words the sentence under it. */
interface StatusWords {
  /** singular and plural */
  noun: readonly [string, string];
  /** a search or filter is on */
  filtering: boolean;
  /** the whole list's size: a number, null while it loads, undefined for a list without one */
  total?: number | null;
  /** how far a search has got while more remains, from where the last page stopped (a date) */
  progress: (position: string) => string;
  /** what a finished search went through: 'all customers' */
  searchedAll: string;
}

const count = formatCount;

/**
 * The sentence under a list, read out politely: 'Showing 50 of 100,000 transactions' or, while
 * searching, '3 matching so far; searched back to Mar 1, 2026'.
 */
function listStatus(shown: number, hasMore: boolean, position: string | null, words: StatusWords) {
  const { noun, total } = words;
  const word = shown === 1 ? noun[0] : noun[1];
  if (words.filtering) {
    if (hasMore) return `${count(shown)} matching so far; ${words.progress(formatDate(position))}`;
    return `${count(shown)} matching ${word}; searched ${words.searchedAll}`;
  }
  if (total === null) return `Showing ${count(shown)} ${noun[1]}`;
  if (total !== undefined) return `Showing ${count(shown)} of ${count(Math.max(total, shown))} ${noun[1]}`;
  return hasMore ? `Showing ${count(shown)} ${word}` : `Showing all ${count(shown)} ${word}`;
}
