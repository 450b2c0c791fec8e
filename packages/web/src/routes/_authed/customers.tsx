import { createFileRoute } from '@tanstack/react-router';
import { useState } from 'react';
import type { CustomerInfo } from '@event-admin/core/customer/customer.schema';
import { CustomerDetailDialog } from '../../components/customers/customer-detail-dialog.tsx';
import { CustomerFormDialog } from '../../components/customers/customer-form-dialog.tsx';
import { CustomersTable } from '../../components/customers/customers-table.tsx';
import { PageHeader, SearchInput, Toolbar } from '../../components/layout/page-header.tsx';
import { PlusIcon } from '../../components/ui/icons.tsx';
import { LoadMore } from '../../components/ui/load-more.tsx';
import { listOrders, oneOf, optionalText, searchReader } from '../../lib/search-params.ts';
import { trpc } from '../../lib/trpc.ts';
import { pagedQuery, searchTerm, usePagedList } from '../../lib/use-paged-list.ts';

/** The search term and the order live in the URL, so a reload or a shared link keeps them. */
const customersSearch = searchReader((search) => ({ q: optionalText(search.q), order: oneOf(listOrders)(search.order) }));

export const Route = createFileRoute('/_authed/customers')({
  staticData: { title: 'Customers' },
  validateSearch: customersSearch,
  component: CustomersPage,
});

type FormState = { open: false } | { open: true; customer: CustomerInfo | null };

/** Customers per request, newest first unless asked otherwise; a search runs on the server over every customer. */
const pageSize = 50;

function CustomersPage() {
  const navigate = Route.useNavigate();
  const search = Route.useSearch();
  const setSearch = (next: Partial<ReturnType<typeof customersSearch>>) =>
    void navigate({ search: (prev) => ({ ...prev, ...next }), replace: true });
  const q = searchTerm(search.q);
  const order = search.order ?? 'desc';
  const customers = trpc.customers.page.useInfiniteQuery({ limit: pageSize, q, order }, pagedQuery);
  const totals = trpc.customers.totals.useQuery();
  const list = usePagedList(customers, {
    search: { value: search.q, commit: (value) => setSearch({ q: value }) },
    status: {
      noun: ['customer', 'customers'],
      filtering: q !== undefined,
      total: totals.data?.totalCustomers ?? null,
      progress: (date) => `searched customers added ${order === 'desc' ? 'since' : 'until'} ${date}`,
      searchedAll: 'all customers',
    },
  });
  const [form, setForm] = useState<FormState>({ open: false });
  const [viewing, setViewing] = useState<CustomerInfo | null>(null);

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
        <SearchInput label="Search customers" placeholder="Search by name, email or phone..." {...list.search} />
      </Toolbar>
      <CustomersTable
        {...list.table}
        sort={{ by: 'created', order, onChange: (_, next) => setSearch({ order: next === 'desc' ? undefined : next }) }}
        onView={setViewing}
        onEdit={(customer) => setForm({ open: true, customer })}
        footer={<LoadMore {...list.more} />}
      />
      <CustomerFormDialog open={form.open} customer={form.open ? form.customer : null} onClose={() => setForm({ open: false })} />
      <CustomerDetailDialog customer={viewing} onClose={() => setViewing(null)} onErased={setViewing} />
    </div>
  );
}
