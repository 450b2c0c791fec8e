import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useDeferredValue, useMemo, useState } from 'react';
import { z } from 'zod';
import type { CustomerInfo } from '@event-admin/core/customer/customer.schema';
import { CustomerDetailDialog } from '../../components/customers/customer-detail-dialog.tsx';
import { CustomerFormDialog } from '../../components/customers/customer-form-dialog.tsx';
import { CustomersTable, matchesCustomer } from '../../components/customers/customers-table.tsx';
import { PageHeader, SearchInput, Toolbar } from '../../components/layout/page-header.tsx';
import { PlusIcon } from '../../components/ui/icons.tsx';
import { trpc } from '../../lib/trpc.ts';

export const Route = createFileRoute('/_authed/customers')({
  staticData: { title: 'Customers' },
  // The search term lives in the URL, so a reload or a shared link keeps it.
  validateSearch: z.object({ q: z.string().optional().catch(undefined) }),
  component: CustomersPage,
});

type FormState = { open: false } | { open: true; customer: CustomerInfo | null };

function CustomersPage() {
  const navigate = useNavigate({ from: Route.fullPath });
  const search = Route.useSearch();
  const [query, setQuery] = useState(search.q ?? '');
  const deferredQuery = useDeferredValue(query);
  const customers = trpc.customers.list.useQuery();
  const [form, setForm] = useState<FormState>({ open: false });
  const [viewing, setViewing] = useState<CustomerInfo | null>(null);

  const filtered = useMemo(() => (customers.data ?? []).filter((c) => matchesCustomer(c, deferredQuery)), [customers.data, deferredQuery]);

  const onSearch = (value: string) => {
    setQuery(value);
    void navigate({ search: { q: value || undefined }, replace: true });
  };

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
        <SearchInput label="Search customers" placeholder="Search by name, email or phone..." value={query} onChange={onSearch} />
      </Toolbar>
      <CustomersTable
        customers={filtered}
        loading={customers.isPending}
        failed={customers.isError}
        onRetry={() => void customers.refetch()}
        onView={setViewing}
        onEdit={(customer) => setForm({ open: true, customer })}
      />
      <CustomerFormDialog open={form.open} customer={form.open ? form.customer : null} onClose={() => setForm({ open: false })} />
      <CustomerDetailDialog customer={viewing} onClose={() => setViewing(null)} />
    </div>
  );
}
