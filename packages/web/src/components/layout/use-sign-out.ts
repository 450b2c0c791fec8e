import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { auth } from '../../lib/auth.ts';
import { trpc } from '../../lib/trpc.ts';
import { toast } from '../ui/toast.tsx';

// The door's store (IndexedDB) is the check-in screen's: loaded only when someone logs out.
const doors = () => import('../check-in/door-store.ts');

/**
 * Logout (the avatar menu, the required 2FA setup): SPEC's toast, then /login, and what the
 * check-in screen kept in this browser is deleted (its ticket lists hold attendees' names). Scans
 * made offline and not sent yet are said first (`unsent`): Logout anyway (`confirm`) or `cancel`.
 */
export function useSignOut() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const logout = trpc.auth.logout.useMutation({ meta: { skipSignOut: true } });
  const [unsent, setUnsent] = useState(0);

  const leave = async () => {
    setUnsent(0);
    // The server session ends first; the browser forgets it even if the server is unreachable.
    await logout.mutateAsync().catch(() => undefined);
    auth.signOut();
    queryClient.clear();
    toast({ title: 'Logged out successfully', description: 'You have been logged out of your account' });
    await navigate({ to: '/login' });
    // After the screen has gone, so no door writes its list back.
    await doors()
      .then((door) => door.forgetDoors())
      .catch(() => undefined);
  };

  const signOut = async () => {
    const waiting = await doors()
      .then((door) => door.scansWaiting())
      .catch(() => 0);
    if (waiting > 0) setUnsent(waiting);
    else await leave();
  };

  return { signOut, unsent, confirm: () => void leave(), cancel: () => setUnsent(0) };
}
export type SignOut = ReturnType<typeof useSignOut>;
