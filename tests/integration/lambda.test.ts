// The API as AWS runs it: the Lambda handler invoked with the events a Function URL delivers
// behind SST's CloudFront router, against DynamoDB Local, its streamed answers read the way a
// browser receives them through CloudFront. The Lambda runtime's streaming contract is a
// stand-in (tests/setup/lambda-runtime.ts); lambda-edge.test.ts covers streaming itself, and
// lambda-bundle.test.ts the shipped bundle.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { awsConfig, type AppConfig } from '@event-admin/functions/config';
import { ensureTable } from '@event-admin/functions/local/dynamo-local';
import type { createHandler } from '@event-admin/functions/lambda';
import type { RequestLogLine } from '@event-admin/functions/request-log';
import { eventBody } from '../setup/api.ts';
import { installLambdaRuntime, invokeStreaming, type StreamedResult } from '../setup/lambda-runtime.ts';
import {
  asBrowserSees,
  attributesOf,
  Browser,
  edgeAddress,
  lambdaEvent,
  originSecret,
  password,
  viewerAddress,
  type APIGatewayProxyEventV2,
} from './lambda.helpers.ts';
import { suiteStore } from '../setup/suite-store.ts';

let config: AppConfig;
let handler: ReturnType<typeof createHandler>;
/** The function's request log lines (what CloudWatch would receive). */
const logLines: RequestLogLine[] = [];
const invoke = (event: APIGatewayProxyEventV2): Promise<StreamedResult> => invokeStreaming(handler, event);

beforeAll(async () => {
  // The Lambda runtime provides `awslambda` before it loads the handler's module.
  installLambdaRuntime();
  const { createHandler } = await import('@event-admin/functions/lambda');
  const endpoint = suiteStore();
  const tableName = `test-${randomUUID()}`;
  await ensureTable(endpoint, tableName);
  config = { admin: { username: 'admin', password }, tableName, endpoint, originSecret };
  handler = createHandler(config, (line) => logLines.push(line));
});

