import { zodResolver } from '@hookform/resolvers/zod';
import { useRef, useState, type BaseSyntheticEvent } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import {
  createEventForm,
  createEventSteps,
  createFormDefaultTime,
  defaultCtaText,
  type CreateEventForm,
  type EventStatus,
} from '@event-admin/core/event/event.schema';
import { Dialog } from '../ui/dialog.tsx';
import { toast } from '../ui/toast.tsx';
import { UnsavedChangesGuard } from '../ui/unsaved-changes.tsx';
import { today, zonedInstant } from '@event-admin/core/time/zone';
import { businessZone, eventZoneToStore } from '../../lib/business-zone.ts';
import { errorMessage } from '../../lib/errors.ts';
import { trpc } from '../../lib/trpc.ts';
import { CreateEventFields, type CreateEventStep as Step } from './create-event-fields.tsx';
import { BusyButton } from '../ui/busy-button.tsx';

type FormInput = z.input<typeof createEventForm>;

const steps: { key: Step; label: string; short: string }[] = [
  { key: 'basic', label: 'Basic Information', short: 'Basic' },
  { key: 'seo', label: 'SEO Information', short: 'SEO' },
  { key: 'cta', label: 'Call to Action', short: 'CTA' },
];

/** SPEC: date today, time 09:00, status draft, ctaText 'Register Now', the rest empty; today and the zone the business's. */
export function createEventDefaults(now = new Date()): FormInput {
  const zone = businessZone.get();
  return {
    title: '',
    description: '',
    date: today(zone, now),
    time: createFormDefaultTime,
    timeZone: zone,
    venue: '',
    status: 'draft',
    seoTitle: '',
    seoDescription: '',
    seoKeywords: '',
    ctaText: defaultCtaText,
    customCta: '',
  };
}

/**
 * A created event whose SEO or CTA save failed: a retry finishes those calls on the same event
 * instead of creating it twice.
 */
interface Pending {
  eventId: string;
  seoSaved: boolean;
}

/**
 * The three-step create wizard (SPEC "Create Event dialog"), opened from the dashboard and the
 * events list. Its content is mounted only while open, so each opening starts from the defaults.
 */
export function CreateEventDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog open={open} onClose={onClose} title="Create New Event" description="Add a new event in three steps." size="lg">
      <CreateEventWizard onClose={onClose} />
    </Dialog>
  );
}

