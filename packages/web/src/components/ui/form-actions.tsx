import type { ReactNode } from 'react';
import { BusyButton } from './busy-button.tsx';

/**
 * A dialog's foot: the server's refusal when there is one (what was typed stays above it), Cancel,
 * and the action, busy while it runs: a form's submit button, or `onConfirm`'s.
 */
export function FormActions({
  busy,
  onCancel,
  busyLabel,
  refusal,
  onConfirm,
  className,
  children,
}: {
  busy: boolean;
  onCancel: () => void;
  busyLabel?: string;
  refusal?: string | null;
  onConfirm?: () => void;
  /** the action's classes: the primary button unless told */
  className?: string;
  children: ReactNode;
}) {
  return (
    <>
      {refusal && (
        <p role="alert" className="alert alert-error mt-3 text-sm">
          {refusal}
        </p>
      )}
      <div className="modal-action mt-2">
        <button type="button" className="btn btn-ghost" onClick={onCancel} disabled={busy}>
          Cancel
        </button>
        <BusyButton busy={busy} busyLabel={busyLabel} className={className} type={onConfirm ? 'button' : 'submit'} onClick={onConfirm}>
          {children}
        </BusyButton>
      </div>
    </>
  );
}
