import { createRouter } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import type { Auth } from './lib/auth.ts';
import { routeTree } from './routeTree.gen.ts';

export interface RouterContext {
  auth: Auth;
  queryClient: QueryClient;
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
