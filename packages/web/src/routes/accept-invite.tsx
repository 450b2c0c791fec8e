import { zodResolver } from '@hookform/resolvers/zod';
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { acceptInviteForm, invitationInvalid, type AcceptInviteForm } from '@event-admin/core/user/user.schema';
import { SignInFrame, SignInHeading } from '../components/layout/sign-in-frame.tsx';
import { BusyButton } from '../components/ui/busy-button.tsx';
import { TextField } from '../components/ui/text-field.tsx';
import { genericFailure, toast } from '../components/ui/toast.tsx';
import { auth } from '../lib/auth.ts';
import { errorMessage } from '../lib/errors.ts';
import { optionalText, searchReader } from '../lib/search-params.ts';
import { acceptInvite } from '../lib/sign-in.ts';

/**
 * The link of an invitation (Settings > Team): the new member chooses a password and is signed
 * in. Public, like /login; open to a browser signed in as someone else too (that session ends).
 */
export const Route = createFileRoute('/accept-invite')({
  validateSearch: searchReader((search) => ({ code: optionalText(search.code) })),
  component: AcceptInvitePage,
});

const newPassword = { type: 'password', autoComplete: 'new-password' } as const;

function AcceptInvitePage() {
  const navigate = useNavigate();
  const { code } = Route.useSearch();
  const [invalid, setInvalid] = useState(!code);
  const form = useForm<AcceptInviteForm>({
    resolver: zodResolver(acceptInviteForm),
    defaultValues: { code: code ?? '', password: '', confirmPassword: '' },
  });
  const busy = form.formState.isSubmitting;
  const failure = form.formState.errors.root?.message;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const user = await acceptInvite(values);
      // Nothing read for an earlier session of this browser stays on screen.
      if (auth.get().isAuthenticated) (await import('../lib/trpc.ts')).clearApiCache();
      auth.signIn(user.username);
      toast({ title: 'Welcome', description: `You are signed in as ${user.username}.`, variant: 'success' });
      await navigate({ to: '/dashboard' });
    } catch (error) {
      const message = errorMessage(error, genericFailure);
      if (message === invitationInvalid) setInvalid(true);
      else form.setError('root', { message });
    }
  });

  return (
    <SignInFrame>
      {invalid ? (
        <div className="card-body gap-4">
          <SignInHeading title="Accept Invitation">Ask an administrator for a new invitation link.</SignInHeading>
          <p role="alert" className="alert alert-error text-sm">
            {invitationInvalid}
          </p>
          <Link to="/login" className="btn btn-primary w-full">
            Go to Sign In
          </Link>
        </div>
      ) : (
        <form className="card-body gap-4" onSubmit={onSubmit} noValidate>
          <SignInHeading title="Accept Invitation">Choose a password to finish setting up your account.</SignInHeading>
          <TextField form={form} name="password" label="New password" {...newPassword} disabled={busy} />
          <TextField form={form} name="confirmPassword" label="Confirm password" {...newPassword} disabled={busy} />
          {failure && (
            <p role="alert" className="alert alert-error text-sm">
              {failure}
            </p>
          )}
          <BusyButton busy={busy} busyLabel="Signing in..." className="btn btn-primary w-full">
            Accept and Sign In
          </BusyButton>
        </form>
      )}
    </SignInFrame>
  );
}
