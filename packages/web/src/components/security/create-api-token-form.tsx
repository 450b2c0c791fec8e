import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import {
  createApiTokenInput,
  maxTokenDays,
  type CreateApiTokenInput,
  type CreatedApiToken,
} from '@event-admin/core/api-token/api-token.schema';
import { Field } from '../ui/form-field.tsx';
import { toastFailure } from '../ui/toast.tsx';
import { trpc } from '../../lib/trpc.ts';
import { BusyButton } from '../ui/busy-button.tsx';
import { useConfirmed, wasCancelled } from './confirm-password-dialog.tsx';

/** Name, scope and expiry of a new token; `onCreated` gets its value, which is shown once. */
export function CreateApiTokenForm({ onCreated }: { onCreated: (token: CreatedApiToken) => void }) {
  const utils = trpc.useUtils();
  const create = useConfirmed(trpc.tokens.create.useMutation());
  const form = useForm<CreateApiTokenInput>({
    resolver: zodResolver(createApiTokenInput),
    defaultValues: { name: '', scope: 'read', expiresInDays: 90 },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const created = await create.mutateAsync(values);
      form.reset({ name: '', scope: 'read', expiresInDays: 90 });
      await utils.tokens.list.invalidate();
      onCreated(created);
    } catch (error) {
      if (!wasCancelled(error)) toastFailure('Failed to create token', error);
    }
  });

  return (
    <form className="grid gap-4 sm:grid-cols-3" onSubmit={onSubmit} noValidate aria-label="Create API token">
      <Field label="Token name" error={errors.name?.message}>
        {(p) => (
          <input {...p} className="input w-full" placeholder="Box office sync" disabled={create.isPending} {...form.register('name')} />
        )}
      </Field>
      <Field label="Scope" error={errors.scope?.message}>
        {(p) => (
          <select {...p} className="select w-full" disabled={create.isPending} {...form.register('scope')}>
            <option value="read">Read only</option>
            <option value="write">Read and write</option>
          </select>
        )}
      </Field>
      <Field label="Expires in (days)" hint={`1 to ${maxTokenDays}; empty for no expiry`} error={errors.expiresInDays?.message}>
        {(p) => (
          <input
            {...p}
            className="input w-full"
            type="number"
            min={1}
            max={maxTokenDays}
            disabled={create.isPending}
            {...form.register('expiresInDays', {
              setValueAs: (v: unknown) => (v === '' || v === undefined || v === null ? undefined : Number(v)),
            })}
          />
        )}
      </Field>
      <div className="sm:col-span-3">
        <BusyButton busy={create.isPending}>Create Token</BusyButton>
      </div>
    </form>
  );
}
