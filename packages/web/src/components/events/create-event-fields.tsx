import type { UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { type createEventForm, ctaChoices, eventStatuses, type CreateEventForm } from '@event-admin/core/event/event.schema';
import { Field } from '../ui/form-field.tsx';
import { TimeZoneField } from '../ui/time-zone-field.tsx';
import { capitalize } from '../../lib/format.ts';

export type CreateEventStep = 'basic' | 'seo' | 'cta';

/** The fields of one step of the create wizard. `locked`: the event exists, its basics are final. */
export function CreateEventFields({
  step,
  form,
  locked,
}: {
  step: CreateEventStep;
  form: UseFormReturn<z.input<typeof createEventForm>, unknown, CreateEventForm>;
  locked: boolean;
}) {
  const { register, formState, watch } = form;
  const errors = formState.errors;
  const isCustom = watch('ctaText') === 'Custom';
  const seoTitleLength = (watch('seoTitle') ?? '').length;
  const seoDescriptionLength = (watch('seoDescription') ?? '').length;
  return (
    <>
      {step === 'basic' && (
        // Once the event exists (only its SEO or CTA is left to save), its basics cannot change here.
        <fieldset disabled={locked} className="flex flex-col gap-4">
          <Field label="Title" error={errors.title?.message}>
            {(p) => <input {...p} className="input w-full" placeholder="Event title" {...register('title')} />}
          </Field>
          <Field label="Description" hint="Optional" error={errors.description?.message}>
            {(p) => (
              <textarea {...p} className="textarea w-full" rows={3} placeholder="What is this event about?" {...register('description')} />
            )}
          </Field>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="Date" error={errors.date?.message}>
              {(p) => <input {...p} type="date" className="input w-full" {...register('date')} />}
            </Field>
            <Field label="Time" error={errors.time?.message}>
              {(p) => <input {...p} type="time" className="input w-full" {...register('time')} />}
            </Field>
          </div>
          <TimeZoneField
            label="Time Zone"
            value={watch('timeZone')}
            error={errors.timeZone?.message}
            registration={register('timeZone')}
            className="input w-full"
          />
          <Field label="Venue" error={errors.venue?.message}>
            {(p) => <input {...p} className="input w-full" placeholder="Where is it held?" {...register('venue')} />}
          </Field>
          <Field label="Status" error={errors.status?.message}>
            {(p) => (
              <select {...p} className="select w-full" {...register('status')}>
                {eventStatuses.map((s) => (
                  <option key={s} value={s}>
                    {capitalize(s)}
                  </option>
                ))}
              </select>
            )}
          </Field>
        </fieldset>
      )}

      {step === 'seo' && (
        <>
          <Field label="SEO Title" hint={`Recommended: SEO title 50-60 characters (${seoTitleLength}/60)`} error={errors.seoTitle?.message}>
            {(p) => <input {...p} className="input w-full" {...register('seoTitle')} />}
          </Field>
          <Field
            label="SEO Description"
            hint={`Recommended: meta description 150-160 characters (${seoDescriptionLength}/160)`}
            error={errors.seoDescription?.message}
          >
            {(p) => <textarea {...p} className="textarea w-full" rows={3} {...register('seoDescription')} />}
          </Field>
          <Field label="SEO Keywords" hint="Comma separated, e.g. concert, jazz, live music" error={errors.seoKeywords?.message}>
            {(p) => <input {...p} className="input w-full" {...register('seoKeywords')} />}
          </Field>
        </>
      )}

      {step === 'cta' && (
        <>
          <Field label="Call to Action Text" error={errors.ctaText?.message}>
            {(p) => (
              <select {...p} className="select w-full" {...register('ctaText')}>
                {ctaChoices.map((c) => (
                  <option key={c} value={c}>
                    {c}
                  </option>
                ))}
              </select>
            )}
          </Field>
          {isCustom && (
            <Field label="Custom CTA Text" error={errors.customCta?.message}>
              {(p) => <input {...p} className="input w-full" placeholder="e.g. Save My Seat" {...register('customCta')} />}
            </Field>
          )}
        </>
      )}
    </>
  );
}
