// Oversized bodies: a 2 MB body on every write path gets its 413 answer, never a reset
// connection, whether it declares its length or is streamed in chunks; and it changes nothing.
import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { routes } from '@event-admin/functions/rest/routes';
import { signedInForFile } from '../setup/api.ts';
import { createCustomer, createEvent, ok } from './helpers.ts';

const { api, client } = await signedInForFile();
const eventId = (await createEvent(client)).id;
const customerId = (await createCustomer(client)).id;

const twoMegabytes = Buffer.alloc(2 * 1024 * 1024, 'x');

interface RawAnswer {
  status: number;
  text: string;
  headers: http.IncomingHttpHeaders;
}

/**
 * Sends `body` with node:http, the way a script or proxy would: an EPIPE or ECONNRESET while
 * sending rejects, so a server that answers and hangs up mid-upload fails the test.
 */
function send(path: string, body: Buffer, options: { chunked?: boolean; agent?: http.Agent; method?: string } = {}) {
  return new Promise<RawAnswer>((resolve, reject) => {
    const url = new URL(path, api.base);
    const req = http.request(url, {
      method: options.method ?? 'POST',
      agent: options.agent,
      timeout: 20_000,
      headers: {
        'Content-Type': 'application/json',
        Origin: api.base,
        Cookie: client.cookie,
        // Said outright: node:http frames DELETE bodies as chunked only when told to.
        ...(options.chunked ? { 'Transfer-Encoding': 'chunked' } : { 'Content-Length': String(body.length) }),
      },
    });
    req.on('error', reject);
    req.on('timeout', () => req.destroy(new Error('no answer within 20 s')));
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode!, text, headers: res.headers }));
      res.on('error', reject);
    });
    // In 64 KB pieces a few milliseconds apart, as over a real network: the body is still
    // arriving when the server has decided, and a server that hangs up then resets the upload.
    void (async () => {
      for (let at = 0; at < body.length; at += 64 * 1024) {
        if (req.destroyed) return;
        req.write(body.subarray(at, at + 64 * 1024));
        await new Promise((r) => setTimeout(r, 3));
      }
      req.end();
    })();
  });
}

const fill = (path: string) => path.replace(':id', path.startsWith('/api/customers') ? customerId : eventId);
const writePaths = [
  ...routes.filter((r) => r.method !== 'GET').map((r) => ({ method: r.method, path: fill(r.path) })),
  { method: 'POST', path: '/trpc/events.create' },
  { method: 'POST', path: '/trpc/auth.login' },
  { method: 'POST', path: '/api/no-such-route' },
  { method: 'POST', path: '/' },
];

describe('a 2 MB body', () => {
  const cases = writePaths.map((p) => [`${p.method} ${p.path}`, p] as const);
  it.each(cases)('%s: 413, with a length and chunked', async (_, { method, path }) => {
    for (const chunked of [false, true]) {
      const answer = await send(path, twoMegabytes, { chunked, method });
      expect(answer.status, `${chunked ? 'chunked' : 'with length'}: ${answer.text}`).toBe(413);
      expect(answer.text).toBe('The request body is larger than 1 MB');
    }
  });

  it('sign-in included, 20 times in a row on kept-alive connections, and the connection still works after', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 2 });
    try {
      const answers = await Promise.all(Array.from({ length: 20 }, () => send('/api/auth/login', twoMegabytes, { agent })));
      expect(answers.map((a) => a.status)).toEqual(Array(20).fill(413));
      const small = Buffer.from(JSON.stringify({ username: 'admin', password: 'integration-secret' }));
      const login = await send('/api/auth/login', small, { agent });
      expect(login.status, login.text).toBe(200);
    } finally {
      agent.destroy();
    }
  });

  it('changes nothing', async () => {
    const before = ok(await client.get('/api/dashboard/stats'));
    const event = ok(await client.get(`/api/events/${eventId}`));
    const padded = (value: object) => Buffer.from(JSON.stringify({ ...value, padding: 'x'.repeat(2 * 1024 * 1024) }));
    expect((await send('/api/events', padded({ title: 'Too big a night', venue: 'Hall' }))).status).toBe(413);
    expect((await send(`/api/events/${eventId}`, padded({ ...event, title: 'Renamed' }), { method: 'PUT' })).status).toBe(413);
    expect((await send('/api/customers', padded({ name: 'Big Body', email: 'big@example.com' }), { chunked: true })).status).toBe(413);
    expect(ok(await client.get('/api/dashboard/stats'))).toEqual(before);
    expect(ok(await client.get(`/api/events/${eventId}`))).toEqual(event);
  });

  it('a body just under the limit, streamed in chunks, still reaches the route', async () => {
    const body = Buffer.from(JSON.stringify({ title: 'ab', padding: 'x'.repeat(1000) }));
    const answer = await send('/api/events', body, { chunked: true });
    expect(answer.status).toBe(400);
    expect(answer.text).toContain('Title must be at least 3 characters long');
  });
});
