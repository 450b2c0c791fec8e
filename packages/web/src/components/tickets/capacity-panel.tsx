import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { capacityForm, type AvailabilityInfo, type CapacityForm } from '@event-admin/core/ticket-type/ticket-type.schema';
import { BusyButton } from '../ui/busy-button.tsx';
import { FieldError } from '../ui/form-field.tsx';
import { numberOr, TextField } from '../ui/text-field.tsx';
import { toast } from '../ui/toast.tsx';
import { errorMessage } from '../../lib/errors.ts';
import { trpc } from '../../lib/trpc.ts';

/**
 * The event's capacity, shared by all its types (empty: no limit), and what of it is sold, held
 * and free. A capacity below what is sold and held is refused by the server; its message shows here.
 */
export function CapacityPanel({ eventId, figures }: { eventId: string; figures: AvailabilityInfo }) {
  const utils = trpc.useUtils();
  const save = trpc.ticketTypes.setCapacity.useMutation({
    onSuccess: (saved) => {
      utils.ticketTypes.availability.setData({ eventId }, saved);
      void Promise.all([utils.ticketTypes.list.invalidate({ eventId }), utils.events.get.invalidate({ id: eventId })]);
      toast({ title: 'Success', description: 'Capacity saved', variant: 'success' });
    },
  });
  const form = useForm<CapacityForm, unknown, CapacityForm>({
    resolver: zodResolver(capacityForm),
    values: { capacity: figures.capacity },
  });
  const onSubmit = form.handleSubmit(({ capacity }) => save.mutate({ eventId, capacity: capacity ?? null }));

  return (
    <section aria-labelledby="capacity-heading" className="flex flex-col gap-3">
      <h3 id="capacity-heading" className="text-lg font-semibold">
        Capacity
      </h3>
      <form className="flex flex-wrap items-start gap-2" onSubmit={onSubmit} noValidate>
        <div className="w-full sm:max-w-xs">
          <TextField
            form={form}
            name="capacity"
            label="Tickets for the whole event"
            hint="Empty: no limit"
            type="number"
            inputMode="numeric"
            setValueAs={numberOr(null)}
          />
        </div>
        <BusyButton busy={save.isPending} className="btn btn-primary sm:mt-6">
          Save Capacity
        </BusyButton>
      </form>
      {save.isError && <FieldError message={errorMessage(save.error, 'The capacity could not be saved.')} />}
      <SalesBar figures={figures} />
    </section>
  );
}

/** Sold, held and free as one bar (free unknown without a capacity: the bar shows sold and held only). */
function SalesBar({ figures }: { figures: AvailabilityInfo }) {
  const { sold, held, available } = figures;
  const total = Math.max(1, sold + held + (available ?? 0));
  const parts = [
    { label: 'Sold', value: sold, className: 'bg-primary' },
    { label: 'Held', value: held, className: 'bg-warning' },
    ...(available === null ? [] : [{ label: 'Free', value: available, className: 'bg-base-300' }]),
  ];
  return (
    <div className="flex flex-col gap-2" data-testid="sales-bar">
      <div className="flex h-3 w-full overflow-hidden rounded-full bg-base-200" aria-hidden="true">
        {parts.map((part) => (
          <div key={part.label} className={part.className} style={{ width: `${(part.value / total) * 100}%` }} />
        ))}
      </div>
      <dl className="flex flex-wrap gap-x-6 gap-y-1 text-sm">
        {parts.map((part) => (
          <div key={part.label} className="flex items-center gap-2">
            <span className={`inline-block size-3 rounded-full ${part.className}`} aria-hidden="true" />
            <dt>{part.label}</dt>
            <dd className="font-semibold tabular-nums">{part.value}</dd>
          </div>
        ))}
        {available === null && (
          <div className="flex items-center gap-2">
            <dt>Free</dt>
            <dd className="font-semibold">No limit</dd>
          </div>
        )}
      </dl>
    </div>
  );
}
