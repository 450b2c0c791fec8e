import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { useCallback, useMemo } from 'react';
import { PageHeader, SearchInput, Toolbar } from '../../components/layout/page-header.tsx';
import { TransactionCards } from '../../components/transactions/transaction-cards.tsx';
import { toRow, TransactionsTable } from '../../components/transactions/transactions-table.tsx';
import { LoadMore, useDebouncedSearch } from '../../components/ui/load-more.tsx';
import { formatDate } from '../../lib/format.ts';
import { optionalText, searchReader } from '../../lib/search-params.ts';
import { trpc } from '../../lib/trpc.ts';

export const Route = createFileRoute('/_authed/transactions')({
  staticData: { title: 'Transactions' },
  // The search term lives in the URL, so a reload or a shared link keeps it.
  validateSearch: searchReader((search) => ({ q: optionalText(search.q) })),
  component: TransactionsPage,
});

/** Transactions per request: the first view is one small page, whatever the history holds. */
const pageSize = 50;
const count = (n: number) => n.toLocaleString('en-US');

function TransactionsPage() {
  const navigate = useNavigate({ from: Route.fullPath });
  const search = Route.useSearch();
  const q = search.q?.trim() || undefined;
  const [text, onSearch] = useDebouncedSearch(search.q, (value) => void navigate({ search: { q: value }, replace: true }));

  // Newest first, a page at a time; a search runs on the server over the whole history.
  const transactions = trpc.transactions.page.useInfiniteQuery({ limit: pageSize, q }, { getNextPageParam: (last) => last.nextCursor ?? undefined });
  const totals = trpc.transactions.totals.useQuery();
  const pages = transactions.data?.pages;
  const rows = useMemo(() => (pages ?? []).flatMap((page) => page.items).map(toRow), [pages]);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = transactions;
  const loadMore = useCallback(() => void fetchNextPage({ cancelRefetch: false }), [fetchNextPage]);

  const total = totals.data?.totalTransactions;
  const position = pages?.at(-1)?.position;
  const status = q
    ? hasNextPage
      ? `${count(rows.length)} matching so far; searched back to ${formatDate(position)}`
      : `${count(rows.length)} matching ${rows.length === 1 ? 'transaction' : 'transactions'}; searched all ${total === undefined ? '' : `${count(total)} `}transactions`
    : total === undefined
      ? `Showing ${count(rows.length)} transactions`
      : `Showing ${count(rows.length)} of ${count(Math.max(total, rows.length))} transactions`;

  return (
    <div>
      <PageHeader
        title="Transaction History"
        description="Every ticket purchase, newest first."
        actions={
          <Link to="/reports" className="btn btn-outline btn-sm">
            Reports and exports
          </Link>
        }
      />
      <TransactionCards totals={totals.data} loading={totals.isPending} />
      <Toolbar>
        <SearchInput label="Search transactions" placeholder="Search by event, customer, amount or status..." value={text} onChange={onSearch} />
      </Toolbar>
      <TransactionsTable
        rows={rows}
        loading={transactions.isPending}
        failed={transactions.isError && !transactions.isFetchNextPageError}
        searching={hasNextPage}
        onRetry={() => void transactions.refetch()}
        footer={
          <LoadMore
            hasMore={hasNextPage}
            loading={isFetchingNextPage}
            failed={transactions.isFetchNextPageError}
            onLoadMore={loadMore}
            status={status}
          />
        }
      />
    </div>
  );
}
