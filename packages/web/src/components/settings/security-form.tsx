import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { changePasswordForm } from '@event-admin/core/auth/auth.schema';
import { TextField } from '../ui/text-field.tsx';
import { toast, genericFailure } from '../ui/toast.tsx';
import { errorMessage, errorStatus } from '../../lib/errors.ts';
import { trpc } from '../../lib/trpc.ts';
import { useConfirmed, wasCancelled } from '../security/confirm-password-dialog.tsx';
import { DisableTwoFactorDialog } from '../security/disable-two-factor-dialog.tsx';
import { EnableTwoFactorDialog, useEnableTwoFactor } from '../security/enable-two-factor-dialog.tsx';
import { ManageSessionsDialog } from '../security/manage-sessions-dialog.tsx';
import { TeamTwoFactorPolicy } from '../security/team-two-factor-policy.tsx';
import { SettingsCard } from './settings-card.tsx';
import { BusyButton } from '../ui/busy-button.tsx';

/**
 * Security: the password, two-factor sign-in, the signed-in sessions and the team's 2FA rule (API
 * tokens are under Integrations), all checked on the server. Every change to them asks for the password first when the
 * server wants it again (the ConfirmPasswordProvider of the signed-in app).
 */
export function SecurityForm() {
  return (
    <div className="flex flex-col gap-6">
      <ChangePassword />
      <TwoFactorAndSessions />
      <TeamTwoFactorPolicy />
    </div>
  );
}

const emptyPasswordForm = { currentPassword: '', newPassword: '', confirmPassword: '', keepTokens: false };

function ChangePassword() {
  const utils = trpc.useUtils();
  const changePassword = useConfirmed(trpc.auth.changePassword.useMutation());
  const form = useForm({ resolver: zodResolver(changePasswordForm), defaultValues: emptyPasswordForm });
  const busy = changePassword.isPending;
  const keepTokensHint = useId();

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await changePassword.mutateAsync(values);
      form.reset(emptyPasswordForm);
      toast({ title: 'Password updated', description: 'Use your new password the next time you sign in.', variant: 'success' });
      // Unless kept, the API tokens this user created went with the old password.
      await utils.tokens.list.invalidate();
    } catch (error) {
      if (wasCancelled(error)) return;
      const message = errorMessage(error, genericFailure);
      // A wrong current password is the field's problem: say it there too.
      if (errorStatus(error) === 400) form.setError('currentPassword', { message });
      toast({ title: 'Failed to update password', description: message, variant: 'destructive' });
    }
  });

  return (
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
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="checkbox checkbox-sm"
              aria-describedby={keepTokensHint}
              disabled={busy}
              {...form.register('keepTokens')}
            />
            Keep my API tokens
          </label>
          <p id={keepTokensHint} className="mt-1 text-xs text-base-content/60">
            Otherwise the API tokens you created stop working: whoever knew the old password may have made one.
          </p>
        </div>
        <div>
          <BusyButton busy={busy}>Update Password</BusyButton>
        </div>
      </form>
    </SettingsCard>
  );
}

/** SPEC's Enable 2FA and Manage Sessions buttons, each opening its dialog. */
function TwoFactorAndSessions() {
  const me = trpc.auth.me.useQuery();
  const [open, setOpen] = useState<'disable' | 'sessions' | null>(null);
  const enable = useEnableTwoFactor();
  const close = () => setOpen(null);
  const enabled = me.data?.twoFactorEnabled;
  return (
    <SettingsCard title="Two-factor sign-in and sessions" description="Extra protection for your account.">
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
            <button type="button" className="btn btn-outline" onClick={enable.start}>
              Enable 2FA
            </button>
          ))}
        <button type="button" className="btn btn-outline" onClick={() => setOpen('sessions')}>
          Manage Sessions
        </button>
      </div>
      <EnableTwoFactorDialog setup={enable.setup} open={enable.open} onClose={enable.close} />
      <DisableTwoFactorDialog open={open === 'disable'} onClose={close} />
      <ManageSessionsDialog open={open === 'sessions'} onClose={close} />
    </SettingsCard>
  );
}
