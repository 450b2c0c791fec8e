import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { auth } from '../../lib/auth.ts';
import { trpc } from '../../lib/trpc.ts';
import { toast } from '../ui/toast.tsx';

/** Logout (the avatar menu, the required 2FA setup): SPEC's toast, then /login. */
export function useSignOut() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const logout = trpc.auth.logout.useMutation({ meta: { skipSignOut: true } });
  return async () => {
    // The server session ends first; the browser forgets it even if the server is unreachable.
    await logout.mutateAsync().catch(() => undefined);
    auth.signOut();
    queryClient.clear();
    toast({ title: 'Logged out successfully', description: 'You have been logged out of your account' });
    await navigate({ to: '/login' });
  };
}
