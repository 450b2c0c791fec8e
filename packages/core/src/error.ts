export type DomainErrorKind =
  | 'invalid'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  /** well-formed, but it contradicts an earlier request (an Idempotency-Key reused with another body): 422 */
  | 'unprocessable'
  | 'too_large'
  | 'rate_limited'
  | 'unavailable';

/** The one error the domain throws on purpose. Its message is shown to the user as is. */
export class DomainError extends Error {
  constructor(
    readonly kind: DomainErrorKind,
    message: string,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export const notFound = (what: string) => new DomainError('not_found', `${what} not found`);

/** A conditional write lost to a newer one. `subject` names it with its verb: 'This event was'. */
export const staleVersion = (subject: string) =>
  new DomainError(
    'conflict',
    `${subject} changed by someone else since you opened it. Reload to see the latest version, then apply your changes again.`,
  );
