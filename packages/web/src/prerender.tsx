// The build-time render of /login (vite-prerender.ts runs it after the browser build): the same
// router, route tree and components as the browser's, at /login and signed out, so login.html
// shows the sign-in card before any script runs and main.tsx hydrates it.
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { StrictMode, Suspense, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { auth } from './lib/auth.ts';
import loginCss from './login.css?inline';
import { createAppRouter } from './router.tsx';

/**
 * In a browser the router renders its matches inside a Suspense boundary; rendering on a server,
 * it leaves that boundary out (it expects its own SSR hydration, whose inline scripts our CSP
 * refuses). The same boundary here keeps the markup what the browser's first render expects.
 */
const BrowserBoundary = ({ children }: { children: ReactNode }) => <Suspense>{children}</Suspense>;

/** The sign-in screen's markup, and the styles it needs (login.css, compiled by Tailwind). */
export async function renderLogin(): Promise<{ markup: string; css: string }> {
  const router = createAppRouter(
    { auth, onUnauthorized: () => {} },
    // The scroll restoration script a server render adds would be refused by the CSP too.
    { history: createMemoryHistory({ initialEntries: ['/login'] }), InnerWrap: BrowserBoundary, scrollRestoration: false },
  );
  await router.load();
  const match = router.state.matches.at(-1);
  if (match?.routeId !== '/login' || match.status !== 'success')
    throw new Error(`prerendering /login ended at ${match?.routeId} (${match?.status})`);
  const markup = renderToString(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
  return { markup, css: loginCss };
}
