import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { changePasswordForm } from '@event-admin/core/auth/auth.schema';
import { TextField } from '../ui/text-field.tsx';
import { toast, genericFailure } from '../ui/toast.tsx';
import { errorMessage, errorStatus } from '../../lib/errors.ts';
import { trpc } from '../../lib/trpc.ts';
import { ApiTokensSection } from '../security/api-tokens-section.tsx';
import { DisableTwoFactorDialog } from '../security/disable-two-factor-dialog.tsx';
import { EnableTwoFactorDialog } from '../security/enable-two-factor-dialog.tsx';
import { ManageSessionsDialog } from '../security/manage-sessions-dialog.tsx';
import { SettingsCard } from './settings-card.tsx';
import { BusyButton } from '../ui/busy-button.tsx';

/** Security: the password, two-factor sign-in, the signed-in sessions and API tokens, all checked on the server. */
export function SecurityForm() {
  const changePassword = trpc.auth.changePassword.useMutation();
  const form = useForm({
    resolver: zodResolver(changePasswordForm),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });
  const busy = changePassword.isPending;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await changePassword.mutateAsync(values);
      form.reset();
      toast({ title: 'Password updated', description: 'Use your new password the next time you sign in.', variant: 'success' });
    } catch (error) {
      const message = errorMessage(error, genericFailure);
      // A wrong current password is the field's problem: say it there too.
      if (errorStatus(error) === 400) form.setError('currentPassword', { message });
      toast({ title: 'Failed to update password', description: message, variant: 'destructive' });
    }
  });

  return (
    <div className="flex flex-col gap-6">
      <SettingsCard title="Password" description="Change the password you sign in with.">
        <form className="flex flex-col gap-4" onSubmit={onSubmit} noValidate>
          <TextField
            form={form}
            name="currentPassword"
            label="Current password"
            type="password"
            autoComplete="current-password"
            disabled={busy}
          />
          <TextField form={form} name="newPassword" label="New password" type="password" autoComplete="new-password" disabled={busy} />
          <TextField
            form={form}
            name="confirmPassword"
            label="Confirm new password"
            type="password"
            autoComplete="new-password"
            disabled={busy}
          />
          <div>
            <BusyButton busy={busy}>Update Password</BusyButton>
          </div>
        </form>
      </SettingsCard>
      <TwoFactorAndSessions />
      <ApiTokensSection />
    </div>
  );
}

/** SPEC's Enable 2FA and Manage Sessions buttons, each opening its dialog. */
function TwoFactorAndSessions() {
  const me = trpc.auth.me.useQuery();
  const [open, setOpen] = useState<'enable' | 'disable' | 'sessions' | null>(null);
  const setup = trpc.twoFactor.setup.useMutation();
  const startEnable = () => {
    setup.mutate();
    setOpen('enable');
  };
  const close = () => setOpen(null);
  const enabled = me.data?.twoFactorEnabled;
  return (
    <SettingsCard title="Two-factor sign-in and sessions" description="Extra protection for the administrator account.">
      <p className="text-sm" data-testid="two-factor-status">
        {me.isPending
          ? 'Checking two-factor sign-in...'
          : enabled
            ? 'Two-factor sign-in is on: a code from your authenticator app is asked for at every sign-in.'
            : 'Two-factor sign-in is off.'}
      </p>
      <div className="flex flex-wrap gap-2">
        {me.isSuccess &&
          (enabled ? (
            <button type="button" className="btn btn-outline" onClick={() => setOpen('disable')}>
              Disable 2FA
            </button>
          ) : (
            <button type="button" className="btn btn-outline" onClick={startEnable}>
              Enable 2FA
            </button>
          ))}
        <button type="button" className="btn btn-outline" onClick={() => setOpen('sessions')}>
          Manage Sessions
        </button>
      </div>
      <EnableTwoFactorDialog setup={setup} open={open === 'enable'} onClose={close} />
      <DisableTwoFactorDialog open={open === 'disable'} onClose={close} />
      <ManageSessionsDialog open={open === 'sessions'} onClose={close} />
    </SettingsCard>
  );
}
