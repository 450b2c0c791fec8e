import { useId, type ReactNode } from 'react';
import { copyText } from './recovery-codes.tsx';

interface ShownOnceProps {
  /** the value's name for screen readers */
  label: string;
  value: string;
  /** names it in the copy toast: 'The token was' */
  what: string;
  /** what to do with it, above the value */
  children: ReactNode;
  /** below the value: its expiry, a Done button */
  after?: ReactNode;
  /** an "I have saved it" button below the value, which puts it away */
  onDone?: () => void;
}

/**
 * A secret the server answers this once (an API token, an invitation link), read-only and
 * selected on focus, with a Copy button.
 */
export function ShownOnce({ label, value, what, children, after, onDone }: ShownOnceProps) {
  const id = useId();
  return (
    <div role="status" className="alert alert-success flex flex-col items-stretch gap-2">
      {children}
      <div className="join w-full">
        <label htmlFor={id} className="sr-only">
          {label}
        </label>
        <input
          id={id}
          readOnly
          className="input join-item w-full font-mono text-xs text-base-content"
          value={value}
          onFocus={(e) => e.currentTarget.select()}
        />
        <button type="button" className="btn join-item" onClick={() => void copyText(value, what)}>
          Copy
        </button>
      </div>
      {after}
      {onDone && (
        <div>
          <button type="button" className="btn btn-sm" onClick={onDone}>
            I have saved it
          </button>
        </div>
      )}
    </div>
  );
}
