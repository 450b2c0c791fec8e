import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useDeferredValue, useMemo, useState } from 'react';
import { z } from 'zod';
import { PageHeader, SearchInput, Toolbar } from '../../components/layout/page-header.tsx';
import { TransactionCards } from '../../components/transactions/transaction-cards.tsx';
import { matchesTransaction, toRows, TransactionsTable } from '../../components/transactions/transactions-table.tsx';
import { useLookup } from '../../components/transactions/use-lookup.ts';
import { trpc } from '../../lib/trpc.ts';

export const Route = createFileRoute('/_authed/transactions')({
  staticData: { title: 'Transactions' },
  validateSearch: z.object({ q: z.string().optional().catch(undefined) }),
  component: TransactionsPage,
});

const eventTitle = (event: { title: string }) => event.title;
const customerName = (customer: { name: string }) => customer.name;

function TransactionsPage() {
  const navigate = useNavigate({ from: Route.fullPath });
  const search = Route.useSearch();
  const [query, setQuery] = useState(search.q ?? '');
  const deferredQuery = useDeferredValue(query);
  const transactions = trpc.transactions.list.useQuery();
  const events = trpc.events.list.useQuery();
  const customers = trpc.customers.list.useQuery();

  const eventIds = useMemo(() => (transactions.data ?? []).map((t) => t.eventId), [transactions.data]);
  const customerIds = useMemo(() => (transactions.data ?? []).map((t) => t.customerId), [transactions.data]);
  const eventTitles = useLookup(events, eventTitle, eventIds);
  const customerNames = useLookup(customers, customerName, customerIds);
  // Names resolve once both lists are in; until then the table shows its placeholder rows.
  const rows = useMemo(() => toRows(transactions.data ?? [], eventTitles, customerNames), [transactions.data, eventTitles, customerNames]);
  const filtered = useMemo(() => rows.filter((row) => matchesTransaction(row, deferredQuery)), [rows, deferredQuery]);

  const onSearch = (value: string) => {
    setQuery(value);
    void navigate({ search: { q: value || undefined }, replace: true });
  };

  const loading = transactions.isPending || events.isPending || customers.isPending;
  const failed = transactions.isError || events.isError || customers.isError;

  return (
    <div>
      <PageHeader title="Transaction History" description="Every ticket purchase, newest first." />
      <TransactionCards transactions={transactions.data} loading={transactions.isPending} />
      <Toolbar>
        <SearchInput label="Search transactions" placeholder="Search by event, customer, amount or status..." value={query} onChange={onSearch} />
      </Toolbar>
      <TransactionsTable
        rows={filtered}
        loading={loading}
        failed={failed}
        onRetry={() => {
          if (transactions.isError) void transactions.refetch();
          if (events.isError) void events.refetch();
          if (customers.isError) void customers.refetch();
        }}
      />
    </div>
  );
}
