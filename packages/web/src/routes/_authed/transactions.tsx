import { useState } from 'react';
import { createFileRoute, Link } from '@tanstack/react-router';
import { PageHeader, SearchInput, Toolbar } from '../../components/layout/page-header.tsx';
import { NewOrderDialog } from '../../components/transactions/new-order-dialog.tsx';
import { TransactionDetailDialog } from '../../components/transactions/transaction-detail-dialog.tsx';
import { TransactionCards } from '../../components/transactions/transaction-cards.tsx';
import { TransactionsTable } from '../../components/transactions/transactions-table.tsx';
import { PlusIcon } from '../../components/ui/icons.tsx';
import { LoadMore } from '../../components/ui/load-more.tsx';
import { listOrders, oneOf, optionalText, searchReader } from '../../lib/search-params.ts';
import { trpc } from '../../lib/trpc.ts';
import { pagedQuery, searchTerm, usePagedList } from '../../lib/use-paged-list.ts';
import { formatCount } from '../../lib/numbers.ts';

/** The search term and the order live in the URL, so a reload or a shared link keeps them. */
const transactionsSearch = searchReader((search) => ({
  q: optionalText(search.q),
  order: oneOf(listOrders)(search.order),
  // the open transaction panel, so it can be linked to
  id: optionalText(search.id),
}));

export const Route = createFileRoute('/_authed/transactions')({
  staticData: { title: 'Transactions' },
  validateSearch: transactionsSearch,
  component: TransactionsPage,
});

/** Transactions per request: the first view is one small page, whatever the history holds. */
const pageSize = 50;

function TransactionsPage() {
  const navigate = Route.useNavigate();
  const search = Route.useSearch();
  const setSearch = (next: Partial<ReturnType<typeof transactionsSearch>>) =>
    void navigate({ search: (prev) => ({ ...prev, ...next }), replace: true });
  const q = searchTerm(search.q);
  const order = search.order ?? 'desc';
  const [ordering, setOrdering] = useState(false);

  // Newest first unless asked otherwise, a page at a time; a search runs on the server over the whole history.
  const transactions = trpc.transactions.page.useInfiniteQuery({ limit: pageSize, q, order }, pagedQuery);
  const totals = trpc.transactions.totals.useQuery();
  const total = totals.data?.totalTransactions;
  const list = usePagedList(transactions, {
    search: { value: search.q, commit: (value) => setSearch({ q: value }) },
    status: {
      noun: ['transaction', 'transactions'],
      filtering: q !== undefined,
      total: total ?? null,
      progress: (date) => `searched ${order === 'desc' ? 'back' : 'up'} to ${date}`,
      searchedAll: `all ${total === undefined ? '' : `${formatCount(total)} `}transactions`,
    },
  });

  return (
    <div>
      <PageHeader
        title="Transaction History"
        description="Every ticket purchase, newest first."
        actions={
          <>
            <Link to="/reports" className="btn btn-outline btn-sm">
              Reports and exports
            </Link>
            <button type="button" className="btn btn-primary btn-sm" onClick={() => setOrdering(true)}>
              <PlusIcon />
              New order
            </button>
          </>
        }
      />
      <TransactionCards totals={totals.data} loading={totals.isPending} />
      <Toolbar>
        <SearchInput label="Search transactions" placeholder="Search by event, customer, amount or status..." {...list.search} />
      </Toolbar>
      <TransactionsTable
        {...list.table}
        sort={{ by: 'date', order, onChange: (_, next) => setSearch({ order: next === 'desc' ? undefined : next }) }}
        footer={<LoadMore {...list.more} />}
        onOpen={(id) => void navigate({ search: (prev) => ({ ...prev, id }) })}
      />
      <NewOrderDialog open={ordering} onClose={() => setOrdering(false)} />
      <TransactionDetailDialog id={search.id ?? null} onClose={() => void navigate({ search: (prev) => ({ ...prev, id: undefined }) })} />
    </div>
  );
}
