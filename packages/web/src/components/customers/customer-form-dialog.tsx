import { customerForm, type CustomerForm, type CustomerInfo } from '@event-admin/core/customer/customer.schema';
import { Dialog } from '../ui/dialog.tsx';
import { TextField } from '../ui/text-field.tsx';
import { toast, toastFailure } from '../ui/toast.tsx';
import { useVersionedForm } from '../ui/use-versioned-form.tsx';
import { trpc } from '../../lib/trpc.ts';
import { BusyButton } from '../ui/busy-button.tsx';

/**
 * Add New Customer, and Edit (the same form, filled in). An edit sends back the version it
 * was opened with, so a customer changed elsewhere meanwhile is refused with a 409, not overwritten.
 */
export function CustomerFormDialog({ open, customer, onClose }: { open: boolean; customer: CustomerInfo | null; onClose: () => void }) {
  const editing = customer !== null;
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={editing ? 'Edit Customer' : 'Add New Customer'}
      description={editing ? "Update the customer's contact details." : 'Enter the details of the new customer.'}
    >
      <CustomerFormBody customer={customer} onDone={onClose} />
    </Dialog>
  );
}

const customerValues = (customer: CustomerInfo | null): CustomerForm => ({
  name: customer?.name ?? '',
  email: customer?.email ?? '',
  phone: customer?.phone ?? '',
});

/** The customer form: its schema, how a customer fills it, its name in a conflict notice. */
const customerFormSpec = { schema: customerForm, toValues: customerValues, what: 'customer' };

function CustomerFormBody({ customer, onDone }: { customer: CustomerInfo | null; onDone: () => void }) {
  const utils = trpc.useUtils();
  const create = trpc.customers.create.useMutation();
  const update = trpc.customers.update.useMutation();
  const { form, onSubmit, notices } = useVersionedForm(customerFormSpec, {
    record: customer,
    save: (values, version) => {
      const fields = { name: values.name, email: values.email, phone: values.phone ?? '' };
      if (customer && version !== undefined) return update.mutateAsync({ id: customer.id, version, ...fields });
      return create.mutateAsync(fields);
    },
    load: customer ? () => utils.customers.get.fetch({ id: customer.id }, { staleTime: 0 }) : undefined,
    onSaved: () => {
      if (customer) toast({ title: 'Customer updated', description: 'The customer has been updated successfully.', variant: 'success' });
      else toast({ title: 'Customer created', description: 'The customer has been added successfully.', variant: 'success' });
      // The lists that show customers (a new name also shows on their transactions).
      void Promise.all([
        utils.customers.page.invalidate(),
        utils.customers.totals.invalidate(),
        utils.customers.list.invalidate(),
        ...(customer ? [utils.transactions.page.invalidate(), utils.customers.transactionHistory.invalidate({ id: customer.id })] : []),
      ]);
      onDone();
    },
    onFailed: (error) => {
      const title = customer ? 'Failed to update customer' : 'Failed to create customer';
      toastFailure(title, error);
    },
  });
  const { isSubmitting } = form.formState;

  return (
    <form className="flex flex-col gap-4" onSubmit={onSubmit} noValidate>
      {notices}
      <TextField form={form} name="name" label="Name" autoComplete="off" />
      <TextField form={form} name="email" label="Email" type="email" autoComplete="off" />
      <TextField form={form} name="phone" label="Phone" hint="Optional" type="tel" autoComplete="off" />
      <div className="modal-action mt-2">
        <button type="button" className="btn btn-ghost" onClick={onDone} disabled={isSubmitting}>
          Cancel
        </button>
        <BusyButton busy={isSubmitting}>{customer ? 'Save Changes' : 'Add Customer'}</BusyButton>
      </div>
    </form>
  );
}
