import { useState } from 'react';
import type { CustomerInfo } from '@event-admin/core/customer/customer.schema';

/** The customer shown, and what to do once they are erased (the dialog stays open on the erased record). */
export interface CustomerDetailProps {
  customer: CustomerInfo;
  onErased: (customer: CustomerInfo) => void;
}
import { ConfirmDialog } from '../ui/confirm-dialog.tsx';
import { DownloadIcon } from '../ui/icons.tsx';
import { EraseCustomerDialog } from './erase-customer-dialog.tsx';
import { toast } from '../ui/toast.tsx';
import { errorMessage } from '../../lib/errors.ts';
import { trpc } from '../../lib/trpc.ts';

/**
 * The customer's data: a download of everything held about them (GDPR art. 15), Erase (art. 17:
 * the person goes, the sales stay), and Delete while they have no transactions (the server
 * refuses it otherwise: their sales stay counted).
 */
export function CustomerDataActions({
  customer,
  onDeleted,
  onErased,
}: Pick<CustomerDetailProps, 'customer' | 'onErased'> & { onDeleted: () => void }) {
  // the Transactions tab's query: no second request
  const transactions = trpc.customers.transactionHistory.useQuery({ id: customer.id });
  const utils = trpc.useUtils();
  const remove = trpc.customers.delete.useMutation();
  const [confirming, setConfirming] = useState(false);
  const [erasing, setErasing] = useState(false);
  const close = () => {
    remove.reset();
    setConfirming(false);
  };
  const confirm = async () => {
    try {
      await remove.mutateAsync({ id: customer.id, version: customer.version });
    } catch {
      return; // shown in the confirmation
    }
    toast({ title: 'Customer deleted', description: `${customer.name} and their addresses are gone.`, variant: 'success' });
    close();
    onDeleted();
    await Promise.all([utils.customers.page.invalidate(), utils.customers.totals.invalidate(), utils.customers.list.invalidate()]);
  };
  return (
    <div className="mb-4 flex flex-wrap gap-2">
      <a className="btn btn-outline btn-sm" href={`/api/customers/${encodeURIComponent(customer.id)}/export`} download>
        <DownloadIcon />
        Export data
      </a>
      {!customer.erasedAt && (
        <button type="button" className="btn btn-outline btn-error btn-sm" onClick={() => setErasing(true)}>
          Erase
        </button>
      )}
      {erasing && (
        <EraseCustomerDialog
          customer={customer}
          onClose={() => setErasing(false)}
          onErased={(erased) => {
            setErasing(false);
            onErased(erased);
          }}
        />
      )}
      {transactions.data?.length === 0 && (
        <button type="button" className="btn btn-outline btn-error btn-sm" onClick={() => setConfirming(true)}>
          Delete
        </button>
      )}
      <ConfirmDialog
        open={confirming}
        title="Delete customer?"
        confirmLabel="Delete Customer"
        danger
        busy={remove.isPending}
        error={remove.isError ? errorMessage(remove.error, 'The customer could not be deleted. Please try again.') : null}
        onConfirm={() => void confirm()}
        onClose={close}
      >
        {customer.name}
        {customer.email ? ` (${customer.email})` : ''} and their addresses are deleted, and the e-mail address can be used again. The
        history keeps a record that a customer was deleted. This cannot be undone.
      </ConfirmDialog>
    </div>
  );
}