function CreateEventWizard({ onClose }: { onClose: () => void }) {
  const utils = trpc.useUtils();
  const createEvent = trpc.events.create.useMutation();
  const saveSeo = trpc.seo.save.useMutation();
  const saveCta = trpc.cta.save.useMutation();
  const [step, setStep] = useState<Step>('basic');
  const [partial, setPartial] = useState<string | null>(null);
  const pending = useRef<Pending | null>(null);
  const form = useForm<FormInput, unknown, CreateEventForm>({
    resolver: zodResolver(createEventForm),
    defaultValues: createEventDefaults(),
  });
  const { formState } = form;
  const busy = formState.isSubmitting;
  const stepIndex = steps.findIndex((s) => s.key === step);

  // Cancel closes without asking (SPEC); Escape, the backdrop or leaving the page ask first.
  const cancel = () => {
    if (busy) return;
    onClose();
  };

  const next = async () => {
    const valid = await form.trigger([...createEventSteps[step]]);
    if (!valid) return;
    setStep(step === 'basic' ? 'seo' : 'cta');
  };

  const back = () => setStep(step === 'cta' ? 'seo' : 'basic');

  const refreshLists = () =>
    Promise.all([
      utils.events.recent.invalidate(),
      utils.dashboard.upcoming.invalidate(),
      utils.dashboard.eventsByStatus.invalidate(),
      utils.events.page.invalidate(),
      utils.seo.page.invalidate(),
      utils.dashboard.stats.invalidate(),
    ]);

  // Built per submit, not during render: the steps below read and write `pending`, a ref.
  const submit = (event?: BaseSyntheticEvent) =>
    form.handleSubmit(async (values) => {
      const isCustom = values.ctaText === 'Custom';
      const ctaText = isCustom ? (values.customCta ?? '').trim() : values.ctaText;
      if (!ctaText) {
        form.setError('customCta', { message: 'Button text is required.' });
        return;
      }

      let eventId = pending.current?.eventId;
      if (!eventId) {
        try {
          const event = await createEvent.mutateAsync({
            title: values.title,
            description: values.description ?? '',
            // The day at the chosen time on the place's clock, as an ISO timestamp (SPEC §3, issue 32).
            date: zonedInstant(values.date, values.time, values.timeZone || businessZone.get()).toISOString(),
            time: values.time,
            timeZone: eventZoneToStore(values.timeZone),
            venue: values.venue,
            status: values.status as EventStatus,
          });
          eventId = event.id;
          pending.current = { eventId, seoSaved: false };
          void refreshLists();
        } catch (error) {
          toast({
            title: 'Failed to create event',
            description: errorMessage(error, 'An error occurred while creating the event.'),
            variant: 'destructive',
          });
          return;
        }
      }

      const hasSeo = [values.seoTitle, values.seoDescription, values.seoKeywords].some((v) => v.trim() !== '');
      if (hasSeo && !pending.current!.seoSaved) {
        try {
          await saveSeo.mutateAsync({ eventId, title: values.seoTitle, description: values.seoDescription, keywords: values.seoKeywords });
          pending.current!.seoSaved = true;
        } catch (error) {
          const reason = errorMessage(error, 'The server could not be reached.');
          setPartial(
            `The event was created, but its SEO data could not be saved (${reason}). Submit again to retry; the event will not be created twice.`,
          );
          toast({ title: 'Event created, but its SEO data could not be saved', description: reason, variant: 'destructive' });
          return;
        }
      }

      try {
        await saveCta.mutateAsync({ eventId, text: ctaText, isCustom });
      } catch (error) {
        const reason = errorMessage(error, 'The server could not be reached.');
        setPartial(
          `The event was created, but its call to action could not be saved (${reason}). Submit again to retry; the event will not be created twice.`,
        );
        toast({ title: 'Event created, but its call to action could not be saved', description: reason, variant: 'destructive' });
        return;
      }

      await refreshLists();
      toast({ title: 'Event created', description: 'Your event has been created successfully.', variant: 'success' });
      onClose();
    })(event);

  return (
    <>
      <UnsavedChangesGuard when={formState.isDirty || partial !== null} />
      <ol className="steps steps-horizontal mb-2 w-full text-xs sm:text-sm" aria-label="Steps">
        {steps.map((s, i) => (
          <li key={s.key} className={`step ${i <= stepIndex ? 'step-primary' : ''}`} aria-current={s.key === step ? 'step' : undefined}>
            <span className="hidden sm:inline">{s.label}</span>
            <span className="sm:hidden">{s.short}</span>
          </li>
        ))}
      </ol>
      <p className="mb-4 text-sm text-base-content/70" data-testid="create-event-step">
        Step {stepIndex + 1} of 3: <span className="font-semibold text-base-content">{steps[stepIndex]!.label}</span>
      </p>

      <form
        noValidate
        onSubmit={(e) => {
          // Enter on the first two steps moves on; only the last step submits.
          if (step !== 'cta') {
            e.preventDefault();
            void next();
            return;
          }
          void submit(e);
        }}
      >
        <fieldset disabled={busy} className="flex flex-col gap-4">
          <legend className="sr-only">{steps[stepIndex]!.label}</legend>
          <CreateEventFields step={step} form={form} locked={!!partial} />

          {partial && (
            <div role="alert" className="alert alert-warning text-sm">
              {partial}
            </div>
          )}

          <div className="mt-2 flex flex-wrap items-center justify-between gap-2">
            <button type="button" className="btn btn-ghost" onClick={cancel}>
              Cancel
            </button>
            <div className="flex gap-2">
              {step !== 'basic' && (
                <button type="button" className="btn" onClick={back}>
                  Back
                </button>
              )}
              {/* Distinct keys: reusing one element would turn the clicked Next into a submit button mid-click. */}
              {step !== 'cta' ? (
                <button key="next" type="button" className="btn btn-primary" onClick={() => void next()}>
                  Next
                </button>
              ) : (
                <BusyButton key="submit" busy={busy} busyLabel="Creating...">
                  Create Event
                </BusyButton>
              )}
            </div>
          </div>
        </fieldset>
      </form>
    </>
  );
}
