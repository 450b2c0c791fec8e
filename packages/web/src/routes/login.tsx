import { createFileRoute, redirect, useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { loginRules, twoFactorRequired, type LoginInput } from '@event-admin/core/auth/login.rules';
import { FieldError } from '../components/ui/form-field.tsx';
import { toast } from '../components/ui/toast.tsx';
import { auth } from '../lib/auth.ts';
import { brandName, logoUrl } from '../lib/brand.ts';
import { errorStatus } from '../lib/errors.ts';
import { optionalText, searchReader } from '../lib/search-params.ts';
import { trpc } from '../lib/trpc.ts';

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
  const login = trpc.auth.login.useMutation({ meta: { skipSignOut: true } });
  // The shared login rules, checked with react-hook-form's own rules (no schema library on /login).
  const form = useForm<LoginInput>({ defaultValues: { username: '', password: '', code: '' } });
  const busy = login.isPending;
  useEffect(() => {
    if (needsCode) form.setFocus('code');
  }, [needsCode, form]);

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const code = needsCode ? values.code?.trim() : undefined;
      const user = await login.mutateAsync({ username: values.username.trim(), password: values.password, ...(code ? { code } : {}) });
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
        form.setValue('code', '');
        toast({ title: 'Login failed', description: message, variant: 'destructive' });
      } else if (status === 401 || status === 400) {
        toast({ title: 'Login failed', description: 'Invalid username or password', variant: 'destructive' });
      } else if (status === 429) {
        toast({ title: 'Login failed', description: (error as Error).message, variant: 'destructive' });
      } else {
        toast({ title: 'Login error', description: 'An unexpected error occurred.', variant: 'destructive' });
      }
    }
  });

  return (
    <main className="flex min-h-screen flex-col items-center justify-center bg-base-200 px-4 py-10">
      <div className="mb-6 flex flex-col items-center gap-2 text-center">
        <img src={logoUrl} alt="" className="h-12 w-12" />
        <h1 className="text-3xl font-bold">{brandName}</h1>
        <p className="text-base-content/70">Admin Dashboard</p>
      </div>
      <div className="card w-full max-w-sm bg-base-100 shadow-md">
        <form className="card-body gap-4" onSubmit={onSubmit} noValidate>
          <div>
            <h2 className="card-title text-xl">Sign In</h2>
            <p className="text-sm text-base-content/70">Enter your credentials to access the admin dashboard</p>
          </div>
          <label className="form-control w-full">
            <span className="label-text mb-1 block text-sm font-medium">Username</span>
            <input
              className="input input-bordered w-full"
              autoComplete="username"
              disabled={busy}
              aria-invalid={!!form.formState.errors.username}
              {...form.register('username', {
                validate: (value) => value.trim() !== '' || loginRules.username.required,
                maxLength: { value: loginRules.username.maxLength, message: loginRules.username.tooLong },
              })}
            />
            <FieldError message={form.formState.errors.username?.message} />
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
                aria-invalid={!!form.formState.errors.password}
                {...form.register('password', {
                  required: loginRules.password.required,
                  maxLength: { value: loginRules.password.maxLength, message: loginRules.password.tooLong },
                })}
              />
              <button
                type="button"
                className="btn join-item"
                aria-label={showPassword ? 'Hide password' : 'Show password'}
                aria-pressed={showPassword}
                disabled={busy}
                onClick={() => setShowPassword((v) => !v)}
              >
                {showPassword ? 'Hide' : 'Show'}
              </button>
            </div>
            <FieldError message={form.formState.errors.password?.message} />
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
                aria-invalid={!!form.formState.errors.code}
                {...form.register('code', {
                  validate: (value) => (value ?? '').trim() !== '' || loginRules.code.required,
                  maxLength: { value: loginRules.code.maxLength, message: loginRules.code.tooLong },
                })}
              />
              <p id="login-code-hint" className="mt-1 text-xs text-base-content/60">
                The 6-digit code from your authenticator app, or one of your recovery codes
              </p>
              <FieldError message={form.formState.errors.code?.message} />
            </div>
          )}
          <button type="submit" className="btn btn-primary w-full" disabled={busy}>
            {busy && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
            {busy ? 'Signing in...' : 'Sign In'}
          </button>
        </form>
      </div>
      <footer className="mt-8 text-sm text-base-content/60">
        © {new Date().getFullYear()} {brandName}. All rights reserved.
      </footer>
    </main>
  );
}
