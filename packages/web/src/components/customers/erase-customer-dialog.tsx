import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { eraseCustomerForm, type CustomerInfo, type EraseCustomerForm } from '@event-admin/core/customer/customer.schema';
import { FormActions } from '../ui/busy-button.tsx';
import { Dialog } from '../ui/dialog.tsx';
import { TextField } from '../ui/text-field.tsx';
import { toast, toastFailure } from '../ui/toast.tsx';
import { errorMessage, errorStatus } from '../../lib/errors.ts';
import { trpc } from '../../lib/trpc.ts';

/** The customer to erase, and what to do when the dialog closes or has erased them. */
interface EraseProps {
  customer: CustomerInfo;
  onClose: () => void;
  onErased: (customer: CustomerInfo) => void;
}

/**
 * Erase customer (GDPR art. 17), rendered while it is open: says what goes and what stays, and
 * asks for the customer's e-mail address typed again. `onErased` gets the customer as the
 * erasure left them.
 */
export function EraseCustomerDialog(props: EraseProps) {
  return (
    <Dialog open onClose={props.onClose} title="Erase customer?" description="For a request to be forgotten. This cannot be undone.">
      <EraseForm {...props} />
    </Dialog>
  );
}

/** Mounted per opening: nothing typed is kept. */
function EraseForm({ customer, onClose, onErased }: EraseProps) {
  const utils = trpc.useUtils();
  const erase = trpc.customers.erase.useMutation();
  const form = useForm<EraseCustomerForm>({ resolver: zodResolver(eraseCustomerForm), defaultValues: { confirm: '' } });

  const onSubmit = form.handleSubmit(async ({ confirm }) => {
    try {
      const erased = await erase.mutateAsync({ id: customer.id, confirm });
      toast({
        title: 'Customer erased',
        description:
          erased.erasure === 'complete'
            ? 'Their name, e-mail, phone and addresses are gone everywhere.'
            : 'Their details are gone; their history is still being cleared in the background.',
        variant: 'success',
      });
      onErased(erased);
      await Promise.all([utils.customers.invalidate(), utils.transactions.invalidate(), utils.audit.invalidate()]);
    } catch (error) {
      // a mistyped address is the field's problem
      if (errorStatus(error) === 400)
        form.setError('confirm', { message: errorMessage(error, 'The customer could not be erased.') }, { shouldFocus: true });
      else toastFailure('Failed to erase customer', error);
    }
  });

  return (
    <form className="flex flex-col gap-4 text-sm" onSubmit={onSubmit} noValidate>
      <div>
        <p className="font-medium">Goes</p>
        <p>
          {customer.name}&apos;s name, e-mail address, phone and addresses, here and in every history record. Their transactions show
          &ldquo;Erased customer&rdquo;, and the e-mail address can register again.
        </p>
        <p className="mt-2 font-medium">Stays</p>
        <p>Their transactions with amounts, dates, statuses and refunds, every total and report, and a history record of the erasure.</p>
      </div>
      <TextField
        form={form}
        name="confirm"
        label={`Type ${customer.email} to confirm`}
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        data-autofocus
      />
      <FormActions onCancel={onClose} busy={erase.isPending} className="modal-action" submitClassName="btn btn-error">
        Erase Customer
      </FormActions>
    </form>
  );
}
