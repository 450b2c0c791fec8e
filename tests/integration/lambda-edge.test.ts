// The deployed function's two edges: it streams its answers (Lambda response streaming through
// a RESPONSE_STREAM Function URL), and it knows the client by CloudFront's viewer address only
// when the request proves it came through the Router. The real handler, on DynamoDB Local,
// driven through a stand-in for the Lambda runtime's streaming contract (tests/setup/lambda-runtime.ts).
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { createDb } from '@event-admin/core/db/client';
import { importCustomers } from '@event-admin/core/customer/customer.import';
import type { AppConfig } from '@event-admin/functions/config';
import { ensureTable } from '@event-admin/functions/local/dynamo-local';
import { installLambdaRuntime, invokeStreaming, type StreamedResult } from '../setup/lambda-runtime.ts';
import { asBrowserSees, Browser, edgeAddress, lambdaEvent, originSecret, password, viewerAddress } from './lambda.helpers.ts';
import type { APIGatewayProxyEventV2 } from './lambda.helpers.ts';
import { suiteStore } from '../setup/suite-store.ts';

type Handler = Parameters<typeof invokeStreaming>[0];
let config: AppConfig;
let handler: Handler;
const invoke = (event: APIGatewayProxyEventV2): Promise<StreamedResult> => invokeStreaming(handler, event);
const customersInTable = 1_200;

beforeAll(async () => {
  installLambdaRuntime();
  const endpoint = suiteStore();
  const tableName = `test-${randomUUID()}`;
  await ensureTable(endpoint, tableName);
  config = { admin: { username: 'admin', password }, tableName, endpoint, originSecret };
  const { createHandler } = await import('@event-admin/functions/lambda');
  handler = createHandler(config, () => {});
  // More than two Query pages (500 each) of customers, put in bulk.
  const inputs = Array.from({ length: customersInTable }, (_, i) => ({
    name: `Streamed Customer ${i}`,
    email: `streamed-${i}@example.com`,
    phone: '(555) 010-2030',
  }));
  await importCustomers(createDb(config), inputs);
}, 60_000);

