import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useCallback, useMemo, useState } from 'react';
import type { CustomerInfo } from '@event-admin/core/customer/customer.schema';
import { CustomerDetailDialog } from '../../components/customers/customer-detail-dialog.tsx';
import { CustomerFormDialog } from '../../components/customers/customer-form-dialog.tsx';
import { CustomersTable } from '../../components/customers/customers-table.tsx';
import { PageHeader, SearchInput, Toolbar } from '../../components/layout/page-header.tsx';
import { PlusIcon } from '../../components/ui/icons.tsx';
import { LoadMore, useDebouncedSearch } from '../../components/ui/load-more.tsx';
import { formatDate } from '../../lib/format.ts';
import { optionalText, searchReader } from '../../lib/search-params.ts';
import { trpc } from '../../lib/trpc.ts';

export const Route = createFileRoute('/_authed/customers')({
  staticData: { title: 'Customers' },
  // The search term lives in the URL, so a reload or a shared link keeps it.
  validateSearch: searchReader((search) => ({ q: optionalText(search.q) })),
  component: CustomersPage,
});

type FormState = { open: false } | { open: true; customer: CustomerInfo | null };

/** Customers per request, newest first; a search runs on the server over every customer. */
const pageSize = 50;
const count = (n: number) => n.toLocaleString('en-US');

function CustomersPage() {
  const navigate = useNavigate({ from: Route.fullPath });
  const search = Route.useSearch();
  const q = search.q?.trim() || undefined;
  const [text, onSearch] = useDebouncedSearch(search.q, (value) => void navigate({ search: { q: value }, replace: true }));
  const customers = trpc.customers.page.useInfiniteQuery({ limit: pageSize, q }, { getNextPageParam: (last) => last.nextCursor ?? undefined });
  const totals = trpc.customers.totals.useQuery();
  const [form, setForm] = useState<FormState>({ open: false });
  const [viewing, setViewing] = useState<CustomerInfo | null>(null);

  const pages = customers.data?.pages;
  const rows = useMemo(() => (pages ?? []).flatMap((page) => page.items), [pages]);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = customers;
  const loadMore = useCallback(() => void fetchNextPage({ cancelRefetch: false }), [fetchNextPage]);
  const total = totals.data?.totalCustomers;
  const status = q
    ? hasNextPage
      ? `${count(rows.length)} matching so far; searched customers added since ${formatDate(pages?.at(-1)?.position)}`
      : `${count(rows.length)} matching ${rows.length === 1 ? 'customer' : 'customers'}; searched all customers`
    : total === undefined
      ? `Showing ${count(rows.length)} customers`
      : `Showing ${count(rows.length)} of ${count(Math.max(total, rows.length))} customers`;

  return (
    <div>
      <PageHeader
        title="Customers"
        description="Manage your customers, their purchases and addresses."
        actions={
          <button type="button" className="btn btn-primary" onClick={() => setForm({ open: true, customer: null })}>
            <PlusIcon />
            Add New Customer
          </button>
        }
      />
      <Toolbar>
        <SearchInput label="Search customers" placeholder="Search by name, email or phone..." value={text} onChange={onSearch} />
      </Toolbar>
      <CustomersTable
        customers={rows}
        loading={customers.isPending}
        failed={customers.isError && !customers.isFetchNextPageError}
        searching={hasNextPage}
        onRetry={() => void customers.refetch()}
        onView={setViewing}
        onEdit={(customer) => setForm({ open: true, customer })}
        footer={
          <LoadMore hasMore={hasNextPage} loading={isFetchingNextPage} failed={customers.isFetchNextPageError} onLoadMore={loadMore} status={status} />
        }
      />
      <CustomerFormDialog open={form.open} customer={form.open ? form.customer : null} onClose={() => setForm({ open: false })} />
      <CustomerDetailDialog customer={viewing} onClose={() => setViewing(null)} />
    </div>
  );
}
