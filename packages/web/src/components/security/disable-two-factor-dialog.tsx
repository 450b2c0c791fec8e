import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { disableTwoFactorForm } from '@event-admin/core/two-factor/two-factor.schema';
import { Dialog } from '../ui/dialog.tsx';
import { Field } from '../ui/form-field.tsx';
import { toast } from '../ui/toast.tsx';
import { errorMessage, errorStatus } from '../../lib/errors.ts';
import { trpc } from '../../lib/trpc.ts';

/** Disable 2FA: the password and a code (or a recovery code) prove it is the administrator. */
export function DisableTwoFactorDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const utils = trpc.useUtils();
  const disable = trpc.twoFactor.disable.useMutation();
  const form = useForm({ resolver: zodResolver(disableTwoFactorForm), defaultValues: { password: '', code: '' } });
  const { errors } = form.formState;
  useEffect(() => {
    if (open) form.reset({ password: '', code: '' });
  }, [open, form]);

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await disable.mutateAsync(values);
      await utils.auth.me.invalidate();
      toast({ title: 'Two-factor sign-in is off', description: 'Only your password is asked for at sign-in now.', variant: 'success' });
      onClose();
    } catch (error) {
      const message = errorMessage(error, 'An error occurred. Please try again.');
      if (errorStatus(error) === 400) form.setError(/password/i.test(message) ? 'password' : 'code', { message });
      else toast({ title: 'Failed to disable 2FA', description: message, variant: 'destructive' });
    }
  });

  return (
    <Dialog open={open} onClose={onClose} title="Disable 2FA" description="Enter your password and a code from your authenticator app.">
      <form className="flex flex-col gap-4" onSubmit={onSubmit} noValidate>
        <Field label="Password" error={errors.password?.message}>
          {(p) => <input {...p} type="password" className="input w-full" autoComplete="current-password" autoFocus {...form.register('password')} />}
        </Field>
        <Field label="Code" hint="A 6-digit code from your authenticator app, or one of your recovery codes" error={errors.code?.message}>
          {(p) => <input {...p} className="input w-full" autoComplete="one-time-code" {...form.register('code')} />}
        </Field>
        <div className="flex justify-end gap-2">
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn btn-error" disabled={disable.isPending}>
            {disable.isPending && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
            Disable 2FA
          </button>
        </div>
      </form>
    </Dialog>
  );
}
