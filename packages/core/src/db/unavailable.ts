import { DomainError } from '../error.ts';

export const unavailableMessage = 'The database is not reachable right now. Please try again shortly.';

const networkCodes = ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EPIPE', 'EAI_AGAIN'];
const unavailableNames = [
  'TimeoutError',
  'AbortError',
  'ProvisionedThroughputExceededException',
  'ThrottlingException',
  'RequestLimitExceeded',
  'ServiceUnavailable',
  'InternalServerError',
  'TransactionInProgressException',
  'TransactionConflictException',
  'LimitExceededException',
];

/** A store that does not answer, refuses the connection or is overloaded: not a bug, a 503. */
export function isStoreUnreachable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error instanceof DomainError) return false;
  const code = (error as Error & { code?: string }).code ?? '';
  return networkCodes.includes(code) || unavailableNames.includes(error.name) || /ECONNREFUSED|socket hang up/.test(error.message);
}

/** The typed error, keeping what the client saw underneath for the request log. */
export const storeUnavailable = (cause?: unknown) => Object.assign(new DomainError('unavailable', unavailableMessage), { cause });
