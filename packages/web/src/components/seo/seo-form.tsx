import {
  defaultOgType,
  ogTypes,
  seoDescriptionMax,
  seoEditForm,
  seoTitleMax,
  type SeoEditForm,
  type SeoInfo,
} from '@event-admin/core/seo/seo.schema';
import { seoTargets } from '@event-admin/core/seo/seo.rules';
import { Field } from '../ui/form-field.tsx';
import { toast } from '../ui/toast.tsx';
import { useVersionedForm } from '../ui/use-versioned-form.tsx';
import { errorMessage } from '../../lib/errors.ts';
import { trpc } from '../../lib/trpc.ts';
import { BusyButton } from '../ui/busy-button.tsx';

function seoValues(seo: SeoInfo | null | undefined): SeoEditForm {
  return {
    metaTitle: seo?.title ?? '',
    metaDescription: seo?.description ?? '',
    keywords: seo?.keywords ?? '',
    ogImageUrl: seo?.ogImageUrl ?? '',
    ogType: seo?.ogType || defaultOgType,
  };
}

/** The SEO form: its schema, how a stored record fills it, its name in a conflict notice. */
const seoFormSpec = { schema: seoEditForm, toValues: seoValues, what: 'SEO data' };

/**
 * An event's SEO, on the edit page's SEO tab and in the SEO page's Edit SEO dialog (which passes
 * `onSaved` to close and `onCancel` for its Cancel button). A record that could not be loaded
 * counts as none (SPEC §7).
 */
export function SeoForm({
  eventId,
  seo,
  onSaved,
  onCancel,
}: {
  eventId: string;
  seo: SeoInfo | null;
  onSaved?: () => void;
  onCancel?: () => void;
}) {
  const utils = trpc.useUtils();
  const save = trpc.seo.save.useMutation();
  const { form, onSubmit, notices } = useVersionedForm(seoFormSpec, {
    record: seo,
    save: (values, version) =>
      save.mutateAsync({
        eventId,
        title: values.metaTitle,
        description: values.metaDescription,
        keywords: values.keywords ?? '',
        ogImageUrl: values.ogImageUrl ?? '',
        ogType: values.ogType || defaultOgType,
        version,
      }),
    load: () => utils.seo.get.fetch({ id: eventId }, { staleTime: 0 }),
    cache: (saved) => utils.seo.get.setData({ id: eventId }, saved),
    onSaved: () => {
      void utils.seo.page.invalidate();
      toast({ title: 'Success', description: 'SEO data updated successfully', variant: 'success' });
      onSaved?.();
    },
    onFailed: (error, conflict) => {
      const description = errorMessage(error, 'The SEO data was changed elsewhere.');
      if (conflict) toast({ title: 'Failed to update SEO data', description, variant: 'destructive' });
      else toast({ title: 'Error', description: 'Failed to update SEO data', variant: 'destructive' });
    },
  });
  const { register, formState, watch } = form;
  const errors = formState.errors;
  const ogType = watch('ogType') || defaultOgType;
  const options: readonly string[] = (ogTypes as readonly string[]).includes(ogType) ? ogTypes : [...ogTypes, ogType];
  const titleLength = (watch('metaTitle') ?? '').length;
  const descriptionLength = (watch('metaDescription') ?? '').length;

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      {notices}
      <fieldset disabled={formState.isSubmitting} className="flex flex-col gap-4">
        <legend className="sr-only">SEO</legend>
        <Field
          label="Meta Title"
          hint={`Aim for ${seoTargets.title.min}-${seoTargets.title.max} characters (${titleLength}/${seoTitleMax})`}
          error={errors.metaTitle?.message}
        >
          {(p) => <input {...p} className="input w-full" autoComplete="off" {...register('metaTitle')} />}
        </Field>
        <Field
          label="Meta Description"
          hint={`Aim for ${seoTargets.description.min}-${seoTargets.description.max} characters (${descriptionLength}/${seoDescriptionMax})`}
          error={errors.metaDescription?.message}
        >
          {(p) => <textarea {...p} className="textarea w-full" rows={3} {...register('metaDescription')} />}
        </Field>
        <Field label="Keywords" hint="Comma separated, e.g. concert, jazz, live music" error={errors.keywords?.message}>
          {(p) => <input {...p} className="input w-full" autoComplete="off" {...register('keywords')} />}
        </Field>
        <Field label="Open Graph Image URL" hint="The image shown when the event page is shared" error={errors.ogImageUrl?.message}>
          {(p) => <input {...p} type="url" className="input w-full" placeholder="https://" {...register('ogImageUrl')} />}
        </Field>
        <Field label="Open Graph Type" error={errors.ogType?.message}>
          {(p) => (
            <select {...p} className="select w-full sm:max-w-xs" {...register('ogType')}>
              {options.map((type) => (
                <option key={type} value={type}>
                  {type}
                </option>
              ))}
            </select>
          )}
        </Field>
        <div className={onCancel ? 'modal-action mt-2' : 'flex justify-end'}>
          {onCancel && (
            <button type="button" className="btn btn-ghost" onClick={onCancel}>
              Cancel
            </button>
          )}
          <BusyButton busy={formState.isSubmitting} busyLabel="Saving...">
            Save SEO
          </BusyButton>
        </div>
      </fieldset>
    </form>
  );
}
