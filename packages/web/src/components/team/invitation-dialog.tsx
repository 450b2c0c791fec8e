import type { Invitation } from '@event-admin/core/user/user.schema';
import { ShownOnce } from '../security/shown-once.tsx';
import { Dialog } from '../ui/dialog.tsx';
import { formatDateTime } from '../../lib/format.ts';

/**
 * The link of a new invitation (Invite Member, Reset), shown this once: the server keeps only a
 * hash of its code. The member opens it to choose a password.
 */
export function InvitationDialog({ invitation, onClose }: { invitation: Invitation | null; onClose: () => void }) {
  return (
    <Dialog
      open={invitation !== null}
      onClose={onClose}
      title="Invitation link"
      description={invitation ? `For ${invitation.user.name} (${invitation.user.username})` : undefined}
    >
      {invitation && (
        <div className="flex flex-col gap-4">
          <ShownOnce
            label="Invitation link"
            value={invitation.inviteUrl}
            what="The invitation link was"
            after={<p className="text-sm">It works once, until {formatDateTime(invitation.expiresAt)}.</p>}
          >
            <p className="font-semibold">Copy this link and send it to {invitation.user.username}: it will not be shown again.</p>
          </ShownOnce>
          <div className="modal-action mt-0">
            <button type="button" className="btn btn-primary" onClick={onClose}>
              Done
            </button>
          </div>
        </div>
      )}
    </Dialog>
  );
}
