import { QueryClientProvider } from '@tanstack/react-query';
import { createFileRoute, redirect } from '@tanstack/react-router';
import { AppShell } from '../components/layout/app-shell.tsx';
import { ConnectionBanner } from '../components/ui/connection-banner.tsx';
import { trpc } from '../lib/trpc.ts';

/**
 * Every protected screen: signed-out visitors go to /login (SPEC §6); the server checks each call
 * too. The API client is loaded here, not in the entry, and handed to the screens' loaders through
 * the route context and to their components through the providers.
 */
export const Route = createFileRoute('/_authed')({
  beforeLoad: async ({ context, location }) => {
    if (!context.auth.get().isAuthenticated) {
      throw redirect({ to: '/login', search: { redirect: location.href } });
    }
    const api = (await import('../lib/trpc.ts')).connectApi(context.onUnauthorized);
    return { queryClient: api.queryClient, trpcClient: api.client, trpc: api.utils };
  },
  component: SignedInApp,
});

function SignedInApp() {
  const { queryClient, trpcClient } = Route.useRouteContext();
  return (
    <trpc.Provider client={trpcClient} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <AppShell />
        <ConnectionBanner />
      </QueryClientProvider>
    </trpc.Provider>
  );
}
