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
