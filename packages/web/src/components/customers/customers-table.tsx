import type { ReactNode } from 'react';
import type { CustomerInfo } from '@event-admin/core/customer/customer.schema';
import { formatDate } from '../../lib/format.ts';
import { CustomerAvatar } from './customer-avatar.tsx';
import { TableRows } from '../ui/table-rows.tsx';

const columns = 5;
export const customerSkeletonRows = 5;

export function CustomersTable({
  customers,
  loading,
  failed,
  searching,
  onRetry,
  onView,
  onEdit,
  footer,
}: {
  customers: CustomerInfo[];
  loading: boolean;
  failed: boolean;
  /** no match yet, but more customers are still to be searched */
  searching: boolean;
  onRetry: () => void;
  onView: (customer: CustomerInfo) => void;
  onEdit: (customer: CustomerInfo) => void;
  footer?: ReactNode;
}) {
  return (
    <div className="card bg-base-100 shadow-sm">
      <div className="overflow-x-auto">
        <table className="table">
          <thead>
            <tr>
              <th>Customer</th>
              <th>Email</th>
              <th>Phone</th>
              <th>Created</th>
              <th className="text-right">Actions</th>
            </tr>
          </thead>
          <tbody>
            <TableRows
              columns={columns}
              loading={loading}
              loadingRows={customerSkeletonRows}
              failed={failed}
              onRetry={onRetry}
              isEmpty={customers.length === 0}
              empty={searching ? 'Searching more customers...' : 'No customers found. Try a different search term.'}
            >
              {customers.map((customer) => (
                <tr key={customer.id} className="hover:bg-base-200/50">
                  <td>
                    <div className="flex items-center gap-3">
                      <CustomerAvatar name={customer.name} />
                      <span className="whitespace-nowrap font-medium">{customer.name}</span>
                    </div>
                  </td>
                  <td className="max-w-64 truncate">{customer.email}</td>
                  <td className="whitespace-nowrap">{customer.phone || <span className="text-base-content/60">Not provided</span>}</td>
                  <td className="whitespace-nowrap">{formatDate(customer.createdAt)}</td>
                  <td>
                    <div className="flex justify-end gap-1">
                      <button type="button" className="btn btn-ghost btn-sm" aria-label={`View ${customer.name}`} onClick={() => onView(customer)}>
                        View
                      </button>
                      <button type="button" className="btn btn-ghost btn-sm" aria-label={`Edit ${customer.name}`} onClick={() => onEdit(customer)}>
                        Edit
                      </button>
                    </div>
                  </td>
                </tr>
              ))}
            </TableRows>
          </tbody>
        </table>
      </div>
      {!loading && !failed && footer}
    </div>
  );
}
