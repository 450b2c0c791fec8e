import { customerForm, type CustomerForm, type CustomerInfo } from '@event-admin/core/customer/customer.schema';
import { Dialog } from '../ui/dialog.tsx';
import { Field } from '../ui/form-field.tsx';
import { toast } from '../ui/toast.tsx';
import { useVersionedForm } from '../ui/use-versioned-form.tsx';
import { errorMessage } from '../../lib/errors.ts';
import { trpc } from '../../lib/trpc.ts';

const fallbackError = 'An error occurred. Please try again.';

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

function CustomerFormBody({ customer, onDone }: { customer: CustomerInfo | null; onDone: () => void }) {
  const utils = trpc.useUtils();
  const create = trpc.customers.create.useMutation();
  const update = trpc.customers.update.useMutation();
  const { form, onSubmit, notices } = useVersionedForm({
    schema: customerForm,
    values: customerValues(customer),
    toValues: customerValues,
    version: customer?.version,
    versionOf: (saved: CustomerInfo) => saved.version,
    what: 'customer',
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
      toast({ title, description: errorMessage(error, fallbackError), variant: 'destructive' });
    },
  });
  const { errors, isSubmitting } = form.formState;

  return (
    <form className="flex flex-col gap-4" onSubmit={onSubmit} noValidate>
      {notices}
      <Field label="Name" error={errors.name?.message}>
        {(p) => <input {...p} className="input w-full" autoComplete="off" aria-invalid={!!errors.name} {...form.register('name')} />}
      </Field>
      <Field label="Email" error={errors.email?.message}>
        {(p) => <input {...p} className="input w-full" type="email" autoComplete="off" aria-invalid={!!errors.email} {...form.register('email')} />}
      </Field>
      <Field label="Phone" hint="Optional" error={errors.phone?.message}>
        {(p) => <input {...p} className="input w-full" type="tel" autoComplete="off" aria-invalid={!!errors.phone} {...form.register('phone')} />}
      </Field>
      <div className="modal-action mt-2">
        <button type="button" className="btn btn-ghost" onClick={onDone} disabled={isSubmitting}>
          Cancel
        </button>
        <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
          {isSubmitting && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
          {customer ? 'Save Changes' : 'Add Customer'}
        </button>
      </div>
    </form>
  );
}
