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
  setValueAs,
  ...input
}: {
  form: UseFormReturn<T>;
  name: Path<T>;
  label: string;
  hint?: ReactNode;
  /** what the box's text becomes in the form's values (a number field's, for one) */
  setValueAs?: (text: string) => unknown;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'form'>) {
  const error = (get(form.formState.errors, name) as { message?: string } | undefined)?.message;
  return (
    <Field label={label} hint={hint} error={error}>
      {(p) => <input {...p} className={className} {...input} {...form.register(name, setValueAs ? { setValueAs } : {})} />}
    </Field>
  );
}

/** A number box's value: empty is `empty` (null for no limit, undefined for the default), else the number for the schema to judge. */
export const numberOr =
  (empty: null | undefined) =>
  (text: unknown): number | null | undefined =>
    text === '' || text === null || text === undefined ? empty : Number(text);
