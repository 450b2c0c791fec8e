import { ConfirmDialog } from '../ui/confirm-dialog.tsx';
import type { SignOut } from './use-sign-out.ts';

/** Logout while check-in scans made offline wait on this device: said plainly, not dropped unasked. */
export function UnsentScansDialog({ signOut }: { signOut: SignOut }) {
  const n = signOut.unsent;
  return (
    <ConfirmDialog
      open={n > 0}
      title="Check-in scans not sent"
      confirmLabel="Logout anyway"
      danger
      onConfirm={signOut.confirm}
      onClose={signOut.cancel}
    >
      <p>
        {n === 1 ? '1 scan made offline on this device has' : `${n} scans made offline on this device have`} not been sent yet. Logging out
        deletes {n === 1 ? 'it' : 'them'} from this device, with the ticket lists kept for the door. To send them first, cancel and open the
        check-in screen while online.
      </p>
    </ConfirmDialog>
  );
}
