import { createFileRoute, redirect, useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState, useSyncExternalStore, type ChangeEvent } from 'react';
import { loginRules, twoFactorRequired, type LoginInput } from '@event-admin/core/auth/login.rules';
import { FieldError } from '../components/ui/form-field.tsx';
import { toast } from '../components/ui/toast.tsx';
import { auth } from '../lib/auth.ts';
import { errorStatus } from '../lib/errors.ts';
import { optionalText, searchReader } from '../lib/search-params.ts';
import { signIn } from '../lib/sign-in.ts';
import { BusyButton } from '../components/ui/busy-button.tsx';
import { noChanges, SignInFrame, SignInHeading } from '../components/layout/sign-in-frame.tsx';

/** Where to go after signing in (set by the guard of a protected page). */
const loginSearch = searchReader((search) => ({ redirect: optionalText(search.redirect, 2000) }));

export const Route = createFileRoute('/login')({
  validateSearch: loginSearch,
  beforeLoad: ({ context }) => {
    if (context.auth.get().isAuthenticated) throw redirect({ to: '/dashboard' });
  },
  component: LoginPage,
});

/** Only same-app paths are followed after sign-in. */
const safeRedirect = (target: string | undefined) =>
  target && target.startsWith('/') && !target.startsWith('//') && !target.startsWith('/login') ? target : '/dashboard';

function LoginPage() {
  const navigate = useNavigate();
  const search = Route.useSearch();
  const [showPassword, setShowPassword] = useState(false);
  // Two-factor sign-in is on: the server asked for a code, so the form asks for one too.
  const [needsCode, setNeedsCode] = useState(false);
  const [busy, setBusy] = useState(false);
  const form = useLoginForm(needsCode);
  // login.html shows this screen before its script runs: until React has taken it over, nothing
  // can be typed or sent (a native submit would leave the page).
  const ready = useHydrated();
  useEffect(() => {
    if (needsCode) form.focus('code');
  }, [needsCode, form]);

  const onSubmit = form.handleSubmit(async (values) => {
    setBusy(true);
    try {
      const code = needsCode ? values.code?.trim() : undefined;
      const user = await signIn({ username: values.username.trim(), password: values.password, ...(code ? { code } : {}) });
      auth.signIn(user.username);
      toast({ title: 'Login successful', description: 'Welcome to the admin dashboard', variant: 'success' });
      await navigate({ to: safeRedirect(search.redirect) });
    } catch (error) {
      const status = errorStatus(error);
      const message = (error as Error).message;
      if (status === 401 && message === twoFactorRequired) {
        setNeedsCode(true);
        toast({ title: twoFactorRequired, description: 'Enter the code from your authenticator app, or a recovery code.' });
      } else if (status === 401 && needsCode && message === 'Invalid two-factor code') {
        form.set('code', '');
        toast({ title: 'Login failed', description: message, variant: 'destructive' });
      } else if (status === 401 || status === 400) {
        toast({ title: 'Login failed', description: 'Invalid username or password', variant: 'destructive' });
      } else if (status === 429) {
        toast({ title: 'Login failed', description: (error as Error).message, variant: 'destructive' });
      } else {
        toast({ title: 'Login error', description: 'An unexpected error occurred.', variant: 'destructive' });
      }
    } finally {
      setBusy(false);
    }
  });

  return (
    <SignInFrame>
      {/* POST: a submit before the script has hydrated the prerendered form (login.html) never puts the password in a URL. */}
      <form className="card-body gap-4" method="post" onSubmit={onSubmit} noValidate>
        <SignInHeading title="Sign In">Enter your credentials to access the admin dashboard</SignInHeading>
        <label className="form-control w-full">
          <span className="label-text mb-1 block text-sm font-medium">Username</span>
          <input
            className="input input-bordered w-full"
            autoComplete="username"
            disabled={busy}
            readOnly={!ready}
            {...form.field('username')}
          />
          <FieldError message={form.errors.username} />
        </label>
        <div className="form-control w-full">
          <label htmlFor="login-password" className="label-text mb-1 block text-sm font-medium">
            Password
          </label>
          <div className="join w-full">
            <input
              id="login-password"
              type={showPassword ? 'text' : 'password'}
              className="input input-bordered join-item w-full"
              autoComplete="current-password"
              disabled={busy}
              readOnly={!ready}
              {...form.field('password')}
            />
            <button
              type="button"
              className="btn join-item"
              aria-label={showPassword ? 'Hide password' : 'Show password'}
              aria-pressed={showPassword}
              disabled={busy || !ready}
              onClick={() => setShowPassword((v) => !v)}
            >
              {showPassword ? 'Hide' : 'Show'}
            </button>
          </div>
          <FieldError message={form.errors.password} />
        </div>
        {needsCode && (
          <div className="form-control w-full">
            <label htmlFor="login-code" className="label-text mb-1 block text-sm font-medium">
              Authentication code
            </label>
            <input
              id="login-code"
              className="input input-bordered w-full"
              inputMode="text"
              autoComplete="one-time-code"
              aria-describedby="login-code-hint"
              disabled={busy}
              {...form.field('code')}
            />
            <p id="login-code-hint" className="mt-1 text-xs text-base-content/60">
              The 6-digit code from your authenticator app, or one of your recovery codes
            </p>
            <FieldError message={form.errors.code} />
          </div>
        )}
        <BusyButton busy={busy} busyLabel="Signing in..." className="btn btn-primary w-full" disabled={!ready}>
          Sign In
        </BusyButton>
      </form>
    </SignInFrame>
  );
}

