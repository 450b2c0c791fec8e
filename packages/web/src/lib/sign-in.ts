import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '@event-admin/functions/trpc/routers/_app';
import { HttpError } from './errors.ts';

type SignInInput = inferRouterInputs<AppRouter>['auth']['login'];
type SignedInUser = inferRouterOutputs<AppRouter>['auth']['login'];

/**
 * Signs in through the REST path of the same procedure (`POST /api/auth/login`). The sign-in
 * screen is the one a visitor sees before any data is read, so it ships without the API client
 * (tRPC with React Query, about 40 KB gzipped); the types still come from the server's router.
 */
export async function signIn(input: SignInInput): Promise<SignedInUser> {
  const response = await fetch('/api/auth/login', {
    method: 'POST',
    credentials: 'include',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(input),
  });
  if (!response.ok) throw new HttpError(response.status, (await response.text()) || response.statusText);
  return (await response.json()) as SignedInUser;
}
