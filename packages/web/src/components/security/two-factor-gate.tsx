import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { twoFactorSetupRequired } from '@event-admin/core/user/user.schema';
import { Loading } from '../ui/load-state.tsx';
import { auth } from '../../lib/auth.ts';
import { errorStatus } from '../../lib/errors.ts';
import { trpc } from '../../lib/trpc.ts';

// Rarely needed: its code (the QR code among it) is fetched only when it is.
const TwoFactorSetup = lazy(() => import('./two-factor-setup.tsx').then((module) => ({ default: module.TwoFactorSetup })));

/**
 * The signed-in app, unless the team requires two-factor sign-in and this member has not set it
 * up: the server then refuses every call but the setup's (403 `Two-factor setup required`), so the
 * app is only that setup until it is done, and then reads everything again.
 */
export function TwoFactorGate({ children }: { children: ReactNode }) {
  const utils = trpc.useUtils();
  // A request of its own: a screen's batch of reads keeps its shape, and its failure is not this one's.
  const me = trpc.auth.me.useQuery(undefined, { trpc: { context: { alone: true } } });
  // Held until the setup says it is done: enabling ends `twoFactorSetupRequired` before the
  // recovery codes are put away.
  const [settingUp, setSettingUp] = useState(false);
  if (me.data?.twoFactorSetupRequired && !settingUp) setSettingUp(true);
  useSetupRefusals();
  useSignedInName(me.data?.username);

  if (!settingUp) return children;
  return (
    <Suspense fallback={<Loading label="Preparing two-factor setup" />}>
      <TwoFactorSetup
        onFinished={() => {
          setSettingUp(false);
          // What was refused meanwhile (the first screen's reads) is read again.
          void utils.invalidate();
        }}
      />
    </Suspense>
  );
}

/**
 * A call refused for want of 2FA setup (the rule was turned on while this member was signed in)
 * reads auth.me again, which brings the setup up: one screen instead of an error per panel.
 */
function useSetupRefusals() {
  const queryClient = useQueryClient();
  const utils = trpc.useUtils();
  useEffect(() => {
    const check = (error: unknown) => {
      if (errorStatus(error) !== 403 || (error as Error).message !== twoFactorSetupRequired) return;
      if (utils.auth.me.getData()?.twoFactorSetupRequired) return;
      void utils.auth.me.invalidate(undefined, undefined, { cancelRefetch: false });
    };
    const stopQueries = queryClient
      .getQueryCache()
      .subscribe((e) => e.type === 'updated' && e.action.type === 'error' && check(e.action.error));
    const stopMutations = queryClient
      .getMutationCache()
      .subscribe((e) => e?.type === 'updated' && e.action.type === 'error' && check(e.action.error));
    return () => {
      stopQueries();
      stopMutations();
    };
  }, [queryClient, utils]);
}

/** The avatar and the menu name read the browser's copy of the username: kept to the session's member. */
function useSignedInName(username: string | undefined) {
  useEffect(() => {
    if (username && username !== auth.get().username) auth.signIn(username);
  }, [username]);
}