describe('Lambda response streaming', () => {
  it('exports a handler the runtime invokes with a response stream', async () => {
    const { handler: exported } = await import('@event-admin/functions/lambda');
    expect((exported as unknown as Record<symbol, unknown>)[Symbol.for('aws.lambda.runtime.handler.streaming')]).toBe('response');
  });

  it('streams the whole customer list a Query page at a time, status and headers in the prelude', async () => {
    const browser = new Browser(invoke);
    await browser.signIn();
    const event = lambdaEvent({ method: 'GET', path: '/api/customers', cookies: [...browser.jar].map(([n, v]) => `${n}=${v}`) });
    delete event.headers['accept-encoding'];
    const result = await invoke(event);
    expect(result.streamed).toBe(true);
    expect(result.statusCode).toBe(200);
    expect(result.headers['content-type']).toMatch(/^application\/json/);
    expect(result.headers['content-length']).toBeUndefined();
    expect(result.headers['cache-control']).toBe('no-store');
    expect(result.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    // '[', one write per Query page, ']': written as read, never gathered into one answer.
    expect(result.bodyWrites).toBeGreaterThanOrEqual(2 + Math.ceil(customersInTable / 500));
    const list = JSON.parse(result.body.toString('utf8')) as { email: string }[];
    expect(list.filter((c) => c.email.startsWith('streamed-'))).toHaveLength(customersInTable);
  });

  it('sends no Content-Encoding, even to a viewer that accepts gzip and br (a streaming Function URL strips it)', async () => {
    const browser = new Browser(invoke);
    await browser.signIn();
    const cookies = [...browser.jar].map(([n, v]) => `${n}=${v}`);
    const headers = { 'accept-encoding': 'gzip, deflate, br' };
    const csv = await invoke(lambdaEvent({ method: 'GET', path: '/api/exports/customers.csv', cookies, headers }));
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-encoding']).toBeUndefined();
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="/);
    expect(csv.bodyWrites).toBeGreaterThan(1);
    expect(
      csv.body
        .toString('utf8')
        .split('\n')
        .filter((line) => line.includes('streamed-')).length,
    ).toBe(customersInTable);
    // A buffered answer well over the local server's 1 KB compression threshold: plain too.
    const query = `input=${encodeURIComponent(JSON.stringify({ limit: 100 }))}`;
    const page = await invoke(lambdaEvent({ method: 'GET', path: '/trpc/customers.page', query, cookies, headers }));
    expect(page.statusCode, page.body.toString('utf8')).toBe(200);
    expect(page.body.length).toBeGreaterThan(1024);
    expect(page.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(page.body.toString('utf8')).result.data.items).toHaveLength(100);
  });

  it('sends the session cookie as a prelude cookie, not a header, and an error with its status', async () => {
    const login = await invoke(lambdaEvent({ method: 'POST', path: '/api/auth/login', json: { username: 'admin', password } }));
    expect(login.statusCode).toBe(200);
    expect(login.cookies).toHaveLength(1);
    expect(login.cookies[0]).toMatch(/^session=[\w-]{20,};/);
    const bad = asBrowserSees(await invoke(lambdaEvent({ method: 'POST', path: '/api/auth/login', json: { username: 'admin' } })));
    expect(bad.status).toBe(400);
    expect(bad.headers.get('content-type')).toMatch(/^text\/plain/);
  });
});

describe("the client address behind CloudFront: the viewer's, only with the origin secret", () => {
  /** Signs in with the given headers and reads the address Manage Sessions shows for this session. */
  async function sessionAddress(call: { headers?: Record<string, string>; direct?: string }) {
    const browser = new Browser(invoke);
    const login = await browser.send({ method: 'POST', path: '/api/auth/login', json: { username: 'admin', password }, ...call });
    expect(login.status, login.text).toBe(200);
    const sessions = await browser.send({ method: 'GET', path: '/api/auth/sessions', ...call });
    expect(sessions.status, sessions.text).toBe(200);
    return sessions.json.find((s: { current: boolean }) => s.current).ip as string;
  }

  it('through the Router: the viewer address the viewer-request function set', async () => {
    expect(await sessionAddress({})).toBe(viewerAddress);
  });

  it('the right secret but no usable viewer address: the connecting address, never a made-up one', async () => {
    expect(await sessionAddress({ headers: { 'x-viewer-address': 'not-an-address' } })).toBe(edgeAddress);
  });

  it('an IPv6 viewer is counted as itself', async () => {
    expect(await sessionAddress({ headers: { 'x-viewer-address': '2001:db8::7' } })).toBe('2001:db8::7');
  });

  it('the sign-in lockout counts per viewer address: one locked viewer does not lock out another behind the same edge', async () => {
    const attacker = { 'x-viewer-address': '198.51.100.66' };
    const wrong = (i: number) =>
      invoke(
        lambdaEvent({ method: 'POST', path: '/api/auth/login', json: { username: 'admin', password: `wrong-${i}` }, headers: attacker }),
      );
    for (let i = 1; i <= 4; i++) expect((await wrong(i)).statusCode).toBe(401);
    expect((await wrong(5)).statusCode).toBe(429);
    const locked = await invoke(
      lambdaEvent({ method: 'POST', path: '/api/auth/login', json: { username: 'admin', password }, headers: attacker }),
    );
    expect(locked.statusCode).toBe(429);
    // Another viewer through the same CloudFront edge server signs in.
    const other = await invoke(lambdaEvent({ method: 'POST', path: '/api/auth/login', json: { username: 'admin', password } }));
    expect(other.statusCode).toBe(200);
  });
});

describe('the Function URL answers only requests that came through the Router', () => {
  const health = (call: { headers?: Record<string, string>; direct?: string }) =>
    invoke(lambdaEvent({ method: 'GET', path: '/api/health', ...call })).then(asBrowserSees);

  it('refuses a request without the origin secret or with a wrong one (403), the health check and sign-in included', async () => {
    const refused = [
      await health({ direct: '192.0.2.44' }),
      await health({ direct: '192.0.2.44', headers: { 'x-origin-verify': 'guessed' } }),
      await health({ headers: { 'x-origin-verify': `${originSecret}x` } }),
      await health({ headers: { 'x-origin-verify': originSecret.slice(0, -1) } }),
      await health({ headers: { 'x-origin-verify': '' } }),
      asBrowserSees(
        await invoke(lambdaEvent({ method: 'POST', path: '/api/auth/login', json: { username: 'admin', password }, direct: '192.0.2.44' })),
      ),
      asBrowserSees(await invoke(lambdaEvent({ method: 'GET', path: '/trpc/auth.me', direct: '192.0.2.44' }))),
    ];
    for (const response of refused) {
      expect(response.status).toBe(403);
      expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
      expect(response.text).toBe("This API answers only at the app's own address");
      expect(response.setCookies).toEqual([]);
    }
  });

  it('serves a request with the right secret', async () => {
    const response = await health({});
    expect(response.status, response.text).toBe(200);
    // The secret, not where the call came from, is the proof.
    expect((await health({ direct: '192.0.2.44', headers: { 'x-origin-verify': originSecret } })).status).toBe(200);
  });

  it('refuses to start without an origin secret', async () => {
    const { createHandler } = await import('@event-admin/functions/lambda');
    expect(() => createHandler({ ...config, originSecret: '' })).toThrow(/origin secret is not linked/);
  });
});
