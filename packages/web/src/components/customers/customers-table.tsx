import type { CustomerInfo } from '@event-admin/core/customer/customer.schema';
import { EmptyRow, ErrorRow } from '../ui/empty-state.tsx';
import { SkeletonRows } from '../ui/skeleton-rows.tsx';
import { Pagination, usePagination } from '../transactions/pagination.tsx';
import { formatDate } from '../../lib/format.ts';
import { CustomerAvatar } from './customer-avatar.tsx';

const columns = 5;
export const customersPageSize = 25;
export const customerSkeletonRows = 5;

/** Search over name, email and phone; a phone also matches by its digits ('5550102' finds '(555) 010-2...'). */
export function matchesCustomer(customer: CustomerInfo, query: string) {
  const q = query.trim().toLowerCase();
  if (!q) return true;
  if ([customer.name, customer.email, customer.phone].some((field) => field.toLowerCase().includes(q))) return true;
  const digits = q.replace(/\D/g, '');
  return digits.length >= 3 && /^[\d\s()+.-]+$/.test(q) && customer.phone.replace(/\D/g, '').includes(digits);
}

export function CustomersTable({
  customers,
  loading,
  failed,
  onRetry,
  onView,
  onEdit,
}: {
  customers: CustomerInfo[];
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
  onView: (customer: CustomerInfo) => void;
  onEdit: (customer: CustomerInfo) => void;
}) {
  const pages = usePagination(customers, customersPageSize);
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
            {loading ? (
              <SkeletonRows rows={customerSkeletonRows} columns={columns} />
            ) : failed ? (
              <ErrorRow columns={columns} onRetry={onRetry} />
            ) : customers.length === 0 ? (
              <EmptyRow columns={columns}>No customers found. Try a different search term.</EmptyRow>
            ) : (
              pages.pageItems.map((customer) => (
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
              ))
            )}
          </tbody>
        </table>
      </div>
      {!loading && !failed && <Pagination label="Customers pages" {...pages} />}
    </div>
  );
}
