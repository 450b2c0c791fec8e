import type { Invitation, UserInfo } from '@event-admin/core/user/user.schema';
import { useConfirmed, wasCancelled } from '../security/confirm-password-dialog.tsx';
import { ConfirmDialog } from '../ui/confirm-dialog.tsx';
import { toast, toastFailure } from '../ui/toast.tsx';
import { trpc } from '../../lib/trpc.ts';

export type MemberAction = 'disable' | 'enable' | 'reset' | 'delete';

/** The actions a member's status allows; none on one's own row (the server refuses those too). */
export function actionsFor(member: UserInfo): MemberAction[] {
  if (member.status === 'active') return ['disable', 'reset'];
  if (member.status === 'disabled') return ['enable', 'reset'];
  // Only an invitation never used can go: a member who has signed in stays, for the history.
  return member.lastSignInAt === null ? ['reset', 'delete'] : ['reset'];
}

/** What each action is called, asks and says when done. */
export const memberActions: Record<
  MemberAction,
  {
    label: string;
    title: string;
    confirm: string;
    danger: boolean;
    ask: (m: UserInfo) => string;
    done: string;
    said: (m: UserInfo) => string;
  }
> = {
  disable: {
    label: 'Disable',
    title: 'Disable member?',
    confirm: 'Disable Member',
    danger: true,
    ask: (m) => `${m.name} (${m.username}) is signed out everywhere and can no longer sign in. You can enable them again later.`,
    done: 'Member disabled',
    said: (m) => `${m.username} can no longer sign in.`,
  },
  enable: {
    label: 'Enable',
    title: 'Enable member?',
    confirm: 'Enable Member',
    danger: false,
    ask: (m) => `${m.name} (${m.username}) can sign in again with their password.`,
    done: 'Member enabled',
    said: (m) => `${m.username} can sign in again.`,
  },
  reset: {
    label: 'Reset',
    title: 'Reset member?',
    confirm: 'Reset Member',
    danger: true,
    ask: (m) =>
      m.status === 'invited'
        ? `A new invitation link for ${m.name} (${m.username}) replaces the earlier one, which stops working.`
        : `${m.name} (${m.username}) is signed out everywhere; their password and two-factor sign-in are cleared. A new invitation link lets them choose a new password.`,
    done: 'Member reset',
    said: (m) => `Send ${m.username} the new invitation link.`,
  },
  delete: {
    label: 'Delete',
    title: 'Delete invitation?',
    confirm: 'Delete Member',
    danger: true,
    ask: (m) => `The invitation of ${m.name} (${m.username}) is deleted and its link stops working. This cannot be undone.`,
    done: 'Member deleted',
    said: (m) => `The invitation of ${m.username} is gone.`,
  },
};

/**
 * Asks before a member is disabled, enabled, reset or deleted, then does it (with the password
 * confirmed when the server wants it again). A reset's new invitation goes to `onInvitation`.
 */
export function MemberActionDialog({
  pending,
  onClose,
  onInvitation,
}: {
  pending: { action: MemberAction; member: UserInfo } | null;
  onClose: () => void;
  onInvitation: (invitation: Invitation) => void;
}) {
  const utils = trpc.useUtils();
  const disable = useConfirmed(trpc.users.disable.useMutation());
  const enable = useConfirmed(trpc.users.enable.useMutation());
  const reset = useConfirmed(trpc.users.reset.useMutation());
  const remove = useConfirmed(trpc.users.delete.useMutation());
  const others = { disable, enable, delete: remove };
  const busy = [disable, enable, reset, remove].some((call) => call.isPending);
  const text = pending ? memberActions[pending.action] : null;

  const run = async () => {
    if (!pending || !text) return;
    const { action, member } = pending;
    const id = { id: member.id };
    try {
      if (action === 'reset') onInvitation(await reset.mutateAsync(id));
      else await others[action].mutateAsync(id);
      toast({ title: text.done, description: text.said(member), variant: 'success' });
      onClose();
    } catch (error) {
      // Cancelled at the password: nothing changed, the question stays open.
      if (wasCancelled(error)) return;
      toastFailure(`Failed to ${action} member`, error);
      onClose();
    } finally {
      await utils.users.list.invalidate();
    }
  };

  return (
    <ConfirmDialog
      open={pending !== null}
      title={text?.title ?? ''}
      confirmLabel={text?.confirm ?? ''}
      danger={text?.danger}
      busy={busy}
      onConfirm={() => void run()}
      onClose={onClose}
    >
      {pending && text?.ask(pending.member)}
    </ConfirmDialog>
  );
}
