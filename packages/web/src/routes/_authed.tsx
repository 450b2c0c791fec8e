import { QueryClientProvider } from '@tanstack/react-query';
import { createFileRoute, redirect } from '@tanstack/react-router';
import { AppShell } from '../components/layout/app-shell.tsx';
import { ConfirmPasswordProvider } from '../components/security/confirm-password-dialog.tsx';
import { TwoFactorGate } from '../components/security/two-factor-gate.tsx';
import { ConnectionBanner } from '../components/ui/connection-banner.tsx';
import { trpc, type Api } from '../lib/trpc.ts';

let api: Api | undefined;
const routeContext = (loaded: Api) => ({ queryClient: loaded.queryClient, trpcClient: loaded.client, trpc: loaded.utils });

/**
 * Every protected screen: signed-out visitors go to /login (SPEC §6); the server checks each call
 * too. The API client is loaded here, not in the entry, and handed to the screens' loaders through
 * the route context and to their components through the providers.
 */
export const Route = createFileRoute('/_authed')({
  beforeLoad: ({ context, location }) => {
    if (!context.auth.get().isAuthenticated) {
      throw redirect({ to: '/login', search: { redirect: location.href } });
    }
    // Loaded once; after that every navigation (a tab, a search) goes on without waiting for it.
    if (api) return routeContext(api);
    return import('../lib/trpc.ts').then((module) => routeContext((api = module.connectApi(context.onUnauthorized))));
  },
  component: SignedInApp,
});

function SignedInApp() {
  const { queryClient, trpcClient } = Route.useRouteContext();
  return (
    <trpc.Provider client={trpcClient} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        {/* One Confirm your password dialog for every account change, the 2FA setup's included. */}
        <ConfirmPasswordProvider>
          <TwoFactorGate>
            <AppShell />
          </TwoFactorGate>
        </ConfirmPasswordProvider>
        <ConnectionBanner />
      </QueryClientProvider>
    </trpc.Provider>
  );
}
