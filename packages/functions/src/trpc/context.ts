import { parse as parseCookies } from 'hono/utils/cookie';
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
  /** the origin the browser believes it talks to (an invitation's link points there) */
  origin?: string;
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

/**
 * One cookie's value, or undefined. Hono's parser never throws: a value that is not valid cookie
 * text is skipped and a broken %-escape is kept as typed, so a malformed header reads as no
 * session (401), not as a crash (500).
 */
export function readCookie(header: string | null | undefined, name: string): string | undefined {
  return header ? parseCookies(header, name)[name] : undefined;
}

/** The token of an `Authorization: Bearer <token>` header; undefined for none or another scheme. */
export function readBearer(header: string | null | undefined) {
  const match = /^Bearer(?:\s+(.*))?$/i.exec(header?.trim() ?? '');
  return match ? (match[1] ?? '').trim() : undefined;
}

/** The origin the browser believes it talks to (CloudFront forwards the viewer's host). */
export function requestOrigin(req: Request) {
  const url = new URL(req.url);
  const proto = req.headers.get('x-forwarded-proto') ?? url.protocol.replace(':', '');
  const host = req.headers.get('x-forwarded-host') ?? req.headers.get('host') ?? url.host;
  return `${proto}://${host}`;
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
    origin: requestOrigin(req),
    resHeaders,
  };
}
