import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { appSettingsForm, defaultServiceFeePercentage, type AppSettingsInfo } from '@event-admin/core/settings/settings.schema';
import { FieldError } from '../ui/form-field.tsx';
import { toast } from '../ui/toast.tsx';
import { errorMessage, isConflict } from '../../lib/errors.ts';
import { trpc } from '../../lib/trpc.ts';
import { SettingsCard } from './settings-card.tsx';

/** Global Settings: the service fee, stored on the server for the whole app. */
export function GlobalSettingsForm() {
  const settings = trpc.settings.get.useQuery();
  return (
    <SettingsCard title="Global Settings" description="Settings that apply to the whole application.">
      {settings.isPending ? (
        <div className="flex justify-center py-8" role="status" aria-label="Loading settings">
          <span className="loading loading-spinner loading-lg" aria-hidden="true" />
        </div>
      ) : settings.isError ? (
        <div role="alert" className="py-6 text-center">
          <p className="text-error">The settings could not be loaded.</p>
          <button type="button" className="btn btn-sm mt-2" onClick={() => void settings.refetch()}>
            Try again
          </button>
        </div>
      ) : (
        // A new version (after a save) starts the form from what is stored.
        <ServiceFeeForm key={settings.data.version} settings={settings.data} />
      )}
    </SettingsCard>
  );
}

function ServiceFeeForm({ settings }: { settings: AppSettingsInfo }) {
  const id = useId();
  const utils = trpc.useUtils();
  const save = trpc.settings.save.useMutation();
  const form = useForm({
    resolver: zodResolver(appSettingsForm),
    defaultValues: { serviceFeePercentage: settings.serviceFeePercentage || defaultServiceFeePercentage },
  });
  const error = form.formState.errors.serviceFeePercentage?.message;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      // Version 0 means never saved; the API takes a version only once there is one.
      await save.mutateAsync({ serviceFeePercentage: values.serviceFeePercentage, version: settings.version > 0 ? settings.version : undefined });
      toast({ title: 'Settings updated', description: 'Global settings have been updated successfully.', variant: 'success' });
      await utils.settings.get.invalidate();
    } catch (e) {
      // A save that lost to another one says so plainly; the typed value stays in the field.
      const description = isConflict(e) ? errorMessage(e, 'Failed to update settings. Please try again.') : 'Failed to update settings. Please try again.';
      toast({ title: 'Error', description, variant: 'destructive' });
    }
  });

  return (
    <form className="flex flex-col gap-4" onSubmit={onSubmit} noValidate>
      <div>
        <label htmlFor={id} className="mb-1 block text-sm font-medium">
          Service Fee Percentage
        </label>
        <div className={`input w-full max-w-xs ${error ? 'input-error' : ''}`}>
          <input
            id={id}
            type="text"
            inputMode="decimal"
            placeholder="18"
            className="grow"
            aria-invalid={!!error}
            aria-describedby={`${id}-hint`}
            {...form.register('serviceFeePercentage')}
          />
          <span className="text-base-content/60" aria-hidden="true">
            %
          </span>
        </div>
        <p id={`${id}-hint`} className="mt-1 text-xs text-base-content/60">
          Service fee applied to all ticket purchases
        </p>
        <FieldError message={error} />
      </div>
      <div>
        <button type="submit" className="btn btn-primary" disabled={save.isPending}>
          {save.isPending && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
          Save Global Settings
        </button>
      </div>
    </form>
  );
}
