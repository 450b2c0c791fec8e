import type { ReactNode } from 'react';

/** A field's validation message, announced to screen readers. */
export function FieldError({ message }: { message?: string }) {
  if (!message) return null;
  return (
    <p className="mt-1 text-sm text-error" role="alert">
      {message}
    </p>
  );
}

/**
 * A labelled field with an optional hint and error. The label wraps only its text and the
 * control, so the hint and the error never become part of the field's accessible name.
 */
export function FormField({ label, hint, error, children }: { label: string; hint?: string; error?: string; children: ReactNode }) {
  return (
    <div className="form-control block w-full">
      <label className="block">
        <span className="mb-1 block text-sm font-medium">{label}</span>
        {children}
      </label>
      {hint && <p className="mt-1 block text-xs text-base-content/60">{hint}</p>}
      <FieldError message={error} />
    </div>
  );
}