/** True once React runs this screen in the browser; false in login.html's markup. */
const useHydrated = () =>
  useSyncExternalStore(
    noChanges,
    () => true,
    () => false,
  );

type LoginField = keyof LoginInput;

/** The shared login rules (core's login.rules.ts), each field's first broken one. */
function check(values: LoginInput, needsCode: boolean): Partial<Record<LoginField, string>> {
  const errors: Partial<Record<LoginField, string>> = {};
  const fields: LoginField[] = needsCode ? ['username', 'password', 'code'] : ['username', 'password'];
  for (const name of fields) {
    const value = values[name] ?? '';
    const rules = loginRules[name];
    // A password may be spaces; a username or code may not.
    if ((name === 'password' ? value : value.trim()) === '') errors[name] = rules.required;
    else if (value.length > rules.maxLength) errors[name] = rules.tooLong;
  }
  return errors;
}

/**
 * The sign-in form's state: three fields checked against the shared rules on submit, and again
 * on every change after a failed submit, the first invalid field focused. Written here rather than
 * with react-hook-form, which is the one library the rest of the app's forms need and this screen
 * would download only for this (the /login byte budget, docs/performance.md).
 */
function useLoginForm(needsCode: boolean) {
  const [values, setValues] = useState<LoginInput>({ username: '', password: '', code: '' });
  const [submitted, setSubmitted] = useState(false);
  const inputs = useRef<Partial<Record<LoginField, HTMLInputElement | null>>>({});
  const errors = submitted ? check(values, needsCode) : {};
  const focus = (name: LoginField) => inputs.current[name]?.focus();
  return {
    errors,
    focus,
    set: (name: LoginField, value: string) => setValues((current) => ({ ...current, [name]: value })),
    field: (name: LoginField) => ({
      name,
      value: values[name] ?? '',
      ref: (element: HTMLInputElement | null) => {
        inputs.current[name] = element;
      },
      onChange: (event: ChangeEvent<HTMLInputElement>) => setValues((current) => ({ ...current, [name]: event.target.value })),
      'aria-invalid': errors[name] !== undefined,
    }),
    handleSubmit: (onValid: (values: LoginInput) => Promise<void>) => async (event: { preventDefault: () => void }) => {
      event.preventDefault();
      setSubmitted(true);
      const found = Object.keys(check(values, needsCode)) as LoginField[];
      if (found.length > 0) return focus(found[0]!);
      await onValid(values);
    },
  };
}
