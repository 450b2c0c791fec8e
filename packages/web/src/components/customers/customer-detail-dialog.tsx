import { useState } from 'react';
import type { CustomerInfo } from '@event-admin/core/customer/customer.schema';
import { Dialog } from '../ui/dialog.tsx';
import { HistoryList } from '../audit/history-list.tsx';
import { Tabs } from '../ui/tabs.tsx';
import { formatDate } from '../../lib/format.ts';
import { AddressBook } from './address-book.tsx';
import { CustomerAvatar } from './customer-avatar.tsx';
import { CustomerDataActions } from './customer-data-actions.tsx';
import { TransactionHistory } from './transaction-history.tsx';

type DetailTab = 'transactions' | 'addresses' | 'history';

/** View: who the customer is, their purchases, their addresses and the history of changes to them; export or delete their data. */
export function CustomerDetailDialog({
  customer,
  onClose,
  onErased,
}: {
  customer: CustomerInfo | null;
  onClose: () => void;
  /** the customer as the erasure left them: the dialog stays open on the erased record */
  onErased: (customer: CustomerInfo) => void;
}) {
  const [tab, setTab] = useState<DetailTab>('transactions');
  const close = () => {
    setTab('transactions');
    onClose();
  };
  return (
    <Dialog open={customer !== null} onClose={close} title={customer?.name ?? 'Customer'} description="Customer details" size="lg">
      {customer && (
        <>
          <div className="mb-4 flex items-center gap-3 rounded-box bg-base-200 p-3">
            <CustomerAvatar name={customer.name} size="lg" />
            <dl className="grid min-w-0 grid-cols-[auto_1fr] gap-x-3 text-sm">
              <dt className="text-base-content/60">Email</dt>
              <dd className="truncate">{customer.email}</dd>
              <dt className="text-base-content/60">Phone</dt>
              <dd>{customer.phone || 'Not provided'}</dd>
              <dt className="text-base-content/60">Created</dt>
              <dd>{formatDate(customer.createdAt)}</dd>
            </dl>
            {customer.erasedAt && (
              <div className="ml-auto text-right text-sm">
                <span className="badge badge-neutral">Erased</span>
                <p className="mt-1 text-base-content/70">
                  {formatDate(customer.erasedAt)}
                  {customer.erasure === 'in_progress' && ' · history still being cleared'}
                </p>
              </div>
            )}
          </div>
          <CustomerDataActions customer={customer} onDeleted={close} onErased={onErased} />
          <Tabs
            label="Customer details"
            value={tab}
            onChange={setTab}
            tabs={[
              { id: 'transactions', label: 'Transactions', content: <TransactionHistory customerId={customer.id} /> },
              { id: 'addresses', label: 'Addresses', content: <AddressBook customerId={customer.id} /> },
              { id: 'history', label: 'History', content: tab === 'history' ? <HistoryList entity="customer" id={customer.id} /> : null },
            ]}
          />
        </>
      )}
    </Dialog>
  );
}
