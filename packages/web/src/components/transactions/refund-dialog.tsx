import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { parseAmountToCents, formatCents } from '@event-admin/core/transaction/money';
import { refundFormSchema, type RefundFormValues, type TransactionDetail } from '@event-admin/core/transaction/transaction.schema';
import { Dialog } from '../ui/dialog.tsx';
import { Field } from '../ui/form-field.tsx';
import { toast } from '../ui/toast.tsx';
import { errorMessage } from '../../lib/errors.ts';
import { trpc } from '../../lib/trpc.ts';
import { useTransactionChanged } from './use-transaction-changed.ts';
import { FormActions } from '../ui/busy-button.tsx';

/** What remains to refund, in cents. */
export const remainingCents = (t: TransactionDetail) => (parseAmountToCents(t.amount) ?? 0) - (parseAmountToCents(t.refundedAmount) ?? 0);

/**
 * Refund: the amount (all that remains unless changed) and a reason, then a confirmation that
 * says what will happen ("Refund $5.00 of $20.00 to Ada Lovelace") before any money moves.
 */
export function RefundDialog({ transaction, open, onClose }: { transaction: TransactionDetail; open: boolean; onClose: () => void }) {
  return (
    <Dialog open={open} onClose={onClose} title="Refund transaction" description={`${transaction.refundedAmount} refunded so far`}>
      {open && <RefundForm transaction={transaction} onDone={onClose} />}
    </Dialog>
  );
}

function RefundForm({ transaction, onDone }: { transaction: TransactionDetail; onDone: () => void }) {
  const remaining = formatCents(remainingCents(transaction));
  const form = useForm<RefundFormValues>({ resolver: zodResolver(refundFormSchema), defaultValues: { amount: remaining, reason: '' } });
  const amount = useWatch({ control: form.control, name: 'amount' });
  const [confirming, setConfirming] = useState<RefundFormValues | null>(null);
  const refund = trpc.transactions.createRefund.useMutation();
  const changed = useTransactionChanged();
  const customer = transaction.customerName ?? 'Unknown Customer';
  const amountText = (value: RefundFormValues['amount']) => formatCents(parseAmountToCents(value) ?? 0);

  const confirm = async () => {
    if (!confirming) return;
    try {
      await refund.mutateAsync({ id: transaction.id, amount: confirming.amount, reason: confirming.reason });
      toast({ title: 'Refund recorded', description: `Refunded ${amountText(confirming.amount)} to ${customer}.`, variant: 'success' });
      changed();
      onDone();
    } catch {
      // the message shows below; the dialog stays open
    }
  };

  if (confirming) {
    return (
      <div>
        <p className="text-sm" data-testid="refund-summary">
          Refund {amountText(confirming.amount)} of {transaction.amount} to {customer}?
        </p>
        <p className="mt-1 text-sm text-base-content/70">Reason: {confirming.reason}</p>
        {refund.isError && (
          <p className="alert alert-error mt-3 text-sm" role="alert">
            {errorMessage(refund.error, 'The refund could not be recorded. Please try again.')}
          </p>
        )}
        <div className="modal-action">
          <button type="button" className="btn btn-ghost" onClick={() => setConfirming(null)} disabled={refund.isPending}>
            Back
          </button>
          <button type="button" className="btn btn-error" onClick={() => void confirm()} disabled={refund.isPending}>
            Confirm refund
          </button>
        </div>
      </div>
    );
  }

  return (
    <form onSubmit={form.handleSubmit((values) => setConfirming(values))} noValidate className="space-y-3">
      <Field label="Refund amount" hint={`Up to ${remaining}`} error={form.formState.errors.amount?.message}>
        {(props) => <input {...props} {...form.register('amount')} className="input input-bordered w-full" inputMode="decimal" />}
      </Field>
      <Field label="Reason" error={form.formState.errors.reason?.message}>
        {(props) => <textarea {...props} {...form.register('reason')} className="textarea textarea-bordered w-full" rows={2} />}
      </Field>
      <p className="text-sm text-base-content/70">
        Refund {amountText(amount ?? '')} of {transaction.amount} to {customer}
      </p>
      <FormActions onCancel={onDone} className="modal-action">
        Review refund
      </FormActions>
    </form>
  );
}
