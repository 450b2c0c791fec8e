import { TRPCClientError } from '@trpc/client';
import type { AppRouter } from '@event-admin/functions/trpc/routers/_app';

/** The HTTP status of a failed call, if it reached the server. */
export function errorStatus(error: unknown): number | undefined {
  if (error instanceof TRPCClientError) return (error as TRPCClientError<AppRouter>).data?.httpStatus;
  return undefined;
}

/** The server's message for the user, or a fallback when there is none (network down, bug). */
export function errorMessage(error: unknown, fallback: string) {
  if (error instanceof TRPCClientError && error.data?.httpStatus && error.message) return error.message;
  return fallback;
}

export const isConflict = (error: unknown) => errorStatus(error) === 409;
