import type { InputHTMLAttributes, ReactNode } from 'react';
import { get, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import { Field } from './form-field.tsx';

/**
 * A labelled text input of a react-hook-form form: registered under `name`, its error (from the
 * form's schema) shown and linked. Other input attributes (type, autoComplete...) pass through.
 */
export function TextField<T extends FieldValues>({
  form,
  name,
  label,
  hint,
  className = 'input w-full',
  ...input
}: {
  form: UseFormReturn<T>;
  name: Path<T>;
  label: string;
  hint?: ReactNode;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'form'>) {
  const error = (get(form.formState.errors, name) as { message?: string } | undefined)?.message;
  return (
    <Field label={label} hint={hint} error={error}>
      {(p) => <input {...p} className={className} {...input} {...form.register(name)} />}
    </Field>
  );
}
