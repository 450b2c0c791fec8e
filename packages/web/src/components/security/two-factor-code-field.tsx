import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { TextField } from '../ui/text-field.tsx';

/** The second factor where the password is asked again (Disable 2FA, Confirm your password): an app code or a recovery code. */
export function TwoFactorCodeField<T extends FieldValues>({ form, name }: { form: UseFormReturn<T>; name: Path<T> }) {
  return (
    <TextField
      form={form}
      name={name}
      label="Code"
      hint="A 6-digit code from your authenticator app, or one of your recovery codes"
      autoComplete="one-time-code"
    />
  );
}
