import { createFileRoute, redirect } from '@tanstack/react-router';
import { AppShell } from '../components/layout/app-shell.tsx';

/** Every protected screen: signed-out visitors go to /login (SPEC §6); the server checks each call too. */
export const Route = createFileRoute('/_authed')({
  beforeLoad: ({ context, location }) => {
    if (!context.auth.get().isAuthenticated) {
      throw redirect({ to: '/login', search: { redirect: location.href } });
    }
  },
  component: AppShell,
});
