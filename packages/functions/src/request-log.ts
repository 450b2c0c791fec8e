import { randomUUID } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';

/** One JSON line per API request: what an operator greps for, locally on stdout, on AWS in CloudWatch. */
export interface RequestLogLine {
  time: string;
  requestId: string;
  method: string;
  path: string;
  status: number;
  durationMs: number;
  /** only for a 5xx: what went wrong, with its stack */
  error?: string;
}

export type RequestLog = (line: RequestLogLine) => void;

/** stdout, one line each: Lambda sends a process's stdout to CloudWatch as it is. */
export const stdoutLog: RequestLog = (line) => {
  process.stdout.write(`${JSON.stringify(line)}\n`);
};

/** What the API's handlers share with the log: the request's id, and the cause of a 5xx. */
export interface ApiEnv {
  Variables: { requestId: string; failure: unknown };
}

/** A bug gets its stack; an expected failure (the store away) its message and what lay under it. */
function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  if (error.name !== 'DomainError') return error.stack ?? `${error.name}: ${error.message}`;
  const cause = error.cause instanceof Error ? ` (${error.cause.name}: ${error.cause.message})` : '';
  return `${error.message}${cause}`;
}

/** Gives every request an id (answered as X-Request-Id) and writes its line once it is answered. */
export function requestLog(log: RequestLog): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    const started = performance.now();
    const requestId = randomUUID();
    c.set('requestId', requestId);
    try {
      await next();
    } finally {
      c.header('X-Request-Id', requestId);
      const status = c.res.status;
      const failure = c.get('failure');
      log({
        time: new Date().toISOString(),
        requestId,
        method: c.req.method,
        path: c.req.path,
        status,
        durationMs: Math.round(performance.now() - started),
        ...(status >= 500 ? { error: failure === undefined ? `answered ${status}` : describe(failure) } : {}),
      });
    }
  };
}
