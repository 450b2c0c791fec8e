import { editEventForm, type EditEventForm, type EventInfo } from '@event-admin/core/event/event.schema';
import { eventZone } from '@event-admin/core/event/event.rules';
import { zonedInstant } from '@event-admin/core/time/zone';
import { Field } from '../ui/form-field.tsx';
import { TimeZoneField } from '../ui/time-zone-field.tsx';
import { toast } from '../ui/toast.tsx';
import { useVersionedForm } from '../ui/use-versioned-form.tsx';
import { businessZone, eventZoneToStore } from '../../lib/business-zone.ts';
import { errorMessage } from '../../lib/errors.ts';
import { eventDateTimeLocal } from '../../lib/format.ts';
import { trpc } from '../../lib/trpc.ts';
import { SaveBar } from '../ui/busy-button.tsx';

export function basicInfoValues(event: EventInfo): EditEventForm {
  return {
    title: event.title,
    dateTime: eventDateTimeLocal(event),
    timeZone: eventZone(event, businessZone.get()),
    description: event.description ?? '',
    location: event.venue,
    ...linkFields(event),
  };
}

type LinkFields = Pick<EventInfo, 'venueId' | 'ticketEvolutionEventId' | 'tailgateEventId' | 'tailgateDiscount' | 'seatViewUrl'>;

/** The event's links to other systems, '' for one not set: as the form holds them and the API takes them. */
const linkFields = (from: Partial<Record<keyof LinkFields, string | undefined>>): LinkFields => ({
  venueId: from.venueId ?? '',
  ticketEvolutionEventId: from.ticketEvolutionEventId ?? '',
  tailgateEventId: from.tailgateEventId ?? '',
  tailgateDiscount: from.tailgateDiscount ?? '',
  seatViewUrl: from.seatViewUrl ?? '',
});

/** The Basic Info form: its schema, how an event fills it, its name in a conflict notice. */
const basicInfoFormSpec = { schema: editEventForm, toValues: basicInfoValues, what: 'event' };

/** Basic Info tab: saves with events.update, keeping the event's status (SPEC §4). */
export function BasicInfoForm({ event }: { event: EventInfo }) {
  const utils = trpc.useUtils();
  const update = trpc.events.update.useMutation();
  const { form, onSubmit, notices } = useVersionedForm(basicInfoFormSpec, {
    record: event,
    save: (values, version) =>
      update.mutateAsync({
        id: event.id,
        title: values.title,
        description: values.description ?? '',
        // the wall clock typed, on the place's clock (issue 32)
        date: zonedInstant(
          values.dateTime.slice(0, 10),
          values.dateTime.slice(11, 16),
          eventZone(values, businessZone.get()),
        ).toISOString(),
        time: values.dateTime.slice(11, 16),
        timeZone: eventZoneToStore(values.timeZone, event.timeZone),
        venue: values.location,
        status: event.status,
        ...linkFields(values),
        version: version ?? event.version,
      }),
    load: () => utils.events.get.fetch({ id: event.id }, { staleTime: 0 }),
    cache: (saved) => utils.events.get.setData({ id: event.id }, saved),
    onSaved: () => {
      void Promise.all([
        utils.dashboard.upcoming.invalidate(),
        utils.dashboard.eventsByStatus.invalidate(),
        utils.events.page.invalidate(),
        utils.events.recent.invalidate(),
        utils.seo.page.invalidate(),
      ]);
      toast({ title: 'Success', description: 'Event updated successfully', variant: 'success' });
    },
    onFailed: (error, conflict) => {
      const description = errorMessage(error, 'The event was changed elsewhere.');
      if (conflict) toast({ title: 'Failed to update event', description, variant: 'destructive' });
      else toast({ title: 'Error', description: 'Failed to update event', variant: 'destructive' });
    },
  });
  const { register, formState } = form;
  const errors = formState.errors;

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      {notices}
      <fieldset disabled={formState.isSubmitting} className="flex flex-col gap-4">
        <legend className="sr-only">Basic Info</legend>
        <Field label="Title" error={errors.title?.message}>
          {(p) => <input {...p} className="input w-full" {...register('title')} />}
        </Field>
        <Field label="Date and Time" error={errors.dateTime?.message}>
          {(p) => <input {...p} type="datetime-local" className="input w-full sm:max-w-xs" {...register('dateTime')} />}
        </Field>
        <TimeZoneField
          label="Time Zone"
          value={form.watch('timeZone')}
          error={errors.timeZone?.message}
          registration={register('timeZone')}
        />
        <Field label="Description" error={errors.description?.message}>
          {(p) => <textarea {...p} className="textarea w-full" rows={4} {...register('description')} />}
        </Field>
        <Field label="Location" error={errors.location?.message}>
          {(p) => <input {...p} className="input w-full" {...register('location')} />}
        </Field>

        <fieldset className="rounded-box border border-base-300 p-4">
          <legend className="px-2 text-sm font-semibold">External IDs</legend>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="Venue ID">{(p) => <input {...p} className="input w-full" {...register('venueId')} />}</Field>
            <Field label="Ticket Evolution Event ID" hint="The ticket provider's event ID">
              {(p) => <input {...p} className="input w-full" {...register('ticketEvolutionEventId')} />}
            </Field>
            <Field label="Tailgate Event ID">{(p) => <input {...p} className="input w-full" {...register('tailgateEventId')} />}</Field>
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

        <SaveBar busy={formState.isSubmitting}>Save Changes</SaveBar>
      </fieldset>
    </form>
  );
}
