import { zodResolver } from '@hookform/resolvers/zod';
import { format } from 'date-fns';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { editEventForm, type EditEventForm, type EventInfo } from '@event-admin/core/event/event.schema';
import { Field } from '../../../../components/ui/form-field.tsx';
import { toast } from '../../../../components/ui/toast.tsx';
import { errorMessage, isConflict } from '../../../../lib/errors.ts';
import { trpc } from '../../../../lib/trpc.ts';
import { ConflictNotice } from './conflict-notice.tsx';

/** The event's day (in the browser's zone) at its time, as a datetime-local value. */
export function toDateTimeLocal(event: Pick<EventInfo, 'date' | 'time'>) {
  const date = new Date(event.date);
  if (Number.isNaN(date.getTime())) return '';
  return `${format(date, 'yyyy-MM-dd')}T${event.time || format(date, 'HH:mm')}`;
}

export function basicInfoValues(event: EventInfo): EditEventForm {
  return {
    title: event.title,
    dateTime: toDateTimeLocal(event),
    description: event.description ?? '',
    location: event.venue,
    venueId: event.venueId ?? '',
    ticketEvolutionEventId: event.ticketEvolutionEventId ?? '',
    tailgateEventId: event.tailgateEventId ?? '',
    tailgateDiscount: event.tailgateDiscount ?? '',
    seatViewUrl: event.seatViewUrl ?? '',
  };
}

/** Basic Info tab: saves with events.update, keeping the event's status (SPEC §4). */
export function BasicInfoForm({ event }: { event: EventInfo }) {
  const utils = trpc.useUtils();
  const update = trpc.events.update.useMutation();
  const [conflict, setConflict] = useState(false);
  const [reloading, setReloading] = useState(false);
  const form = useForm<EditEventForm>({ resolver: zodResolver(editEventForm), defaultValues: basicInfoValues(event) });
  const { register, formState } = form;
  const errors = formState.errors;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const saved = await update.mutateAsync({
        id: event.id,
        title: values.title,
        description: values.description ?? '',
        date: new Date(values.dateTime).toISOString(),
        time: values.dateTime.slice(11, 16),
        venue: values.location,
        status: event.status,
        venueId: values.venueId ?? '',
        ticketEvolutionEventId: values.ticketEvolutionEventId ?? '',
        tailgateEventId: values.tailgateEventId ?? '',
        tailgateDiscount: values.tailgateDiscount ?? '',
        seatViewUrl: values.seatViewUrl ?? '',
        version: event.version,
      });
      utils.events.byId.setData({ id: event.id }, saved);
      form.reset(basicInfoValues(saved));
      setConflict(false);
      void Promise.all([utils.events.list.invalidate(), utils.events.page.invalidate(), utils.events.recent.invalidate(), utils.seo.page.invalidate()]);
      toast({ title: 'Success', description: 'Event updated successfully', variant: 'success' });
    } catch (error) {
      if (isConflict(error)) {
        setConflict(true);
        toast({ title: 'Failed to update event', description: errorMessage(error, 'The event was changed elsewhere.'), variant: 'destructive' });
      } else {
        toast({ title: 'Error', description: 'Failed to update event', variant: 'destructive' });
      }
    }
  });

  const reload = async () => {
    setReloading(true);
    try {
      const latest = await utils.events.byId.fetch({ id: event.id }, { staleTime: 0 });
      utils.events.byId.setData({ id: event.id }, latest);
      form.reset(basicInfoValues(latest));
      setConflict(false);
    } catch (error) {
      toast({ title: 'Error', description: errorMessage(error, 'Failed to load event.'), variant: 'destructive' });
    } finally {
      setReloading(false);
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      {conflict && <ConflictNotice what="event" onReload={() => void reload()} reloading={reloading} />}
      <fieldset disabled={formState.isSubmitting} className="flex flex-col gap-4">
        <legend className="sr-only">Basic Info</legend>
        <Field label="Title" error={errors.title?.message}>
          {(p) => <input {...p} className="input w-full" {...register('title')} />}
        </Field>
        <Field label="Date and Time" error={errors.dateTime?.message}>
          {(p) => <input {...p} type="datetime-local" className="input w-full sm:max-w-xs" {...register('dateTime')} />}
        </Field>
        <Field label="Description" error={errors.description?.message}>
          {(p) => <textarea {...p} className="textarea w-full" rows={4} {...register('description')} />}
        </Field>
        <Field label="Location" error={errors.location?.message}>
          {(p) => <input {...p} className="input w-full" {...register('location')} />}
        </Field>

        <fieldset className="rounded-box border border-base-300 p-4">
          <legend className="px-2 text-sm font-semibold">External IDs</legend>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="Venue ID">
              {(p) => <input {...p} className="input w-full" {...register('venueId')} />}
            </Field>
            <Field label="Ticket Evolution Event ID" hint="The ticket provider's event ID">
              {(p) => <input {...p} className="input w-full" {...register('ticketEvolutionEventId')} />}
            </Field>
            <Field label="Tailgate Event ID">
              {(p) => <input {...p} className="input w-full" {...register('tailgateEventId')} />}
            </Field>
            <Field label="Tailgate Discount %" hint="e.g. 10%">
              {(p) => <input {...p} className="input w-full" {...register('tailgateDiscount')} />}
            </Field>
            <div className="sm:col-span-2">
              <Field label="Seat View URL">
                {(p) => <input {...p} type="url" className="input w-full" placeholder="https://" {...register('seatViewUrl')} />}
              </Field>
            </div>
          </div>
        </fieldset>

        <div className="flex justify-end">
          <button type="submit" className="btn btn-primary">
            {formState.isSubmitting && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
            {formState.isSubmitting ? 'Saving...' : 'Save Changes'}
          </button>
        </div>
      </fieldset>
    </form>
  );
}
