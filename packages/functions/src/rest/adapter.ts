import type { Context as HonoContext, Hono } from 'hono';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { DomainError } from '@event-admin/core/error';
import type { Db } from '@event-admin/core/db/client';
import type { AppConfig } from '../config.ts';
import { createCaller } from '../trpc/caller.ts';
import { clientAddress } from '../client-address.ts';
import { contextFromRequest } from '../trpc/context.ts';
import { toPublicError, withReference } from '../trpc/errors.ts';
import type { ApiEnv } from '../request-log.ts';
import type { RestRoute } from './row.ts';
import { routes as restRoutes } from './routes.ts';

async function readJson(req: Request): Promise<unknown> {
  const text = await req.text();
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    throw new DomainError('invalid', 'The request body is not valid JSON');
  }
}

/**
 * A failed call: the status of its kind, and the human message as text/plain. A 5xx hands its
 * cause to the request log, and a 500 names the request's id so a user can report it.
 */
export function errorResponse(c: HonoContext<ApiEnv>, error: unknown) {
  const publicError = toPublicError(error);
  const status = getHTTPStatusCodeFromError(publicError);
  if (status >= 500) c.set('failure', publicError.cause ?? error);
  return new Response(withReference(publicError, c.get('requestId')), {
    status,
    headers: { 'Content-Type': 'text/plain; charset=UTF-8' },
  });
}

/** Mounts the REST table: parse path, query and body, call the procedure, answer JSON or text. */
export function mountRest(app: Hono<ApiEnv>, deps: { db: Db; config: AppConfig }, routes: readonly RestRoute[] = restRoutes) {
  for (const route of routes) {
    app.on(route.method, route.path, async (c) => {
      const resHeaders = new Headers();
      try {
        const body = route.method === 'GET' || route.method === 'DELETE' ? undefined : await readJson(c.req.raw);
        const api = createCaller(
          contextFromRequest(deps, c.req.raw, resHeaders, { clientAddress: clientAddress(c), requestId: c.get('requestId') }),
        );
        const idempotencyKey = c.req.header('idempotency-key');
        const result = await route.call(api, {
          params: c.req.param() as Record<string, string>,
          query: c.req.query(),
          body,
          ...(idempotencyKey === undefined ? {} : { idempotencyKey }),
        });
        if (route.status === 204) {
          const empty = c.body(null, 204);
          resHeaders.forEach((value, key) => empty.headers.append(key, value));
          return empty;
        }
        // With its length known, a small answer skips the compression step untouched.
        const json = JSON.stringify(result ?? null);
        const response = c.body(json, route.status ?? 200, {
          'Content-Type': 'application/json',
          'Content-Length': String(Buffer.byteLength(json)),
        });
        resHeaders.forEach((value, key) => response.headers.append(key, value));
        return response;
      } catch (error) {
        return errorResponse(c, error);
      }
    });
  }
}
