import { zodResolver } from '@hookform/resolvers/zod';
import { createContext, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { confirmationRequired, confirmPasswordForm, confirmWindowMs, type ConfirmPasswordForm } from '@event-admin/core/auth/auth.schema';
import { twoFactorRequired } from '@event-admin/core/auth/login.rules';
import { FormActions } from '../ui/busy-button.tsx';
import { Dialog } from '../ui/dialog.tsx';
import { TextField } from '../ui/text-field.tsx';
import { genericFailure } from '../ui/toast.tsx';
import { errorMessage, errorStatus } from '../../lib/errors.ts';
import { trpc } from '../../lib/trpc.ts';
import { TwoFactorCodeField } from './two-factor-code-field.tsx';

/** The server refused an account change until the password is confirmed again (sudo mode). */
export const needsConfirmation = (error: unknown) => errorStatus(error) === 403 && (error as Error).message === confirmationRequired;

/** The Confirm your password dialog was cancelled: the change was not made, and there is nothing to report. */
class ConfirmationCancelled extends Error {
  constructor() {
    super('The password was not confirmed');
    this.name = 'ConfirmationCancelled';
  }
}
export const wasCancelled = (error: unknown) => error instanceof ConfirmationCancelled;

/** Resolves once the password is confirmed, rejects with ConfirmationCancelled on Cancel. */
type AskForPassword = (opener: Element | null) => Promise<void>;
const AskForPasswordContext = createContext<AskForPassword | null>(null);

interface Question {
  opener: Element | null;
  resolve: () => void;
  reject: (error: Error) => void;
}

/**
 * Holds the one Confirm your password dialog of the account changes below it (useConfirmed).
 * Changes that need it while it is open wait for the same answer.
 */
export function ConfirmPasswordProvider({ children }: { children: ReactNode }) {
  const [question, setQuestion] = useState<Question | null>(null);
  const asked = useRef<Promise<void> | null>(null);
  const answered = useRef<Element | null>(null);
  const [ask] = useState(() => {
    const askOnce: AskForPassword = (opener) => {
      asked.current ??= new Promise<void>((resolve, reject) => setQuestion({ opener, resolve, reject })).finally(() => {
        asked.current = null;
      });
      return asked.current;
    };
    return askOnce;
  });
  const answer = (confirmed: boolean) => {
    if (!question) return;
    answered.current = question.opener;
    setQuestion(null);
    if (confirmed) question.resolve();
    else question.reject(new ConfirmationCancelled());
  };
  // The dialog gives focus back to what had it; when that was lost (a button disabled while its
  // call ran), to what started the change. Runs after the dialog's own effect has closed it.
  useEffect(() => {
    const opener = answered.current;
    answered.current = null;
    if (question || !(opener instanceof HTMLElement)) return;
    if (!document.activeElement || document.activeElement === document.body) opener.focus();
  }, [question]);

  return (
    <AskForPasswordContext.Provider value={ask}>
      {children}
      <Dialog open={question !== null} onClose={() => answer(false)} title="Confirm your password" description={explanation}>
        <ConfirmPasswordFields onConfirmed={() => answer(true)} onCancel={() => answer(false)} />
      </Dialog>
    </AskForPasswordContext.Provider>
  );
}

const explanation = `Account changes need your password again: it is not asked for again in the next ${confirmWindowMs / 60_000} minutes.`;

/**
 * An account change's mutation, asking for the password when the server wants it confirmed and
 * then sending the same input again, so one click does what was asked. Cancel rejects with an
 * error `wasCancelled` recognises: the change was not made.
 */
export function useConfirmed<M extends { mutateAsync: (input: never) => Promise<unknown> }>(mutation: M): M {
  const ask = useContext(AskForPasswordContext);
  if (!ask) throw new Error('useConfirmed needs a ConfirmPasswordProvider above it');
  const mutateAsync = async (input: never) => {
    // Read now: by the time the server answers, the button that was pressed may be disabled.
    const opener = document.activeElement;
    try {
      return await mutation.mutateAsync(input);
    } catch (error) {
      if (!needsConfirmation(error)) throw error;
      await ask(opener);
      return mutation.mutateAsync(input);
    }
  };
  return { ...mutation, mutateAsync: mutateAsync as M['mutateAsync'] };
}

/** Mounted per opening (the Dialog renders its content only while open): nothing typed is kept. */
function ConfirmPasswordFields({ onConfirmed, onCancel }: { onConfirmed: () => void; onCancel: () => void }) {
  const me = trpc.auth.me.useQuery();
  const confirm = trpc.auth.confirm.useMutation();
  // The server asked for a code the cached `me` did not know was needed (2FA turned on elsewhere).
  const [codeAsked, setCodeAsked] = useState(false);
  const needsCode = me.data?.twoFactorEnabled === true || codeAsked;
  const form = useForm<ConfirmPasswordForm>({ resolver: zodResolver(confirmPasswordForm), defaultValues: { password: '', code: '' } });
  useEffect(() => {
    if (codeAsked) form.setFocus('code');
  }, [codeAsked, form]);

  const onSubmit = form.handleSubmit(async ({ password, code }) => {
    try {
      await confirm.mutateAsync({ password, ...(needsCode && code ? { code } : {}) });
      onConfirmed();
    } catch (error) {
      const message = errorMessage(error, genericFailure);
      if (errorStatus(error) !== 400) form.setError('root', { message });
      else if (message === twoFactorRequired || /code/i.test(message)) {
        setCodeAsked(true);
        form.setError('code', { message });
      } else form.setError('password', { message }, { shouldFocus: true });
    }
  });
  const failure = form.formState.errors.root?.message;

  return (
    <form className="flex flex-col gap-4" onSubmit={onSubmit} noValidate>
      <TextField form={form} name="password" label="Password" type="password" autoComplete="current-password" data-autofocus />
      {needsCode && <TwoFactorCodeField form={form} name="code" />}
      {failure && (
        <p className="alert alert-error text-sm" role="alert">
          {failure}
        </p>
      )}
      <FormActions onCancel={onCancel} busy={confirm.isPending}>
        Confirm
      </FormActions>
    </form>
  );
}
