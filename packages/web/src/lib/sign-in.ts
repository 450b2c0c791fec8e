import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '@event-admin/functions/trpc/routers/_app';
import { HttpError } from './errors.ts';

type AuthInputs = inferRouterInputs<AppRouter>['auth'];
type AuthOutputs = inferRouterOutputs<AppRouter>['auth'];

/**
 * Signs in through the REST path of the same procedure (`POST /api/auth/login`). The sign-in
 * screen is the one a visitor sees before any data is read, so it ships without the API client
 * (tRPC with React Query, about 40 KB gzipped); the types still come from the server's router.
 */
export const signIn = (input: AuthInputs['login']) => post<AuthOutputs['login']>('/api/auth/login', input);

/** An invited member sets their password and is signed in (`POST /api/auth/accept-invite`), the same way. */
export const acceptInvite = (input: AuthInputs['acceptInvite']) => post<AuthOutputs['acceptInvite']>('/api/auth/accept-invite', input);

async function post<T>(path: string, input: unknown): Promise<T> {
  const response = await fetch(path, {
    method: 'POST',
    credentials: 'include',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(input),
  });
  if (!response.ok) throw new HttpError(response.status, (await response.text()) || response.statusText);
  return (await response.json()) as T;
}
