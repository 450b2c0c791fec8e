// What the web section records of a page's downloads: every response, its size decoded, gzipped
// and on the wire (web.ts opens the pages).
import { gzipSync } from 'node:zlib';
import type { Page, Request } from 'playwright-core';

export interface Download {
  url: string;
  type: string;
  /** decoded bytes */
  bytes: number;
  /** the same bytes gzipped (zlib's default level), what 'gzipped size' usually means */
  gzip: number;
  /** bytes of the body on the wire, as the server sent it (brotli/gzip/none) */
  wire: number;
  /** bytes of the response headers */
  headers: number;
  encoding: string;
  apexcharts: boolean;
}

/** Records every response a page receives, until `stop`. */
export function recorder(page: Page) {
  const downloads: Promise<Download | null>[] = [];
  const listener = (request: Request) => {
    downloads.push(
      (async () => {
        const response = await request.response();
        if (!response) return null;
        const body = await response.body().catch(() => Buffer.alloc(0));
        const sizes = await request.sizes();
        const type = request.resourceType();
        return {
          url: new URL(request.url()).pathname + (new URL(request.url()).search ? '?...' : ''),
          type,
          bytes: body.length,
          gzip: body.length ? gzipSync(body).length : 0,
          wire: Math.max(0, sizes.responseBodySize),
          headers: Math.max(0, sizes.responseHeadersSize),
          encoding: (await response.headerValue('content-encoding')) ?? 'identity',
          apexcharts: type === 'script' && /apexcharts/i.test(body.toString('utf8')),
        };
      })(),
    );
  };
  page.on('requestfinished', listener);
  return {
    async stop() {
      page.off('requestfinished', listener);
      return (await Promise.all(downloads)).filter((d): d is Download => d !== null);
    },
  };
}

const sum = (list: Download[], key: 'bytes' | 'gzip' | 'wire' | 'headers') => list.reduce((n, d) => n + d[key], 0);

export interface AssetFigures {
  jsFiles: number;
  jsBytes: number;
  jsGzip: number;
  jsWire: number;
  cssFiles: number;
  cssBytes: number;
  cssGzip: number;
  cssWire: number;
  apexcharts: boolean;
  files: { url: string; type: string; gzip: number; wire: number }[];
}

export function assets(downloads: Download[]): AssetFigures {
  const js = downloads.filter((d) => d.type === 'script');
  const css = downloads.filter((d) => d.type === 'stylesheet');
  return {
    jsFiles: js.length,
    jsBytes: sum(js, 'bytes'),
    jsGzip: sum(js, 'gzip'),
    jsWire: sum(js, 'wire'),
    cssFiles: css.length,
    cssBytes: sum(css, 'bytes'),
    cssGzip: sum(css, 'gzip'),
    cssWire: sum(css, 'wire'),
    apexcharts: js.some((d) => d.apexcharts),
    files: [...js, ...css].map(({ url, type, gzip, wire }) => ({ url, type, gzip, wire })),
  };
}

export interface ViewFigures {
  requests: number;
  /** body bytes on the wire */
  wire: number;
  headers: number;
  byType: Record<string, { requests: number; wire: number; bytes: number }>;
  rows: number;
  files: { url: string; type: string; wire: number; bytes: number; encoding: string }[];
}

export function view(downloads: Download[], rows: number): ViewFigures {
  const byType: ViewFigures['byType'] = {};
  for (const d of downloads) {
    const t = (byType[d.type] ??= { requests: 0, wire: 0, bytes: 0 });
    t.requests += 1;
    t.wire += d.wire;
    t.bytes += d.bytes;
  }
  const files = downloads.map(({ url, type, wire, bytes, encoding }) => ({ url, type, wire, bytes, encoding }));
  return { requests: downloads.length, wire: sum(downloads, 'wire'), headers: sum(downloads, 'headers'), byType, rows, files };
}
