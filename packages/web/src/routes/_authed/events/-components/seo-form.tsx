import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { defaultOgType, seoEditForm, seoTitleMax, seoDescriptionMax, type SeoEditForm, type SeoInfo } from '@event-admin/core/seo/seo.schema';
import { seoTargets } from '@event-admin/core/seo/seo.rules';
import { Field } from '../../../../components/ui/form-field.tsx';
import { toast } from '../../../../components/ui/toast.tsx';
import { errorMessage, isConflict } from '../../../../lib/errors.ts';
import { trpc } from '../../../../lib/trpc.ts';
import { ConflictNotice } from './conflict-notice.tsx';

const ogTypes = ['website', 'article', 'event', 'video.other', 'music.song', 'product'];

function seoValues(seo: SeoInfo | null | undefined): SeoEditForm {
  return {
    metaTitle: seo?.title ?? '',
    metaDescription: seo?.description ?? '',
    keywords: seo?.keywords ?? '',
    ogImageUrl: seo?.ogImageUrl ?? '',
    ogType: seo?.ogType || defaultOgType,
  };
}

/** SEO tab. A record that could not be loaded counts as none (SPEC §7). */
export function SeoForm({ eventId, seo }: { eventId: string; seo: SeoInfo | null }) {
  const utils = trpc.useUtils();
  const save = trpc.seo.save.useMutation();
  const [version, setVersion] = useState(seo?.version);
  const [conflict, setConflict] = useState(false);
  const [reloading, setReloading] = useState(false);
  const form = useForm<SeoEditForm>({ resolver: zodResolver(seoEditForm), defaultValues: seoValues(seo) });
  const { register, formState, watch } = form;
  const errors = formState.errors;
  const ogType = watch('ogType') ?? defaultOgType;
  const titleLength = (watch('metaTitle') ?? '').length;
  const descriptionLength = (watch('metaDescription') ?? '').length;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync({
        eventId,
        title: values.metaTitle,
        description: values.metaDescription,
        keywords: values.keywords ?? '',
        ogImageUrl: values.ogImageUrl ?? '',
        ogType: values.ogType || defaultOgType,
        version,
      });
      utils.seo.get.setData({ id: eventId }, saved);
      setVersion(saved.version);
      form.reset(seoValues(saved));
      setConflict(false);
      void utils.seo.page.invalidate();
      toast({ title: 'Success', description: 'SEO data updated successfully', variant: 'success' });
    } catch (error) {
      if (isConflict(error)) {
        setConflict(true);
        toast({ title: 'Failed to update SEO data', description: errorMessage(error, 'The SEO data was changed elsewhere.'), variant: 'destructive' });
      } else {
        toast({ title: 'Error', description: 'Failed to update SEO data', variant: 'destructive' });
      }
    }
  });

  const reload = async () => {
    setReloading(true);
    try {
      const latest = await utils.seo.get.fetch({ id: eventId }, { staleTime: 0 });
      utils.seo.get.setData({ id: eventId }, latest);
      setVersion(latest?.version);
      form.reset(seoValues(latest));
      setConflict(false);
    } catch (error) {
      toast({ title: 'Error', description: errorMessage(error, 'Failed to load the SEO data.'), variant: 'destructive' });
    } finally {
      setReloading(false);
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      {conflict && <ConflictNotice what="SEO data" onReload={() => void reload()} reloading={reloading} />}
      <fieldset disabled={formState.isSubmitting} className="flex flex-col gap-4">
        <legend className="sr-only">SEO</legend>
        <Field
          label="Meta Title"
          hint={`Aim for ${seoTargets.title.min}-${seoTargets.title.max} characters (${titleLength}/${seoTitleMax})`}
          error={errors.metaTitle?.message}
        >
          {(p) => <input {...p} className="input w-full" {...register('metaTitle')} />}
        </Field>
        <Field
          label="Meta Description"
          hint={`Aim for ${seoTargets.description.min}-${seoTargets.description.max} characters (${descriptionLength}/${seoDescriptionMax})`}
          error={errors.metaDescription?.message}
        >
          {(p) => <textarea {...p} className="textarea w-full" rows={3} {...register('metaDescription')} />}
        </Field>
        <Field label="Keywords" hint="Comma separated, e.g. concert, jazz, live music" error={errors.keywords?.message}>
          {(p) => <input {...p} className="input w-full" {...register('keywords')} />}
        </Field>
        <Field label="Open Graph Image URL" hint="The image shown when the event page is shared" error={errors.ogImageUrl?.message}>
          {(p) => <input {...p} type="url" className="input w-full" placeholder="https://" {...register('ogImageUrl')} />}
        </Field>
        <Field label="Open Graph Type" error={errors.ogType?.message}>
          {(p) => (
            <select {...p} className="select w-full sm:max-w-xs" {...register('ogType')}>
              {(ogTypes.includes(ogType) ? ogTypes : [...ogTypes, ogType]).map((type) => (
                <option key={type} value={type}>
                  {type}
                </option>
              ))}
            </select>
          )}
        </Field>
        <div className="flex justify-end">
          <button type="submit" className="btn btn-primary">
            {formState.isSubmitting && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
            {formState.isSubmitting ? 'Saving...' : 'Save SEO'}
          </button>
        </div>
      </fieldset>
    </form>
  );
}
