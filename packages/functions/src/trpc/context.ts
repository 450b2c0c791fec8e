import type { Db } from '@event-admin/core/db/client';
import type { JobKick } from '@event-admin/core/jobs/index';
import type { AppConfig } from '../config.ts';

export const sessionCookie = 'session';

/** What every procedure receives. Built from a request, or directly in tests (no HTTP needed). */
export interface Context {
  db: Db;
  config: AppConfig;
  /** the session cookie's value, if any */
  sessionToken: string | undefined;
  /** the `Authorization: Bearer` value (an API token), if any; it takes precedence over the cookie */
  bearerToken?: string | undefined;
  /** the client's address as the runtime saw the connection (client-address.ts) */
  clientAddress?: string;
  userAgent?: string;
  /** whether the client reached us over https (cookies get Secure) */
  secure: boolean;
  /** headers for the response, e.g. Set-Cookie from sign-in */
  resHeaders: Headers;
  /** the id this request's log line and X-Request-Id carry (absent for calls made without HTTP) */
  requestId?: string;
  /** starts the background jobs a write queued (a rename's), without waiting for them */
  jobs?: JobKick;
}

export function createContextInner(input: Omit<Context, 'resHeaders'> & { resHeaders?: Headers }): Context {
  return { ...input, resHeaders: input.resHeaders ?? new Headers() };
}

export function readCookie(header: string | null | undefined, name: string) {
  for (const part of (header ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}

/** The token of an `Authorization: Bearer <token>` header; undefined for none or another scheme. */
export function readBearer(header: string | null | undefined) {
  const match = /^Bearer(?:\s+(.*))?$/i.exec(header?.trim() ?? '');
  return match ? (match[1] ?? '').trim() : undefined;
}

/** https directly, or behind CloudFront / a proxy that says so. */
export function isSecureRequest(req: Request) {
  return new URL(req.url).protocol === 'https:' || req.headers.get('x-forwarded-proto') === 'https';
}

export function contextFromRequest(
  deps: { db: Db; config: AppConfig; jobs?: JobKick },
  req: Request,
  resHeaders: Headers,
  from: { clientAddress?: string; requestId?: string } = {},
): Context {
  return {
    db: deps.db,
    config: deps.config,
    jobs: deps.jobs,
    requestId: from.requestId,
    sessionToken: readCookie(req.headers.get('cookie'), sessionCookie),
    bearerToken: readBearer(req.headers.get('authorization')),
    clientAddress: from.clientAddress,
    userAgent: req.headers.get('user-agent') ?? undefined,
    secure: isSecureRequest(req),
    resHeaders,
  };
}
