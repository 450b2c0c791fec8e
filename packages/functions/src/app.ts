import { Hono, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { secureHeaders } from 'hono/secure-headers';
import { fetchRequestHandler } from '@trpc/server/adapters/fetch';
import type { Db } from '@event-admin/core/db/client';
import type { AppConfig } from './config.ts';
import { clientAddress } from './client-address.ts';
import { errorResponse, mountRest } from './rest/adapter.ts';
import { mountStreams } from './rest/stream.ts';
import { contextFromRequest, readBearer } from './trpc/context.ts';
import { appRouter } from './trpc/routers/_app.ts';

export const maxBodyBytes = 1024 * 1024;

const tooLarge = bodyLimit({
  maxSize: maxBodyBytes,
  // The unread rest of the body is dropped with the connection: say so, or a client that
  // reuses the socket for its next request sees it closed under it ('other side closed').
  onError: (c) => c.text('The request body is larger than 1 MB', 413, { Connection: 'close' }),
});

/** The origin the browser believes it talks to (CloudFront forwards the viewer's host). */
function requestOrigin(req: Request) {
  const url = new URL(req.url);
  const proto = req.headers.get('x-forwarded-proto') ?? url.protocol.replace(':', '');
  const host = req.headers.get('x-forwarded-host') ?? req.headers.get('host') ?? url.host;
  return `${proto}://${host}`;
}

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

/** The whole API as one Hono app: the local server and the Lambda mount this very app. */
export function createApp(deps: { db: Db; config: AppConfig }) {
  const app = new Hono();
  app.use(
    '*',
    secureHeaders({
      contentSecurityPolicy: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'https:'],
        frameSrc: ['https:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        frameAncestors: ["'none'"],
      },
      crossOriginEmbedderPolicy: false,
    }),
  );
  for (const prefix of ['/api/*', '/trpc/*']) {
    app.use(prefix, noStore, tooLarge, sameOriginWrites);
  }

  app.all('/trpc/*', (c) =>
    fetchRequestHandler({
      endpoint: '/trpc',
      req: c.req.raw,
      router: appRouter,
      createContext: ({ req, resHeaders }) => contextFromRequest(deps, req, resHeaders, clientAddress(c)),
    }),
  );
  mountStreams(app, deps);
  mountRest(app, deps);
  app.all('/api/*', (c) => c.text('There is no API route at this path', 404));
  app.onError((error) => errorResponse(error));
  return app;
}
