import type { MiddlewareHandler } from 'hono';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text worth compressing: JSON, scripts, styles, HTML, SVG. Images and fonts already are. */
const compressible = /^(text\/|application\/(json|javascript|xml)|image\/svg\+xml)/i;

type Encoding = 'br' | 'gzip';

/** The best encoding the client accepts: brotli, then gzip; none when both are refused (q=0). */
export function chooseEncoding(acceptEncoding: string | undefined, offered: readonly Encoding[] = ['br', 'gzip']): Encoding | undefined {
  const accepted = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => /^\s*q=([\d.]+)/.exec(p)?.[1]).find(Boolean);
    accepted.set(name, q === undefined ? 1 : Number(q));
  }
  const weight = (encoding: Encoding) => accepted.get(encoding) ?? accepted.get('*') ?? 0;
  return offered.find((encoding) => weight(encoding) > 0);
}

/**
 * Compresses text responses (hono/compress offers gzip and deflate only; brotli is about 15%
 * smaller on our JSON and scripts). Responses marked immutable (the hashed /assets/ files) are
 * compressed once, at brotli's higher quality, and kept in memory; everything else (API JSON) is
 * compressed per response at a fast setting, off the event loop (zlib's thread pool).
 */
export function compression(options: { threshold?: number; cacheBytes?: number } = {}): MiddlewareHandler {
  const threshold = options.threshold ?? 1024;
  const cacheLimit = options.cacheBytes ?? 64 * 1024 * 1024;
  const cache = new Map<string, Uint8Array<ArrayBuffer>>();
  let cached = 0;

  const encode = (raw: Uint8Array, encoding: Encoding, once: boolean) =>
    encoding === 'br'
      ? brotli(raw, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: once ? 9 : 4,
            [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          },
        })
      : gzipAsync(raw, { level: once ? 9 : 6 });

  return async (c, next) => {
    await next();
    const res = c.res;
    if (c.req.method === 'HEAD' || !res.body || res.status === 204 || res.status === 206 || res.status === 304) return;
    if (res.headers.has('Content-Encoding') || !compressible.test(res.headers.get('Content-Type') ?? '')) return;
    const cacheControl = res.headers.get('Cache-Control') ?? '';
    if (/no-transform/i.test(cacheControl)) return;
    const length = Number(res.headers.get('Content-Length'));
    if (Number.isFinite(length) && length > 0 && length < threshold) return;
    const vary = res.headers.get('Vary');
    if (!vary || !/accept-encoding/i.test(vary)) res.headers.set('Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
    const encoding = chooseEncoding(c.req.header('Accept-Encoding'));
    if (!encoding) return;

    if (c.req.path.startsWith('/api/') && !res.headers.has('Content-Length')) {
      // A streamed answer (whole lists, exports) is compressed as it flows, never gathered first.
      if (!chooseEncoding(c.req.header('Accept-Encoding'), ['gzip'])) return;
      c.res = new Response(res.body.pipeThrough(new CompressionStream('gzip')), res);
      c.res.headers.set('Content-Encoding', 'gzip');
      return;
    }
    const once = /immutable/i.test(cacheControl);
    const key = `${encoding} ${c.req.path}`;
    let body: Uint8Array<ArrayBuffer> | undefined = once ? cache.get(key) : undefined;
    if (body) {
      await res.body.cancel();
    } else {
      const raw = new Uint8Array(await res.arrayBuffer());
      if (raw.length < threshold) {
        c.res = new Response(raw, res);
        return;
      }
      body = new Uint8Array(await encode(raw, encoding, once));
      if (once && cached + body.length <= cacheLimit) {
        cache.set(key, body);
        cached += body.length;
      }
    }
    // Hono copies the old response's headers onto the new one: fix the length afterwards.
    c.res = new Response(body, res);
    c.res.headers.set('Content-Encoding', encoding);
    c.res.headers.set('Content-Length', String(body.length));
    const etag = c.res.headers.get('ETag');
    if (etag && !etag.startsWith('W/')) c.res.headers.set('ETag', `W/${etag}`);
  };
}
