import { useEffect } from 'react';
import { Dialog } from '../ui/dialog.tsx';
import { Loading, LoadError } from '../ui/load-state.tsx';
import { toast, toastFailure } from '../ui/toast.tsx';
import { trpc } from '../../lib/trpc.ts';
import { formatDateTime } from '../../lib/format.ts';
import { describeUserAgent } from '../../lib/user-agent.ts';
import { RevokeButton } from '../ui/busy-button.tsx';
import { ScrollTable, actionsHead } from '../ui/scroll-table.tsx';
import { useConfirmed, wasCancelled } from './confirm-password-dialog.tsx';

/** Manage Sessions: every signed-in browser, with Revoke and "Sign out everywhere else". */
export function ManageSessionsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const utils = trpc.useUtils();
  const sessions = trpc.sessions.list.useQuery(undefined, { enabled: open });
  const revoke = useConfirmed(trpc.sessions.delete.useMutation());
  const revokeOthers = useConfirmed(trpc.sessions.revokeOthers.useMutation());
  // The list is read fresh each time the dialog opens: sessions come and go elsewhere.
  useEffect(() => {
    if (open) void utils.sessions.list.invalidate();
  }, [open, utils]);

  const act = async (work: () => Promise<unknown>, title: string, description: string) => {
    try {
      await work();
      toast({ title, description, variant: 'success' });
    } catch (error) {
      if (!wasCancelled(error)) toastFailure('Failed to revoke', error);
    } finally {
      await utils.sessions.list.invalidate();
    }
  };
  const list = sessions.data ?? [];
  const others = list.filter((s) => !s.current);

  return (
    <Dialog open={open} onClose={onClose} size="lg" title="Manage Sessions" description="Browsers signed in to your account, newest first.">
      {sessions.isPending ? (
        <Loading label="Loading sessions" />
      ) : sessions.isError ? (
        <LoadError what="The sessions" onRetry={() => void sessions.refetch()} />
      ) : (
        <div className="flex flex-col gap-4">
          <ScrollTable label="Sessions" className="table table-sm" head={['Device', 'IP address', 'Signed in', 'Last active', actionsHead]}>
            <tbody>
              {list.map((session) => {
                const device = describeUserAgent(session.userAgent);
                return (
                  <tr key={session.id} data-testid="session-row" data-current={session.current}>
                    <td title={session.userAgent}>{device}</td>
                    <td className="font-mono text-xs">{session.ip}</td>
                    <td>{formatDateTime(session.createdAt)}</td>
                    <td>{formatDateTime(session.lastSeenAt)}</td>
                    <td className="text-right">
                      {session.current ? (
                        <span className="badge badge-success badge-soft whitespace-nowrap">This session</span>
                      ) : (
                        <RevokeButton
                          label={`Revoke session: ${device}, ${session.ip}`}
                          disabled={revoke.isPending}
                          onClick={() =>
                            void act(() => revoke.mutateAsync({ id: session.id }), 'Session revoked', `${device} is signed out.`)
                          }
                        />
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </ScrollTable>
          <div className="flex justify-end gap-2">
            {others.length > 0 && (
              <button
                type="button"
                className="btn btn-outline btn-error"
                disabled={revokeOthers.isPending}
                onClick={() =>
                  void act(() => revokeOthers.mutateAsync(), 'Signed out everywhere else', 'Only this session is still signed in.')
                }
              >
                Sign out everywhere else
              </button>
            )}
            <button type="button" className="btn" onClick={onClose}>
              Close
            </button>
          </div>
        </div>
      )}
    </Dialog>
  );
}
