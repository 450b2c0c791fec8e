import { createRouter, type RouterHistory } from '@tanstack/react-router';
import type { JSX, ReactNode } from 'react';
import type { Auth } from './lib/auth.ts';
import { routeTree } from './routeTree.gen.ts';

/**
 * What every route sees. The API client (tRPC with React Query) is not here: the protected layout
 * (`routes/_authed.tsx`) loads it and adds it to its screens' context, so a first visit to /login
 * downloads none of it.
 */
export interface RouterContext {
  auth: Auth;
  /** the server said 401: forget the sign-in and go to /login */
  onUnauthorized: () => void;
}

/** What the build-time render of /login (prerender.tsx) sets differently; the browser sets none of it. */
export interface PrerenderOptions {
  history?: RouterHistory;
  InnerWrap?: (props: { children: ReactNode }) => JSX.Element;
  scrollRestoration?: boolean;
}

export function createAppRouter(context: RouterContext, prerender: PrerenderOptions = {}) {
  return createRouter({
    routeTree,
    context,
    defaultPreload: 'intent',
    scrollRestoration: true,
    ...prerender,
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
