import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
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

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
