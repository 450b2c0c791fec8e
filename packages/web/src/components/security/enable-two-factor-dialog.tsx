import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { confirmationRequired } from '@event-admin/core/auth/auth.schema';
import { enableTwoFactorInput } from '@event-admin/core/two-factor/two-factor.schema';
import { Dialog } from '../ui/dialog.tsx';
import { TextField } from '../ui/text-field.tsx';
import { toast, genericFailure } from '../ui/toast.tsx';
import { errorMessage, errorStatus } from '../../lib/errors.ts';
import { trpc } from '../../lib/trpc.ts';
import { QrCode } from '../ui/qr-code.tsx';
import { RecoveryCodes } from './recovery-codes.tsx';
import { FormActions } from '../ui/busy-button.tsx';
import { Loading } from '../ui/load-state.tsx';
import { needsConfirmation, useConfirmed, wasCancelled } from './confirm-password-dialog.tsx';

/** 'ABCDEFGH...' in groups of four, easier to type into an app by hand. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/** What an "Enable 2FA" click started (useConfirmed): a new secret, asked for once per opening. */
export type TwoFactorSetupCall = ReturnType<typeof trpc.twoFactor.setup.useMutation>;

/**
 * Opening Enable 2FA: `start` opens the dialog and asks for a new secret at once. Without the
 * password confirmed nothing is set up, so the dialog closes again; other failures show in it.
 */
export function useEnableTwoFactor() {
  const setup = useConfirmed(trpc.twoFactor.setup.useMutation());
  const [open, setOpen] = useState(false);
  const start = () => {
    setOpen(true);
    setup.mutateAsync().catch((error: unknown) => wasCancelled(error) && setOpen(false));
  };
  return { setup, open, start, close: () => setOpen(false) };
}

/**
 * Enable 2FA: scan (or type) the secret, confirm with a first code, then keep the recovery codes.
 * The click that opens it asks for the secret (an effect would ask twice under StrictMode, and
 * only the later secret is pending on the server).
 */
export function EnableTwoFactorDialog({ setup, open, onClose }: { setup: TwoFactorSetupCall; open: boolean; onClose: () => void }) {
  // Mounted per opening: nothing of an earlier attempt left over.
  return open ? <EnableTwoFactor setup={setup} onClose={onClose} /> : null;
}

function EnableTwoFactor({ setup, onClose }: { setup: TwoFactorSetupCall; onClose: () => void }) {
  const utils = trpc.useUtils();
  const enable = useConfirmed(trpc.twoFactor.enable.useMutation());
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const form = useForm({ resolver: zodResolver(enableTwoFactorInput), defaultValues: { code: '' } });

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const result = await enable.mutateAsync({ ...values, secret: setup.data?.secret });
      setRecoveryCodes(result.recoveryCodes);
      await utils.auth.me.invalidate();
      toast({ title: 'Two-factor sign-in is on', description: 'You will be asked for a code each time you sign in.', variant: 'success' });
    } catch (error) {
      if (wasCancelled(error)) return;
      const message = errorMessage(error, genericFailure);
      if (errorStatus(error) === 400) form.setError('code', { message });
      else toast({ title: 'Failed to enable 2FA', description: message, variant: 'destructive' });
    }
  });

  return (
    <Dialog
      open
      onClose={onClose}
      title={recoveryCodes ? 'Save your recovery codes' : 'Enable 2FA'}
      description={recoveryCodes ? undefined : 'Scan the QR code with an authenticator app, then enter the 6-digit code it shows.'}
    >
      {recoveryCodes ? (
        <RecoveryCodes codes={recoveryCodes} onDone={onClose} />
      ) : needsConfirmation(setup.error) ? (
        // The Confirm your password dialog is open above this one: setup starts again once it is answered.
        <p className="py-8 text-center text-base-content/70">{confirmationRequired}.</p>
      ) : setup.isError ? (
        <p role="alert" className="text-error">
          {errorMessage(setup.error, 'Two-factor setup could not start. Please try again.')}
        </p>
      ) : !setup.data ? (
        <Loading label="Preparing two-factor setup" />
      ) : (
        <form className="flex flex-col items-center gap-4" onSubmit={onSubmit} noValidate>
          <QrCode value={setup.data.otpauthUrl} label="QR code for your authenticator app" unavailable="enter the secret below by hand." />
          <div className="w-full text-center">
            <p className="text-sm text-base-content/70">Or enter this secret by hand:</p>
            <p className="font-mono text-base break-all select-all" data-testid="two-factor-secret">
              {grouped(setup.data.secret)}
            </p>
          </div>
          <TextField
            form={form}
            name="code"
            label="Authentication code"
            inputMode="numeric"
            autoComplete="one-time-code"
            autoFocus
            disabled={enable.isPending}
          />
          <FormActions onCancel={onClose} busy={enable.isPending} className="flex w-full justify-end gap-2">
            Verify and Enable
          </FormActions>
        </form>
      )}
    </Dialog>
  );
}