describe('the Lambda handler behind CloudFront', () => {
  it('signs in over a Function URL event and hands the browser one Secure, HttpOnly, strict session cookie', async () => {
    const browser = new Browser(invoke);
    const response = await browser.signIn();
    expect(response.status, response.text).toBe(200);
    expect(response.json).toEqual({ username: 'admin' });
    expect(response.setCookies).toHaveLength(1);
    const attributes = attributesOf(response.setCookies[0]!);
    expect(attributes[0]).toMatch(/^session=[\w-]{20,}$/);
    expect(attributes).toEqual(expect.arrayContaining(['Path=/', 'HttpOnly', 'SameSite=Strict', 'Secure', 'Max-Age=43200']));
    expect(attributes.some((a) => a.startsWith('Domain='))).toBe(false);
    expect(response.headers.get('cache-control')).toBe('no-store');

    const me = await browser.send({ method: 'GET', path: '/api/auth/me' });
    expect(me.status).toBe(200);
    expect(me.json).toEqual({ username: 'admin', twoFactorEnabled: false, twoFactorSetupRequired: false });
  });

  it('sets the cookie from tRPC too (POST /trpc/auth.login), and reads with it (GET /trpc/auth.me)', async () => {
    const browser = new Browser(invoke);
    const login = await browser.send({ method: 'POST', path: '/trpc/auth.login', json: { username: 'admin', password } });
    expect(login.status, login.text).toBe(200);
    expect(login.json).toEqual({ result: { data: { username: 'admin' } } });
    expect(attributesOf(login.setCookies[0]!)).toEqual(expect.arrayContaining(['HttpOnly', 'SameSite=Strict', 'Secure']));
    const me = await browser.send({ method: 'GET', path: '/trpc/auth.me' });
    expect(me.status, me.text).toBe(200);
    expect(me.json).toEqual({ result: { data: { username: 'admin', twoFactorEnabled: false, twoFactorSetupRequired: false } } });
  });

  it("knows the client by CloudFront's viewer address, never X-Forwarded-For", async () => {
    const browser = new Browser(invoke);
    const forged = { 'x-forwarded-for': '198.51.100.9' };
    const login = await browser.send({ method: 'POST', path: '/api/auth/login', json: { username: 'admin', password }, headers: forged });
    expect(login.status, login.text).toBe(200);
    const sessions = await browser.send({ method: 'GET', path: '/api/auth/sessions' });
    expect(sessions.status, sessions.text).toBe(200);
    expect(sessions.json.find((s: { current: boolean }) => s.current)).toMatchObject({ ip: viewerAddress });
    expect(viewerAddress).not.toBe(edgeAddress);
  });

  it('reads a list: an event created through the function is in GET /api/events, and ?limit reaches the route', async () => {
    const browser = new Browser(invoke);
    await browser.signIn();
    const body = eventBody();
    const created = await browser.send({ method: 'POST', path: '/api/events', json: body });
    expect(created.status, created.text).toBe(201);
    expect(created.json.title).toBe(body.title);

    const list = await browser.send({ method: 'GET', path: '/api/events' });
    expect(list.status).toBe(200);
    expect(list.headers.get('content-type')).toMatch(/^application\/json/);
    expect(list.json.map((e: { id: string }) => e.id)).toContain(created.json.id);

    await browser.send({ method: 'POST', path: '/api/events', json: eventBody() });
    const recent = await browser.send({ method: 'GET', path: '/api/events/recent', query: 'limit=1' });
    expect(recent.status, recent.text).toBe(200);
    expect(recent.json).toHaveLength(1);
  });

  it('answers bad input with 400 and the plain-text message', async () => {
    const browser = new Browser(invoke);
    await browser.signIn();
    const response = await browser.send({ method: 'POST', path: '/api/events', json: eventBody({ title: 'ab' }) });
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(response.text).toBe('Title must be at least 3 characters long');
  });

  it('answers 401 without a session, and with a session that does not exist', async () => {
    const anonymous = await new Browser(invoke).send({ method: 'GET', path: '/api/events' });
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(anonymous.text).toBe('Please sign in to continue');
    expect(anonymous.setCookies).toEqual([]);

    const forged = await invoke(lambdaEvent({ method: 'GET', path: '/api/dashboard/stats', cookies: ['session=not-a-real-session'] }));
    expect(forged.statusCode).toBe(401);
  });

  it('refuses a write whose Origin is not the viewer host CloudFront forwarded (403)', async () => {
    const browser = new Browser(invoke);
    await browser.signIn();
    const foreign = await browser.send({
      method: 'POST',
      path: '/api/events',
      json: eventBody(),
      headers: { origin: 'https://evil.example' },
    });
    expect(foreign.status).toBe(403);
    // Without SST's x-forwarded-host the app would compare against the Function URL's own host.
    const noForwardedHost = await browser.send({
      method: 'POST',
      path: '/api/events',
      json: eventBody(),
      headers: { 'x-forwarded-host': '' },
    });
    expect(noForwardedHost.status).toBe(403);
  });

  it('logs out: the cookie is cleared and the session no longer works', async () => {
    const browser = new Browser(invoke);
    await browser.signIn();
    const cookie = [...browser.jar].map(([name, value]) => `${name}=${value}`);
    const logout = await browser.send({ method: 'POST', path: '/api/auth/logout' });
    expect(logout.status).toBe(200);
    expect(attributesOf(logout.setCookies[0]!)).toEqual(expect.arrayContaining(['session=', 'Max-Age=0']));
    expect(browser.jar.size).toBe(0);
    const replay = await invoke(lambdaEvent({ method: 'GET', path: '/api/auth/me', cookies: cookie }));
    expect(replay.statusCode).toBe(401);
  });

  it('takes base64-encoded request bodies, as a Function URL sends some', async () => {
    const browser = new Browser(invoke);
    const login = await browser.send({ method: 'POST', path: '/api/auth/login', json: { username: 'admin', password }, base64: true });
    expect(login.status, login.text).toBe(200);
    expect(login.setCookies).toHaveLength(1);
    const stats = await browser.send({ method: 'GET', path: '/api/dashboard/stats' });
    expect(stats.status, stats.text).toBe(200);
  });

  it('answers an unknown API path with 404', async () => {
    const missing = asBrowserSees(await invoke(lambdaEvent({ method: 'GET', path: '/api/nothing-here' })));
    expect(missing.status).toBe(404);
    expect(missing.text).toBe('There is no API route at this path');
  });

  it('writes one request log line per call and answers with its X-Request-Id', async () => {
    const response = asBrowserSees(await invoke(lambdaEvent({ method: 'GET', path: '/api/health' })));
    expect(response.status).toBe(200);
    const id = response.headers.get('x-request-id');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const line = logLines.find((l) => l.requestId === id);
    expect(line).toMatchObject({ method: 'GET', path: '/api/health', status: 200 });
    expect(line!.durationMs).toBeGreaterThanOrEqual(0);
  });
});

describe('configuration on AWS', () => {
  const table = { name: 'event-admin-production-TableTable-abc' };
  const linked = (value: string) => ({ Table: table, AdminPassword: { value }, OriginSecret: { value: 'from-the-router' } });

  it('reads the table from the linked resource, the password and origin secret from theirs, the region from Lambda; webhooks reach public HTTPS addresses only', () => {
    expect(awsConfig(linked('s3cret'), { AWS_REGION: 'eu-west-1' })).toEqual({
      admin: { username: 'admin', password: 's3cret' },
      tableName: 'event-admin-production-TableTable-abc',
      region: 'eu-west-1',
      originSecret: 'from-the-router',
      webhookTargets: { allowHttp: false, allowPrivate: false },
    });
  });

  it('refuses to start without the secret, and says how to set it', () => {
    for (const value of ['', '   ']) {
      expect(() => awsConfig(linked(value), {})).toThrow(/npx sst secret set AdminPassword/);
    }
  });
});
