import type { ReactNode } from 'react';

/**
 * A button that runs something: while it runs, it is disabled and shows a spinner (and
 * `busyLabel`, where the screen names the busy state, e.g. 'Saving...').
 */
export function BusyButton({
  busy,
  busyLabel,
  children,
  className = 'btn btn-primary',
  disabled = false,
  type = 'submit',
  onClick,
}: {
  busy: boolean;
  busyLabel?: string;
  children: ReactNode;
  className?: string;
  disabled?: boolean;
  type?: 'submit' | 'button';
  onClick?: () => void;
}) {
  const spinner = className.includes('btn-sm') ? 'loading-xs' : 'loading-sm';
  return (
    <button type={type} className={className} disabled={busy || disabled} onClick={onClick}>
      {busy && <span className={`loading loading-spinner ${spinner}`} aria-hidden="true" />}
      {busy && busyLabel ? busyLabel : children}
    </button>
  );
}

/** An edit form's save button, at its end: disabled with 'Saving...' while the save runs. */
export function SaveBar({ busy, children }: { busy: boolean; children: ReactNode }) {
  return (
    <div className="flex justify-end">
      <BusyButton busy={busy} busyLabel="Saving...">
        {children}
      </BusyButton>
    </div>
  );
}

/**
 * A form's Cancel and submit buttons, at its end (`className`: a dialog's 'modal-action'); the
 * submit button is busy while `busy` (`submitClassName`: 'btn btn-error' for a destructive one).
 */
export function FormActions({
  onCancel,
  children,
  className = 'flex justify-end gap-2',
  busy = false,
  submitClassName = 'btn btn-primary',
}: {
  onCancel: () => void;
  children: ReactNode;
  className?: string;
  busy?: boolean;
  submitClassName?: string;
}) {
  return (
    <div className={className}>
      <button type="button" className="btn btn-ghost" onClick={onCancel}>
        Cancel
      </button>
      <BusyButton busy={busy} className={submitClassName}>
        {children}
      </BusyButton>
    </div>
  );
}

/** A row's Revoke button (a session, an API token): small, outlined in the error colour, named for its row. */
export function RevokeButton({ label, disabled, onClick }: { label: string; disabled?: boolean; onClick: () => void }) {
  return (
    <button type="button" className="btn btn-outline btn-error btn-xs" aria-label={label} disabled={disabled} onClick={onClick}>
      Revoke
    </button>
  );
}
