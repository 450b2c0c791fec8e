import type { ReactNode } from 'react';
import { errorMessage } from '../../lib/errors.ts';
import { Dialog } from './dialog.tsx';
import { FormActions } from './form-actions.tsx';

/** The parts of a mutation a confirmation reads: busy while it runs, its refusal shown, forgotten on close. */
interface ConfirmedMutation {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  reset: () => void;
}

/**
 * Asks before something that cannot be taken back (money moving, statuses changing): what will
 * happen, then Cancel or the action. A refusal from the server shows here, the dialog stays open.
 */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  danger = false,
  busy = false,
  error,
  onConfirm,
  onClose,
  mutation,
  failure = 'That did not work. Please try again.',
}: {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  danger?: boolean;
  busy?: boolean;
  error?: string | null;
  onConfirm: () => void;
  onClose: () => void;
  /** the mutation it confirms: gives `busy` and `error` (its message, or `failure`), and is reset on close */
  mutation?: ConfirmedMutation;
  failure?: string;
}) {
  const running = mutation ? mutation.isPending : busy;
  const refusal = mutation ? (mutation.isError ? errorMessage(mutation.error, failure) : null) : error;
  const close = () => {
    mutation?.reset();
    onClose();
  };
  return (
    <Dialog open={open} onClose={close} title={title}>
      <div className="text-sm">{children}</div>
      <FormActions
        busy={running}
        onCancel={close}
        refusal={refusal}
        onConfirm={onConfirm}
        className={`btn ${danger ? 'btn-error' : 'btn-primary'}`}
      >
        {confirmLabel}
      </FormActions>
    </Dialog>
  );
}
