import { useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';

/** A labelled on/off switch of a react-hook-form form, with a one-line description. */
export function Switch({
  label,
  description,
  registration,
  disabled,
}: {
  label: string;
  description: string;
  registration: UseFormRegisterReturn;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <div className="flex items-center justify-between gap-4 py-3">
      <div>
        <label htmlFor={id} className="font-medium">
          {label}
        </label>
        <p id={`${id}-description`} className="text-sm text-base-content/70">
          {description}
        </p>
      </div>
      <input
        id={id}
        type="checkbox"
        role="switch"
        className="toggle toggle-primary"
        aria-describedby={`${id}-description`}
        disabled={disabled}
        {...registration}
      />
    </div>
  );
}
