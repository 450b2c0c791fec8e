import { TRPCError } from '@trpc/server';
import type { TRPC_ERROR_CODE_KEY } from '@trpc/server/rpc';
import { isStoreUnreachable, unavailableMessage } from '@event-admin/core/db/unavailable';
import { DomainError, type DomainErrorKind } from '@event-admin/core/error';

interface Issue {
  code?: string;
  message: string;
  path?: readonly (PropertyKey | { key: PropertyKey })[];
  expected?: string;
}

const codeOfKind: Record<DomainErrorKind, TRPC_ERROR_CODE_KEY> = {
  invalid: 'BAD_REQUEST',
  unauthorized: 'UNAUTHORIZED',
  forbidden: 'FORBIDDEN',
  not_found: 'NOT_FOUND',
  conflict: 'CONFLICT',
  unprocessable: 'UNPROCESSABLE_CONTENT',
  too_large: 'PAYLOAD_TOO_LARGE',
  rate_limited: 'TOO_MANY_REQUESTS',
  unavailable: 'SERVICE_UNAVAILABLE',
};

/** One readable line per problem: the schema's own message (SPEC's words), or a plain one for a wrong type. */
export function issuesMessage(issues: readonly Issue[]) {
  const lines = issues.map((issue) => {
    const path = (issue.path ?? []).map((p) => (typeof p === 'object' ? p.key : p)).map(String);
    const field = path.join('.');
    if (issue.code === 'invalid_type' && issue.message.startsWith('Invalid input')) {
      if (!field) return 'The request body must be a JSON object';
      return issue.message.includes('received undefined') ? `${field} is required` : `${field} must be ${article(issue.expected)}`;
    }
    // Inside lists, say which item: 'blocks.2.imageUrl: ...'
    return path.some((p) => /^\d+$/.test(p)) ? `${field}: ${issue.message}` : issue.message;
  });
  return [...new Set(lines)].join('; ');
}

const article = (expected = 'another type') => (/^[aeiou]/.test(expected) ? `an ${expected}` : `a ${expected}`);

const hasIssues = (value: unknown): value is { issues: Issue[] } =>
  typeof value === 'object' && value !== null && Array.isArray((value as { issues?: unknown }).issues);

/** The store's client maps most of these once (core/db/client.ts); a missing table is one too. */
const storeUnreachable = (error: unknown) =>
  isStoreUnreachable(error) || (error instanceof Error && error.name === 'ResourceNotFoundException');

/**
 * Maps whatever a procedure threw to the one error clients see: the code decides the HTTP
 * status (tRPC and REST alike), the message is shown to the user as is. Unknown errors are
 * bugs: logged once, and shown as a generic 500.
 */
export function toPublicError(error: unknown): TRPCError {
  const cause = error instanceof TRPCError && error.cause ? error.cause : error;
  if (cause instanceof DomainError) return new TRPCError({ code: codeOfKind[cause.kind], message: cause.message, cause });
  if (hasIssues(cause)) return new TRPCError({ code: 'BAD_REQUEST', message: issuesMessage(cause.issues), cause });
  if (error instanceof TRPCError && error.code !== 'INTERNAL_SERVER_ERROR') return error;
  if (storeUnreachable(cause)) return new TRPCError({ code: 'SERVICE_UNAVAILABLE', message: unavailableMessage, cause });
  // Not logged here: the request's log line carries the cause (request-log.ts).
  return new TRPCError({ code: 'INTERNAL_SERVER_ERROR', message: 'Something went wrong on our side. Please try again.', cause });
}

/** A 500's message with the request's id, so a user can report it and it is found in the logs. */
export function withReference(error: TRPCError, requestId: string | undefined) {
  if (error.code !== 'INTERNAL_SERVER_ERROR' || !requestId) return error.message;
  return `${error.message} (request id ${requestId})`;
}
