import { Hono } from 'hono';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '@event-admin/functions/app';
import { compression } from '@event-admin/functions/compress';
import { signedIn, apiForFile, listenLocal } from '../setup/api.ts';
import { createEvent } from './helpers.ts';

// The local server (local/main.ts) sends JSON and the web app's files compressed.
const api = await apiForFile();

describe('compressed responses (the local server)', () => {
  let base: string;
  let close: () => Promise<void>;
  beforeAll(async () => {
    const app = new Hono();
    app.use('*', compression());
    app.route(
      '/',
      createApp({ db: api.db, config: { admin: { username: 'admin', password: 'integration-secret' }, tableName: api.db.tableName } }),
    );
    app.get('/assets/app.js', (c) =>
      c.body('console.log("hello");\n'.repeat(400), 200, {
        'Content-Type': 'text/javascript',
        'Cache-Control': 'public, max-age=31536000, immutable',
      }),
    );
    ({ base, stop: close } = await listenLocal(app.fetch));
    const client = await signedIn({ ...api, base });
    for (let i = 0; i < 12; i++) await createEvent(client, { description: 'A long description that repeats. '.repeat(20) });
  });
  afterAll(() => close());

  /** Raw bytes as sent (node's fetch would decode them). */
  async function raw(path: string, acceptEncoding: string, cookie = '') {
    const { request } = await import('node:http');
    return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
      const req = request(`${base}${path}`, { headers: { 'Accept-Encoding': acceptEncoding, Cookie: cookie } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      });
      req.on('error', reject);
      req.end();
    });
  }

  it('sends JSON as brotli or gzip, as accepted, and the same JSON once decoded', async () => {
    const client = await signedIn({ ...api, base });
    // A JSON answer of known length (the whole lists are streamed: gzip as they flow, below).
    const json = '/api/events/recent?limit=100';
    const plain = await raw(json, 'identity', client.cookie);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await raw(json, 'gzip, deflate, br', client.cookie);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/Accept-Encoding/i);
    expect(Number(br.headers['content-length'])).toBe(br.body.length);
    expect(br.body.length).toBeLessThan(plain.body.length / 3);
    expect(JSON.parse(brotliDecompressSync(br.body).toString())).toEqual(JSON.parse(plain.body.toString()));
    const gz = await raw(json, 'gzip', client.cookie);
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.body).toString())).toEqual(JSON.parse(plain.body.toString()));
    // Small answers go as they are.
    expect((await raw('/api/dashboard/stats', 'br', client.cookie)).headers['content-encoding']).toBeUndefined();
    // Errors keep their plain text.
    expect((await raw('/api/events', 'br')).status).toBe(401);
  });

  it('compresses immutable assets once and serves the same bytes again', async () => {
    const first = await raw('/assets/app.js', 'br');
    const second = await raw('/assets/app.js', 'br');
    expect(first.headers['content-encoding']).toBe('br');
    expect(second.body.equals(first.body)).toBe(true);
    expect(brotliDecompressSync(first.body).toString()).toBe('console.log("hello");\n'.repeat(400));
  });
});
