import type { ReactNode } from 'react';
import type { CustomerInfo } from '@event-admin/core/customer/customer.schema';
import { formatDate } from '../../lib/format.ts';
import type { PagedTable } from '../../lib/use-paged-list.ts';
import { DataTable, type Column, type TableSort } from '../ui/data-table.tsx';
import { CustomerAvatar } from './customer-avatar.tsx';

const customerSkeletonRows = 5;

const columns = (onView: (customer: CustomerInfo) => void, onEdit: (customer: CustomerInfo) => void): Column<CustomerInfo>[] => [
  {
    id: 'name',
    header: 'Customer',
    cell: (customer) => (
      <div className="flex items-center gap-3">
        <CustomerAvatar name={customer.name} />
        <span className="whitespace-nowrap font-medium">{customer.name}</span>
        {customer.erasedAt && <span className="badge badge-ghost badge-sm">Erased</span>}
      </div>
    ),
  },
  { id: 'email', header: 'Email', cell: (customer) => customer.email, className: 'max-w-64 truncate' },
  {
    id: 'phone',
    header: 'Phone',
    cell: (customer) => customer.phone || <span className="text-base-content/60">Not provided</span>,
    className: 'whitespace-nowrap',
  },
  // The list is read by creation either way: the one order the server serves.
  { id: 'created', header: 'Created', cell: (c) => formatDate(c.createdAt), className: 'whitespace-nowrap', sortKey: 'created' },
  {
    id: 'actions',
    header: 'Actions',
    align: 'right',
    cell: (customer) => (
      <div className="flex justify-end gap-1">
        <button type="button" className="btn btn-ghost btn-sm" aria-label={`View ${customer.name}`} onClick={() => onView(customer)}>
          View
        </button>
        {/* an erased customer is kept for their sales and never changed again */}
        {!customer.erasedAt && (
          <button type="button" className="btn btn-ghost btn-sm" aria-label={`Edit ${customer.name}`} onClick={() => onEdit(customer)}>
            Edit
          </button>
        )}
      </div>
    ),
  },
];

/** The customers list: a row (or its View button) opens the customer's details. */
export function CustomersTable({
  searching,
  onView,
  onEdit,
  ...table
}: PagedTable<CustomerInfo> & {
  onView: (customer: CustomerInfo) => void;
  onEdit: (customer: CustomerInfo) => void;
  sort: TableSort;
  footer: ReactNode;
}) {
  return (
    <div className="card bg-base-100 shadow-sm">
      <DataTable
        {...table}
        label="Customers"
        columns={columns(onView, onEdit)}
        rowKey={(customer) => customer.id}
        loadingRows={customerSkeletonRows}
        empty={searching ? 'Searching more customers...' : 'No customers found. Try a different search term.'}
        onRowClick={onView}
      />
    </div>
  );
}
