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

/** A labelled field with an optional hint and error; the label wraps the control. */
export function FormField({ label, hint, error, children }: { label: string; hint?: string; error?: string; children: ReactNode }) {
  return (
    <label className="form-control block w-full">
      <span className="mb-1 block text-sm font-medium">{label}</span>
      {children}
      {hint && <span className="mt-1 block text-xs text-base-content/60">{hint}</span>}
      <FieldError message={error} />
    </label>
  );
}
