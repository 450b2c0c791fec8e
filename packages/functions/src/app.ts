import { Hono, type MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import { fetchRequestHandler } from '@trpc/server/adapters/fetch';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import type { Db } from '@event-admin/core/db/client';
import { backgroundJobs } from '@event-admin/core/background';
import type { JobKick } from '@event-admin/core/jobs/index';
import { bodyLimit } from './body-limit.ts';
import type { AppConfig } from './config.ts';
import { clientAddress } from './client-address.ts';
import { mountOpenApi } from './openapi/mount.ts';
import { requestLog, stdoutLog, type ApiEnv, type RequestLog } from './request-log.ts';
import { errorResponse, mountRest } from './rest/adapter.ts';
import { mountStreams } from './rest/stream.ts';
import { contextFromRequest, readBearer, requestOrigin } from './trpc/context.ts';
import { appRouter } from './trpc/routers/_app.ts';

export { maxBodyBytes } from './body-limit.ts';

/** Changes come only from our own pages: a cross-site form or script is refused (with SameSite=Strict, defence in depth). */
const sameOriginWrites: MiddlewareHandler = async (c, next) => {
  if (['GET', 'HEAD', 'OPTIONS'].includes(c.req.method)) return next();
  // An integration's bearer call carries no cookie, so a forged cross-site request has nothing to ride on.
  if (readBearer(c.req.header('authorization')) !== undefined && !c.req.header('cookie')) return next();
  const origin = c.req.header('origin');
  if ((origin && origin !== requestOrigin(c.req.raw)) || c.req.header('sec-fetch-site') === 'cross-site') {
    return c.text('Cross-origin requests are not allowed', 403);
  }
  return next();
};

const noStore: MiddlewareHandler = async (c, next) => {
  await next();
  c.header('Cache-Control', 'no-store');
};

/**
 * Every 503 (a store that does not answer, throttling, retries run out) says when to try again,
 * so a client backs off instead of hammering a busy store.
 */
export const retryAfterSeconds = 2;
const retryAfter: MiddlewareHandler = async (c, next) => {
  await next();
  if (c.res.status === 503 && !c.res.headers.has('Retry-After')) c.header('Retry-After', String(retryAfterSeconds));
};

/** An internal back office: no search engine should list it (robots.txt says so too). */
const noIndex: MiddlewareHandler = async (c, next) => {
  await next();
  c.header('X-Robots-Tag', 'noindex');
};

/**
 * The whole API as one Hono app: the local server and the Lambda mount this very app.
 * `log` receives one line per API request (stdout unless told otherwise, e.g. by tests).
 * `jobs` starts the background work a write queued (a rename's purchases): in this process
 * unless the runtime brings its own (the Lambda invokes the jobs function).
 */
export function createApp(options: { db: Db; config: AppConfig; log?: RequestLog; jobs?: JobKick }) {
  const deps = { ...options, jobs: options.jobs ?? backgroundJobs(options.db) };
  const app = new Hono<ApiEnv>();
  for (const prefix of ['/api/*', '/trpc/*']) app.use(prefix, requestLog(deps.log ?? stdoutLog), noStore, retryAfter);
  app.use(
    '*',
    secureHeaders({
      contentSecurityPolicy: {
        defaultSrc: ["'self'"],
        // WebAssembly may compile (only that, no eval): the check-in camera's QR reader where the browser has none.
        scriptSrc: ["'self'", ...(deps.config.inlineScripts ?? []), "'wasm-unsafe-eval'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'https:', ...(deps.config.imageOrigins ?? [])],
        frameSrc: ['https:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        frameAncestors: ["'none'"],
      },
      crossOriginEmbedderPolicy: false,
      // A header a route set on purpose stands (the demo images' resource policy, local/main.ts).
      overwrite: false,
    }),
  );
  app.use('*', noIndex, bodyLimit);
  for (const prefix of ['/api/*', '/trpc/*']) app.use(prefix, sameOriginWrites);

  app.all('/trpc/*', (c) =>
    fetchRequestHandler({
      endpoint: '/trpc',
      req: c.req.raw,
      router: appRouter,
      createContext: ({ req, resHeaders }) =>
        contextFromRequest(deps, req, resHeaders, { clientAddress: clientAddress(c), requestId: c.get('requestId') }),
      onError: ({ error }) => {
        if (getHTTPStatusCodeFromError(error) >= 500) c.set('failure', error.cause ?? error);
      },
    }),
  );
  mountOpenApi(app);
  mountStreams(app, deps);
  mountRest(app, deps);
  app.all('/api/*', (c) => c.text('There is no API route at this path', 404));
  app.onError((error, c) => errorResponse(c, error));
  return app;
}
