import { createRouter } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import type { Auth } from './lib/auth.ts';
import type { TrpcUtils } from './lib/trpc.ts';
import { routeTree } from './routeTree.gen.ts';

export interface RouterContext {
  auth: Auth;
  queryClient: QueryClient;
  /** tRPC's query helpers, for loaders (ensureData with the options the screen's useQuery uses). */
  trpc: TrpcUtils;
}

export function createAppRouter(context: RouterContext) {
  return createRouter({
    routeTree,
    context,
    defaultPreload: 'intent',
    scrollRestoration: true,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
  interface StaticDataRouteOption {
    /** The app shell's title for this screen (SPEC §2). */
    title?: string;
  }
}
