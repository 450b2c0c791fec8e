import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { webhookEventTypes, webhookForm, type WebhookForm, type WebhookInfo } from '@event-admin/core/webhook/webhook.schema';
import { FormActions } from '../ui/busy-button.tsx';
import { FieldError } from '../ui/form-field.tsx';
import { TextField } from '../ui/text-field.tsx';

const empty: WebhookForm = { url: '', description: '', events: ['transaction.created'] };

/**
 * An endpoint's URL, description and the events it wants: the same form adds one (Settings >
 * Integrations) and edits one (its dialog). `onSave` throws to keep the form as it is.
 */
export function WebhookFormFields({
  endpoint,
  busy,
  submitLabel,
  onSave,
  onCancel,
}: {
  endpoint?: WebhookInfo;
  busy: boolean;
  submitLabel: string;
  onSave: (values: WebhookForm) => Promise<void>;
  onCancel?: () => void;
}) {
  const defaults = endpoint ? { url: endpoint.url, description: endpoint.description, events: endpoint.events } : empty;
  const form = useForm<WebhookForm>({ resolver: zodResolver(webhookForm), defaultValues: defaults });
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await onSave(values);
      if (!endpoint) form.reset(empty);
    } catch {
      // said by the caller's toast; the input stays
    }
  });
  const eventsError = form.formState.errors.events?.message;
  return (
    <form className="flex flex-col gap-4" onSubmit={onSubmit} noValidate aria-label={endpoint ? 'Edit webhook' : 'Add webhook'}>
      <TextField
        form={form}
        name="url"
        label="Endpoint URL"
        placeholder="https://example.com/webhooks"
        autoComplete="off"
        disabled={busy}
      />
      <TextField form={form} name="description" label="Description (optional)" autoComplete="off" disabled={busy} />
      <fieldset>
        <legend className="mb-1 text-sm font-medium">Events to send</legend>
        <div className="grid gap-1 sm:grid-cols-2">
          {webhookEventTypes.map((type) => (
            <label key={type} className="flex items-center gap-2 text-sm">
              <input type="checkbox" className="checkbox checkbox-sm" value={type} disabled={busy} {...form.register('events')} />
              <code>{type}</code>
            </label>
          ))}
        </div>
        <FieldError message={eventsError} />
      </fieldset>
      {onCancel ? (
        <FormActions onCancel={onCancel} busy={busy} className="modal-action">
          {submitLabel}
        </FormActions>
      ) : (
        <div>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
            {submitLabel}
          </button>
        </div>
      )}
    </form>
  );
}
