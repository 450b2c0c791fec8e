import { useId } from 'react';
import { ctaEditForm, defaultCtaColor, type CtaEditForm, type CtaInfo } from '@event-admin/core/cta/cta.schema';
import { ctaChoices } from '@event-admin/core/event/event.schema';
import { Field, FieldError } from '../ui/form-field.tsx';
import { toast } from '../ui/toast.tsx';
import { useVersionedForm } from '../ui/use-versioned-form.tsx';
import { errorMessage } from '../../lib/errors.ts';
import { readableTextOn } from '../../lib/theme.ts';
import { trpc } from '../../lib/trpc.ts';
import { SaveBar } from '../ui/busy-button.tsx';

const presetTexts: readonly string[] = ctaChoices.filter((c) => c !== 'Custom');
const isHex = (value: string) => /^#[0-9a-fA-F]{6}$/.test(value.trim());

function ctaValues(cta: CtaInfo | null | undefined): CtaEditForm {
  return {
    buttonText: cta?.text ?? '',
    ticketsCta: cta?.ticketsCta ?? '',
    buttonColor: cta?.buttonColor || defaultCtaColor,
  };
}

/** The CTA form: its schema, how a stored CTA fills it, its name in a conflict notice. */
const ctaFormSpec = { schema: ctaEditForm, toValues: ctaValues, what: 'call to action' };

/** CTA tab: the button's text, the tickets CTA and its colour (a picker and a text field in sync). */
export function CtaForm({ eventId, cta }: { eventId: string; cta: CtaInfo | null }) {
  const utils = trpc.useUtils();
  const save = trpc.cta.save.useMutation();
  const listId = useId();
  const colorTextId = useId();
  const { form, onSubmit, notices } = useVersionedForm(ctaFormSpec, {
    record: cta,
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
  const previewColor = isHex(color) ? color : defaultCtaColor;
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
            className="inline-block rounded-field px-5 py-2 font-semibold shadow-sm"
            style={{ backgroundColor: previewColor, color: readableTextOn(previewColor) }}
            data-testid="cta-preview"
          >
            {text.trim() || 'Button text'}
          </span>
        </div>
        <SaveBar busy={formState.isSubmitting}>Save CTA</SaveBar>
      </fieldset>
    </form>
  );
}
