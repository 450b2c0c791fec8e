import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { auth } from './lib/auth.ts';
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
    createRoot(container).render(app);
  }
}

if (container.hasChildNodes()) void router.load().then(hydrateOrRender, hydrateOrRender);
else createRoot(container).render(app);
