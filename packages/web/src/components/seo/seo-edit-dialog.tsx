import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { seoTargets } from '@event-admin/core/seo/seo.rules';
import { defaultOgType, seoDescriptionMax, seoEditForm, seoTitleMax, type SeoInfo } from '@event-admin/core/seo/seo.schema';
import { Dialog } from '../ui/dialog.tsx';
import { Field } from '../ui/form-field.tsx';
import { toast } from '../ui/toast.tsx';
import { errorMessage, isConflict } from '../../lib/errors.ts';
import { trpc } from '../../lib/trpc.ts';

const ogTypes = ['website', 'article', 'profile', 'video.other', 'music.song', 'book'];

/** Edit SEO: loads the event's record (for its version and Open Graph fields), saves it whole. */
export function SeoEditDialog({ event, onClose }: { event: { id: string; title: string } | null; onClose: () => void }) {
  return (
    <Dialog open={event !== null} onClose={onClose} title="Edit SEO" description={event?.title} size="lg">
      {event && <SeoEditBody eventId={event.id} onDone={onClose} />}
    </Dialog>
  );
}

function SeoEditBody({ eventId, onDone }: { eventId: string; onDone: () => void }) {
  const seo = trpc.seo.get.useQuery({ id: eventId });
  if (seo.isPending) {
    return (
      <div className="flex justify-center py-10" role="status" aria-label="Loading SEO data">
        <span className="loading loading-spinner loading-lg" aria-hidden="true" />
      </div>
    );
  }
  if (seo.isError) {
    return (
      <div role="alert" className="py-8 text-center">
        <p className="text-error">The SEO data could not be loaded.</p>
        <button type="button" className="btn btn-sm mt-2" onClick={() => void seo.refetch()}>
          Try again
        </button>
      </div>
    );
  }
  return <SeoForm eventId={eventId} seo={seo.data} onDone={onDone} />;
}

/** 'n / max characters (target a-b)', turning green inside the target. */
function LengthHint({ length, max, target }: { length: number; max: number; target: { min: number; max: number } }) {
  const onTarget = length >= target.min && length <= target.max;
  return (
    <span className={onTarget ? 'text-success' : undefined}>
      {length}/{max} characters (target {target.min}-{target.max})
    </span>
  );
}

function SeoForm({ eventId, seo, onDone }: { eventId: string; seo: SeoInfo | null; onDone: () => void }) {
  const utils = trpc.useUtils();
  const save = trpc.seo.save.useMutation();
  const [conflict, setConflict] = useState<string | null>(null);
  const form = useForm({
    resolver: zodResolver(seoEditForm),
    defaultValues: {
      metaTitle: seo?.title ?? '',
      metaDescription: seo?.description ?? '',
      keywords: seo?.keywords ?? '',
      ogImageUrl: seo?.ogImageUrl ?? '',
      ogType: seo?.ogType || defaultOgType,
    },
  });
  const { errors, isSubmitting } = form.formState;
  const titleLength = (form.watch('metaTitle') ?? '').trim().length;
  const descriptionLength = (form.watch('metaDescription') ?? '').trim().length;
  const currentOgType = form.watch('ogType') ?? defaultOgType;
  const ogTypeOptions = ogTypes.includes(currentOgType) ? ogTypes : [currentOgType, ...ogTypes];

  const onSubmit = form.handleSubmit(async (values) => {
    setConflict(null);
    try {
      await save.mutateAsync({
        eventId,
        title: values.metaTitle,
        description: values.metaDescription,
        keywords: values.keywords ?? '',
        ogImageUrl: values.ogImageUrl ?? '',
        ogType: values.ogType || defaultOgType,
        version: seo?.version,
      });
      await Promise.all([utils.seo.page.invalidate(), utils.seo.get.invalidate({ id: eventId })]);
      toast({ title: 'SEO data updated successfully', variant: 'success' });
      onDone();
    } catch (error) {
      const message = errorMessage(error, 'An error occurred. Please try again.');
      if (isConflict(error)) setConflict(message);
      toast({ title: 'Failed to update SEO data', description: message, variant: 'destructive' });
    }
  });

  return (
    <form className="flex flex-col gap-4" onSubmit={onSubmit} noValidate>
      {conflict && (
        <div role="alert" className="alert alert-warning text-sm">
          {conflict}
        </div>
      )}
      <Field
        label="Meta title"
        hint={<LengthHint length={titleLength} max={seoTitleMax} target={seoTargets.title} />}
        error={errors.metaTitle?.message}
      >
        {(p) => <input {...p} className="input w-full" autoComplete="off" {...form.register('metaTitle')} />}
      </Field>
      <Field
        label="Meta description"
        hint={<LengthHint length={descriptionLength} max={seoDescriptionMax} target={seoTargets.description} />}
        error={errors.metaDescription?.message}
      >
        {(p) => <textarea {...p} className="textarea w-full" rows={3} {...form.register('metaDescription')} />}
      </Field>
      <Field label="Keywords" hint="Comma separated, e.g. jazz, live music, tickets" error={errors.keywords?.message}>
        {(p) => <input {...p} className="input w-full" autoComplete="off" {...form.register('keywords')} />}
      </Field>
      <div className="grid gap-4 sm:grid-cols-[2fr_1fr]">
        <Field label="Open Graph image URL" error={errors.ogImageUrl?.message}>
          {(p) => <input {...p} className="input w-full" type="url" autoComplete="off" placeholder="https://" aria-invalid={!!errors.ogImageUrl} {...form.register('ogImageUrl')} />}
        </Field>
        <Field label="Open Graph type" error={errors.ogType?.message}>
          {(p) => (
            <select {...p} className="select w-full" {...form.register('ogType')}>
              {ogTypeOptions.map((type) => (
                <option key={type} value={type}>
                  {type}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      <div className="modal-action mt-2">
        <button type="button" className="btn btn-ghost" onClick={onDone} disabled={isSubmitting}>
          Cancel
        </button>
        <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
          {isSubmitting && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
          Save SEO
        </button>
      </div>
    </form>
  );
}
