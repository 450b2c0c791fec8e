import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState, type BaseSyntheticEvent } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { orderForm, type OrderForm, type OrderInfo } from '@event-admin/core/order/order.schema';
import { Dialog } from '../ui/dialog.tsx';
import { Field } from '../ui/form-field.tsx';
import { FormActions } from '../ui/form-actions.tsx';
import { toast, toastFailure } from '../ui/toast.tsx';
import { errorStatus } from '../../lib/errors.ts';
import { trpc } from '../../lib/trpc.ts';
import { OrderDetails } from './order-details.tsx';
import { CustomerPicker, EventPicker } from './order-pickers.tsx';
import { OrderQuantities } from './order-quantities.tsx';
import { useTransactionChanged } from './use-transaction-changed.ts';

const paymentMethods = ['Credit Card', 'PayPal', 'Apple Pay', 'Google Pay', 'Cash'];
const optionOf = (method: string) => <option key={method}>{method}</option>;

/** New order, from the transactions page: tickets of an active event's types for a customer, then the order with its codes. */
export function NewOrderDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [order, setOrder] = useState<OrderInfo | null>(null);
  const close = () => {
    setOrder(null);
    onClose();
  };
  return (
    <Dialog open={open} onClose={close} title={order ? 'Order placed' : 'New order'} description={order?.id} size="lg">
      {order ? <OrderPlaced order={order} onClose={close} /> : <NewOrderForm onPlaced={setOrder} onCancel={close} />}
    </Dialog>
  );
}

function NewOrderForm({ onPlaced, onCancel }: { onPlaced: (order: OrderInfo) => void; onCancel: () => void }) {
  const utils = trpc.useUtils();
  const create = trpc.orders.create.useMutation();
  const changed = useTransactionChanged();
  const [refusal, setRefusal] = useState<string | null>(null);
  // One key per order asked for: a retry of the same order (a lost answer) is recorded once; changed input is a new order.
  const attempt = useRef<{ body: string; key: string } | null>(null);
  const form = useForm<OrderForm, unknown, z.output<typeof orderForm>>({
    resolver: zodResolver(orderForm),
    defaultValues: { eventId: '', customerId: '', lines: [], paymentMethod: paymentMethods[0] },
  });
  const eventId = useWatch({ control: form.control, name: 'eventId' });
  const busy = form.formState.isSubmitting;

  // Built per submit, not during render: it reads and writes `attempt`, a ref.
  const onSubmit = (event: BaseSyntheticEvent) =>
    form.handleSubmit(async (values) => {
      setRefusal(null);
      const body = JSON.stringify(values);
      if (attempt.current?.body !== body) attempt.current = { body, key: crypto.randomUUID() };
      try {
        const placed = await create.mutateAsync({ ...values, idempotencyKey: attempt.current.key });
        toast({ title: 'Success', description: 'Order placed', variant: 'success' });
        changed();
        void utils.ticketTypes.invalidate();
        onPlaced(placed);
      } catch (error) {
        const status = errorStatus(error);
        // A refusal (not enough left, not on sale, outside the per-order limits) is read beside the input it judges, which stays.
        if (status === 409 || status === 400) {
          setRefusal((error as Error).message);
          void Promise.all([utils.ticketTypes.availability.invalidate({ eventId: values.eventId }), utils.ticketTypes.list.invalidate()]);
        } else toastFailure('Failed to place the order', error);
      }
    })(event);

  return (
    <form className="flex flex-col gap-4" onSubmit={(e) => void onSubmit(e)} noValidate>
      <div className="grid gap-4 sm:grid-cols-2">
        <Controller
          control={form.control}
          name="eventId"
          render={({ field, fieldState }) => (
            <EventPicker
              value={field.value}
              error={fieldState.error?.message}
              onChange={(id) => {
                field.onChange(id);
                form.setValue('lines', []);
                setRefusal(null);
              }}
            />
          )}
        />
        <Controller
          control={form.control}
          name="customerId"
          render={({ field, fieldState }) => (
            <CustomerPicker value={field.value} error={fieldState.error?.message} onChange={field.onChange} />
          )}
        />
      </div>
      {eventId && <OrderQuantities key={eventId} form={form} eventId={eventId} />}
      <Field label="Payment method" error={form.formState.errors.paymentMethod?.message}>
        {(p) => (
          <select {...p} className="select w-full sm:max-w-xs" {...form.register('paymentMethod')}>
            {paymentMethods.map(optionOf)}
          </select>
        )}
      </Field>
      <FormActions busy={busy} onCancel={onCancel} busyLabel="Placing order..." refusal={refusal}>
        Place order
      </FormActions>
    </form>
  );
}

/** The order as recorded: its lines and money, and one code per admission. */
function OrderPlaced({ order, onClose }: { order: OrderInfo; onClose: () => void }) {
  // The form that had focus is gone: focus goes to what comes next.
  const done = useRef<HTMLButtonElement>(null);
  useEffect(() => done.current?.focus(), []);
  return (
    <div className="space-y-5">
      <OrderDetails transaction={order} />
      <div className="modal-action mt-2">
        <button type="button" className="btn btn-primary" onClick={onClose} ref={done}>
          Done
        </button>
      </div>
    </div>
  );
}
