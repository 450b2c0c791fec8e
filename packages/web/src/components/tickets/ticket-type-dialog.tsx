import { format } from 'date-fns';
import { ticketTypeForm, type TicketTypeForm, type TicketTypeInfo } from '@event-admin/core/ticket-type/ticket-type.schema';
import { Dialog } from '../ui/dialog.tsx';
import { numberOr, TextField } from '../ui/text-field.tsx';
import { toast, toastFailure } from '../ui/toast.tsx';
import { useVersionedForm } from '../ui/use-versioned-form.tsx';
import { FormActions } from '../ui/form-actions.tsx';
import { trpc } from '../../lib/trpc.ts';

/**
 * Add Ticket Type, and Edit (the same form, filled in), on core's `ticketTypeForm`. An edit sends
 * the version it was opened with: a type changed elsewhere meanwhile is refused, not overwritten.
 */
export function TicketTypeDialog({
  open,
  eventId,
  type,
  onClose,
}: {
  open: boolean;
  eventId: string;
  type: TicketTypeInfo | null;
  onClose: () => void;
}) {
  const [title, description] = type
    ? ['Edit Ticket Type', 'Change what this ticket costs and how it sells.']
    : ['Add Ticket Type', 'A ticket buyers can choose for this event.'];
  return (
    <Dialog open={open} onClose={onClose} title={title} description={description}>
      {open && <TicketTypeFormBody key={type?.id ?? 'new'} eventId={eventId} type={type} onDone={onClose} />}
    </Dialog>
  );
}

/** A datetime-local value from an ISO time ('' for none), in the browser's zone. */
const localTime = (iso: string | null) => (iso ? format(new Date(iso), "yyyy-MM-dd'T'HH:mm") : '');
const isoOrNull = (value: string | null | undefined) => (value ? new Date(value).toISOString() : null);

const typeValues = (type: TicketTypeInfo | null): TicketTypeForm => ({
  name: type?.name ?? '',
  price: type?.price ?? '',
  quantity: type?.quantity ?? null,
  salesStart: localTime(type?.salesStart ?? null) || null,
  salesEnd: localTime(type?.salesEnd ?? null) || null,
  minPerOrder: type?.minPerOrder ?? 1,
  maxPerOrder: type?.maxPerOrder ?? 10,
});

const typeFormSpec = { schema: ticketTypeForm, toValues: typeValues, what: 'ticket type' };

/** An empty date box is no date. */
const textOrNull = (text: string) => text || null;

function TicketTypeFormBody({ eventId, type, onDone }: { eventId: string; type: TicketTypeInfo | null; onDone: () => void }) {
  const [utils, create, update] = [trpc.useUtils(), trpc.ticketTypes.create.useMutation(), trpc.ticketTypes.update.useMutation()];
  const { form, onSubmit, notices } = useVersionedForm(typeFormSpec, {
    record: type,
    save: (values, version) => {
      const fields = {
        ...values,
        quantity: values.quantity ?? null,
        salesStart: isoOrNull(values.salesStart),
        salesEnd: isoOrNull(values.salesEnd),
      };
      if (type && version !== undefined) return update.mutateAsync({ id: type.id, version, ...fields });
      return create.mutateAsync({ eventId, ...fields });
    },
    load: type ? async () => (await utils.ticketTypes.list.fetch({ eventId }, { staleTime: 0 })).find((t) => t.id === type.id)! : undefined,
    onSaved: () => {
      toast({ title: 'Success', description: type ? 'Ticket type updated' : 'Ticket type added', variant: 'success' });
      void Promise.all([utils.ticketTypes.list.invalidate({ eventId }), utils.ticketTypes.availability.invalidate({ eventId })]);
      onDone();
    },
    onFailed: (error) => toastFailure(type ? 'Failed to update ticket type' : 'Failed to add ticket type', error),
  });
  const { formState } = form;
  const number = { type: 'number', inputMode: 'numeric', setValueAs: numberOr(undefined) } as const;
  const date = { type: 'datetime-local', hint: 'Optional', setValueAs: textOrNull } as const;

  return (
    <form className="flex flex-col gap-4" onSubmit={onSubmit} noValidate>
      {notices}
      <TextField form={form} name="name" label="Name" autoComplete="off" data-autofocus />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField form={form} name="price" label="Price" hint="e.g. $25.00; 0 for a free ticket" inputMode="decimal" autoComplete="off" />
        <TextField form={form} name="quantity" label="Quantity" hint="Empty: no limit of its own" {...number} setValueAs={numberOr(null)} />
        <TextField form={form} name="salesStart" label="Sales start" {...date} />
        <TextField form={form} name="salesEnd" label="Sales end" {...date} />
        <TextField form={form} name="minPerOrder" label="Minimum per order" {...number} />
        <TextField form={form} name="maxPerOrder" label="Maximum per order" {...number} />
      </div>
      <FormActions busy={formState.isSubmitting} onCancel={onDone}>
        {type ? 'Save Changes' : 'Add Ticket Type'}
      </FormActions>
    </form>
  );
}
