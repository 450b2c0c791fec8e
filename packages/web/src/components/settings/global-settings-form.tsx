import { useId } from 'react';
import { appSettingsForm, defaultServiceFeePercentage, type AppSettingsInfo } from '@event-admin/core/settings/settings.schema';
import { FieldError } from '../ui/form-field.tsx';
import { Loaded } from '../ui/load-state.tsx';
import { toast } from '../ui/toast.tsx';
import { useVersionedForm } from '../ui/use-versioned-form.tsx';
import { errorMessage } from '../../lib/errors.ts';
import { trpc } from '../../lib/trpc.ts';
import { SettingsCard } from './settings-card.tsx';
import { BusyButton } from '../ui/busy-button.tsx';
import { TimeZoneField } from '../ui/time-zone-field.tsx';

/** Global Settings: the service fee and the business's time zone, stored on the server for the whole app. */
export function GlobalSettingsForm() {
  const settings = trpc.settings.get.useQuery();
  return (
    <SettingsCard title="Global Settings" description="Settings that apply to the whole application.">
      <Loaded query={settings} label="Loading settings" what="The settings">
        {(data) => <ServiceFeeForm settings={data} />}
      </Loaded>
    </SettingsCard>
  );
}

const feeValues = (settings: AppSettingsInfo) => ({
  serviceFeePercentage: settings.serviceFeePercentage || defaultServiceFeePercentage,
  timeZone: settings.timeZone,
});
const failed = 'Failed to update settings. Please try again.';

/** The service fee form: its schema, how the settings fill it, its name in a conflict notice. */
const feeFormSpec = { schema: appSettingsForm, toValues: feeValues, what: 'service fee' };

function ServiceFeeForm({ settings }: { settings: AppSettingsInfo }) {
  const id = useId();
  const utils = trpc.useUtils();
  const save = trpc.settings.save.useMutation();
  const { form, onSubmit, notices } = useVersionedForm(feeFormSpec, {
    // Version 0 means never saved: the first save is refused too if another admin's came first.
    record: settings,
    save: (values, version) => save.mutateAsync({ serviceFeePercentage: values.serviceFeePercentage, timeZone: values.timeZone, version }),
    load: () => utils.settings.get.fetch(undefined, { staleTime: 0 }),
    cache: (saved) => utils.settings.get.setData(undefined, saved),
    onSaved: () => toast({ title: 'Settings updated', description: 'Global settings have been updated successfully.', variant: 'success' }),
    // A save that lost to another one says so plainly; the typed value stays in the field.
    onFailed: (e, conflict) => toast({ title: 'Error', description: conflict ? errorMessage(e, failed) : failed, variant: 'destructive' }),
  });
  const error = form.formState.errors.serviceFeePercentage?.message;
  const timeZone = form.watch('timeZone');

  return (
    <form className="flex flex-col gap-4" onSubmit={onSubmit} noValidate>
      {notices}
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
      <TimeZoneField
        label="Time Zone"
        value={timeZone}
        error={form.formState.errors.timeZone?.message}
        registration={form.register('timeZone')}
      />
      <div>
        <BusyButton busy={save.isPending}>Save Global Settings</BusyButton>
      </div>
    </form>
  );
}
