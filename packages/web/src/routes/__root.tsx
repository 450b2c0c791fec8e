import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { Toaster } from '../components/ui/toast.tsx';
import { appStylesReady } from '../lib/app-styles.ts';
import type { RouterContext } from '../router.tsx';

export const Route = createRootRouteWithContext<RouterContext>()({
  // Only /login is drawn by its own inline styles (login.html); any other screen waits for the app's.
  beforeLoad: ({ location }) => (location.pathname === '/login' || typeof document === 'undefined' ? undefined : appStylesReady()),
  component: Root,
  notFoundComponent: NotFound,
});

function Root() {
  return (
    <>
      <Outlet />
      <Toaster />
    </>
  );
}

function NotFound() {
  return (
    <main className="flex min-h-screen items-center justify-center bg-base-200 p-6">
      <div className="card w-full max-w-md bg-base-100 shadow">
        <div className="card-body">
          <h1 className="text-2xl font-bold">404 Page Not Found</h1>
          <p className="text-base-content/70">Did you forget to add the page to the router?</p>
        </div>
      </div>
    </main>
  );
}
