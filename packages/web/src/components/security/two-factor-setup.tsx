import { useEffect, useRef } from 'react';
import { SignInFrame, SignInHeading } from '../layout/sign-in-frame.tsx';
import { UnsentScansDialog } from '../layout/unsent-scans-dialog.tsx';
import { useSignOut } from '../layout/use-sign-out.ts';
import { trpc } from '../../lib/trpc.ts';
import { EnableTwoFactorDialog, useEnableTwoFactor } from './enable-two-factor-dialog.tsx';

/**
 * What a member sees while the team requires two-factor sign-in and they have none: the Enable
 * 2FA dialog, opened straight away, over a card that opens it again or logs out. `onFinished` once
 * 2FA is on and the recovery codes are put away.
 */
export function TwoFactorSetup({ onFinished }: { onFinished: () => void }) {
  const utils = trpc.useUtils();
  const enable = useEnableTwoFactor();
  const signOut = useSignOut();
  // Once per showing (StrictMode runs effects twice; each opening asks the server for a new secret).
  const opened = useRef(false);
  useEffect(() => {
    if (opened.current) return;
    opened.current = true;
    enable.start();
  }, [enable]);
  const close = () => {
    enable.close();
    if (utils.auth.me.getData()?.twoFactorSetupRequired === false) onFinished();
  };

  return (
    <SignInFrame>
      <div className="card-body gap-4">
        <SignInHeading title="Set Up Two-Factor Sign-In">Your team requires two-factor sign-in for every member.</SignInHeading>
        <p className="text-sm">Set it up with an authenticator app to continue: nothing else is open until you do.</p>
        <button type="button" className="btn btn-primary w-full" onClick={enable.start}>
          Enable 2FA
        </button>
        <button type="button" className="btn btn-ghost w-full" onClick={() => void signOut.signOut()}>
          Logout
        </button>
      </div>
      <EnableTwoFactorDialog setup={enable.setup} open={enable.open} onClose={close} />
      <UnsentScansDialog signOut={signOut} />
    </SignInFrame>
  );
}
