import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { disableTwoFactorForm } from '@event-admin/core/two-factor/two-factor.schema';
import { Dialog } from '../ui/dialog.tsx';
import { TextField } from '../ui/text-field.tsx';
import { toast, genericFailure } from '../ui/toast.tsx';
import { errorMessage, errorStatus } from '../../lib/errors.ts';
import { trpc } from '../../lib/trpc.ts';
import { TwoFactorCodeField } from './two-factor-code-field.tsx';
import { FormActions } from '../ui/busy-button.tsx';
import { useConfirmed, wasCancelled } from './confirm-password-dialog.tsx';

/** Disable 2FA: the password and a code (or a recovery code) prove it is the administrator. */
export function DisableTwoFactorDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const utils = trpc.useUtils();
  const disable = useConfirmed(trpc.twoFactor.disable.useMutation());
  const form = useForm({ resolver: zodResolver(disableTwoFactorForm), defaultValues: { password: '', code: '' } });
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
      if (wasCancelled(error)) return;
      const message = errorMessage(error, genericFailure);
      if (errorStatus(error) === 400) form.setError(/password/i.test(message) ? 'password' : 'code', { message });
      else toast({ title: 'Failed to disable 2FA', description: message, variant: 'destructive' });
    }
  });

  return (
    <Dialog open={open} onClose={onClose} title="Disable 2FA" description="Enter your password and a code from your authenticator app.">
      <form className="flex flex-col gap-4" onSubmit={onSubmit} noValidate>
        <TextField form={form} name="password" label="Password" type="password" autoComplete="current-password" data-autofocus />
        <TwoFactorCodeField form={form} name="code" />
        <FormActions onCancel={onClose} busy={disable.isPending} submitClassName="btn btn-error">
          Disable 2FA
        </FormActions>
      </form>
    </Dialog>
  );
}
