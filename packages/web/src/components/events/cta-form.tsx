import { useId } from 'react';
import { ctaEditForm, defaultCtaColor, type CtaEditForm, type CtaInfo } from '@event-admin/core/cta/cta.schema';
import { ctaChoices } from '@event-admin/core/event/event.schema';
import { Field, FieldError } from '../ui/form-field.tsx';
import { toast } from '../ui/toast.tsx';
import { useVersionedForm } from '../ui/use-versioned-form.tsx';
import { errorMessage } from '../../lib/errors.ts';
import { trpc } from '../../lib/trpc.ts';

const presetTexts: readonly string[] = ctaChoices.filter((c) => c !== 'Custom');
const isHex = (value: string) => /^#[0-9a-fA-F]{6}$/.test(value.trim());

function ctaValues(cta: CtaInfo | null | undefined): CtaEditForm {
  return {
    buttonText: cta?.text ?? '',
    ticketsCta: cta?.ticketsCta ?? '',
    buttonColor: cta?.buttonColor || defaultCtaColor,
  };
}

/** CTA tab: the button's text, the tickets CTA and its colour (a picker and a text field in sync). */
export function CtaForm({ eventId, cta }: { eventId: string; cta: CtaInfo | null }) {
  const utils = trpc.useUtils();
  const save = trpc.cta.save.useMutation();
  const listId = useId();
  const colorTextId = useId();
  const { form, onSubmit, notices } = useVersionedForm({
    schema: ctaEditForm,
    values: ctaValues(cta),
    toValues: ctaValues,
    version: cta?.version,
    versionOf: (saved: CtaInfo | null) => saved?.version,
    what: 'call to action',
    save: (values, version) =>
      save.mutateAsync({
        eventId,
        text: values.buttonText,
        isCustom: !presetTexts.includes(values.buttonText.trim()),
        ticketsCta: values.ticketsCta ?? '',
        buttonColor: values.buttonColor.toUpperCase(),
        version,
      }),
    load: () => utils.cta.get.fetch({ id: eventId }, { staleTime: 0 }),
    cache: (saved) => utils.cta.get.setData({ id: eventId }, saved),
    onSaved: () => toast({ title: 'Success', description: 'CTA data updated successfully', variant: 'success' }),
    onFailed: (error, conflict) => {
      const description = errorMessage(error, 'The CTA was changed elsewhere.');
      if (conflict) toast({ title: 'Failed to update CTA data', description, variant: 'destructive' });
      else toast({ title: 'Error', description: 'Failed to update CTA data', variant: 'destructive' });
    },
  });
  const { register, formState, watch, setValue } = form;
  const errors = formState.errors;
  const color = watch('buttonColor') ?? '';
  const text = watch('buttonText') ?? '';

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      {notices}
      <fieldset disabled={formState.isSubmitting} className="flex flex-col gap-4">
        <legend className="sr-only">CTA</legend>
        <Field label="Button Text" hint="Choose a suggestion or write your own" error={errors.buttonText?.message}>
          {(p) => <input {...p} className="input w-full" list={listId} {...register('buttonText')} />}
        </Field>
        <datalist id={listId}>
          {presetTexts.map((c) => (
            <option key={c} value={c} />
          ))}
        </datalist>
        <Field label="Tickets CTA" hint="Text of the tickets link, e.g. Get Tickets" error={errors.ticketsCta?.message}>
          {(p) => <input {...p} className="input w-full" {...register('ticketsCta')} />}
        </Field>
        <div>
          <label htmlFor={colorTextId} className="mb-1 block text-sm font-medium">
            Button Colour
          </label>
          <div className="flex items-center gap-2">
            <input
              type="color"
              aria-label="Button colour picker"
              className="h-10 w-14 cursor-pointer rounded-field border border-base-300 bg-base-100 p-1"
              value={isHex(color) ? color.toLowerCase() : defaultCtaColor.toLowerCase()}
              onChange={(e) => setValue('buttonColor', e.target.value.toUpperCase(), { shouldDirty: true, shouldValidate: true })}
            />
            <input
              id={colorTextId}
              className="input w-36 font-mono"
              placeholder={defaultCtaColor}
              aria-invalid={!!errors.buttonColor}
              {...register('buttonColor')}
            />
          </div>
          <FieldError message={errors.buttonColor?.message} />
        </div>
        <div>
          <p className="mb-1 text-sm font-medium">Preview</p>
          <span
            className="inline-block rounded-field px-5 py-2 font-semibold text-white shadow-sm"
            style={{ backgroundColor: isHex(color) ? color : defaultCtaColor }}
            data-testid="cta-preview"
          >
            {text.trim() || 'Button text'}
          </span>
        </div>
        <div className="flex justify-end">
          <button type="submit" className="btn btn-primary">
            {formState.isSubmitting && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
            {formState.isSubmitting ? 'Saving...' : 'Save CTA'}
          </button>
        </div>
      </fieldset>
    </form>
  );
}
