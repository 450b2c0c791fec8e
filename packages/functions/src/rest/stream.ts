import type { Hono } from 'hono';
import type { ApiEnv } from '../request-log.ts';
import type { Db } from '@event-admin/core/db/client';
import type { AppConfig } from '../config.ts';
import { clientAddress } from '../client-address.ts';
import { createCaller } from '../trpc/caller.ts';
import { contextFromRequest } from '../trpc/context.ts';
import { errorResponse } from './adapter.ts';
import { callerAt } from './procedures.ts';
import { streamGuard, type Streamed } from './stream-row.ts';
import { streamRoutes } from './stream-routes.ts';

const encoder = new TextEncoder();

/**
 * A body pulled from an async iterator: the next chunk is read (a Query page) only when the
 * client has taken the last one, so memory stays at about one page whatever the list holds.
 * A failure after the first bytes can only cut the body short (the status is already sent).
 */
function pulled(chunks: AsyncIterator<string>) {
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const next = await chunks.next();
        if (next.done) controller.close();
        else if (next.value) controller.enqueue(encoder.encode(next.value));
      } catch (error) {
        console.error('A streamed answer failed part-way:', error);
        controller.error(error);
      }
    },
    async cancel() {
      await chunks.return?.();
    },
  });
}

async function* jsonArray(pages: AsyncIterable<unknown[]>) {
  yield '[';
  let first = true;
  for await (const items of pages) {
    let text = '';
    for (const item of items) {
      text += (first ? '' : ',') + JSON.stringify(item);
      first = false;
    }
    yield text;
  }
  yield ']';
}

/** The `Link: <...>; rel="next"` header (RFC 8288) of a page that has more after it. */
function nextLink(url: string, cursor: string) {
  const next = new URL(url);
  next.searchParams.set('cursor', cursor);
  return `<${next.pathname}${next.search}>; rel="next"`;
}

/**
 * Reads a list's first page before anything is sent, so a store that is down or a bug answers
 * with its status (503, 500) and message instead of a 200 cut short; later pages stream as read.
 */
async function primed<T>(pages: AsyncIterable<T>): Promise<AsyncIterable<T>> {
  const iterator = pages[Symbol.asyncIterator]();
  const first = await iterator.next();
  return {
    async *[Symbol.asyncIterator]() {
      try {
        for (let next = first; !next.done; next = await iterator.next()) yield next.value;
      } finally {
        await iterator.return?.();
      }
    },
  };
}

function respond(streamed: Streamed, url: string): Response {
  if (streamed.kind === 'json-page') {
    const json = JSON.stringify(streamed.items);
    const headers: Record<string, string> = { 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(json)) };
    if (streamed.nextCursor) headers.Link = nextLink(url, streamed.nextCursor);
    return new Response(json, { headers });
  }
  if (streamed.kind === 'json-array') {
    return new Response(pulled(jsonArray(streamed.pages)), { headers: { 'Content-Type': 'application/json' } });
  }
  if (streamed.kind === 'pdf') {
    return new Response(streamed.bytes as Uint8Array<ArrayBuffer>, {
      headers: {
        'Content-Type': 'application/pdf',
        'Content-Length': String(streamed.bytes.byteLength),
        'Content-Disposition': `attachment; filename="${streamed.filename}"`,
      },
    });
  }
  if (streamed.kind === 'json-file') {
    return new Response(pulled(streamed.chunks[Symbol.asyncIterator]()), {
      headers: { 'Content-Type': 'application/json', 'Content-Disposition': `attachment; filename="${streamed.filename}"` },
    });
  }
  return new Response(pulled(streamed.lines[Symbol.asyncIterator]()), {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${streamed.filename}"`,
    },
  });
}

/** Mounts the streamed routes: the sign-in check and input validation first, then the body as it is read. */
export function mountStreams(app: Hono<ApiEnv>, deps: { db: Db; config: AppConfig }) {
  for (const route of streamRoutes) {
    app.on(route.method, route.path, async (c) => {
      try {
        const api = createCaller(
          contextFromRequest(deps, c.req.raw, new Headers(), { clientAddress: clientAddress(c), requestId: c.get('requestId') }),
        );
        await callerAt(api, streamGuard)();
        const req = { params: c.req.param() as Record<string, string>, query: c.req.query(), body: undefined };
        const streamed = await route.stream(api, deps.db, req);
        if (streamed.kind === 'json-array') streamed.pages = await primed(streamed.pages);
        if (streamed.kind === 'json-file') streamed.chunks = await primed(streamed.chunks);
        return respond(streamed, c.req.url);
      } catch (error) {
        return errorResponse(c, error);
      }
    });
  }
}
