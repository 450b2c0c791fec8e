/**
 * A failed call, as the screens read it. A tRPC client error carries the answer's status in
 * `data.httpStatus`; `HttpError` (a plain fetch to the REST API) carries it in the same place,
 * so both read alike here without importing the tRPC client into screens that do not use it.
 */
interface FailedCall extends Error {
  data?: { httpStatus?: number } | null;
}

/** A non-OK answer of a plain fetch to `/api/*`: its status and its text/plain message. */
export class HttpError extends Error implements FailedCall {
  readonly data: { httpStatus: number };
  constructor(status: number, message: string) {
    super(message);
    this.name = 'HttpError';
    this.data = { httpStatus: status };
  }
}

/** The HTTP status of a failed call, if it reached the server. */
export function errorStatus(error: unknown): number | undefined {
  const status = error instanceof Error ? (error as FailedCall).data?.httpStatus : undefined;
  return typeof status === 'number' ? status : undefined;
}

/** The server's message for the user, or a fallback when there is none (network down, bug). */
export function errorMessage(error: unknown, fallback: string) {
  return errorStatus(error) !== undefined && (error as Error).message ? (error as Error).message : fallback;
}

export const isConflict = (error: unknown) => errorStatus(error) === 409;
