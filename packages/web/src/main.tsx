import './lib/zod-jitless.ts';
import './lib/skeleton-events.ts';
import { RouterProvider } from '@tanstack/react-router';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { auth } from './lib/auth.ts';
import { paintWhenSettled } from './lib/first-paint.ts';
import { initTheme } from './lib/theme.ts';
import { createAppRouter } from './router.tsx';
import './styles.css';

initTheme();

// The API client is the signed-in app's (routes/_authed.tsx): a signed-in visit starts fetching
// its code now, alongside the router's, instead of after it.
const loadApi = () => import('./lib/trpc.ts');
if (auth.get().isAuthenticated) void loadApi();

// Any 401 means the server session is gone: forget the browser's flag and go to /login. Unsaved
// edits cannot be saved without a session, so no form holds this navigation up.
const router = createAppRouter({
  auth,
  onUnauthorized: () => {
    if (!auth.get().isAuthenticated) return;
    auth.signOut();
    void loadApi().then((api) => api.clearApiCache());
    void router.navigate({ to: '/login', ignoreBlocker: true });
  },
});

const container = document.getElementById('root')!;
const app = (
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>
);

/**
 * login.html arrives with the sign-in screen already drawn (prerender.tsx, at build time). Once
 * the router has loaded /login as the build did, React takes that markup over instead of drawing
 * it again. A signed-in visitor is sent on to the dashboard instead: that screen starts afresh.
 */
function hydrateOrRender() {
  const match = router.state.matches.at(-1);
  if (router.state.location.pathname === '/login' && match?.routeId === '/login' && match.status === 'success') {
    hydrateRoot(container, app);
  } else {
    container.replaceChildren();
    render();
  }
}

/**
 * The first drawing of a screen is a transition: React renders it in slices of a few
 * milliseconds, between which the browser can answer the user (and load the rest), instead of in
 * one long task. It waits for the router to load that screen (its code, the API client), so that
 * no change of the router's state, which React draws in one piece, follows it. Nothing shows
 * until the screen's data are drawn too (lib/first-paint.ts), unless they take more than a second.
 */
const render = () => {
  paintWhenSettled(container);
  const root = createRoot(container);
  startTransition(() => root.render(app));
};

const start = container.hasChildNodes() ? hydrateOrRender : render;
void router.load().then(start, start);
