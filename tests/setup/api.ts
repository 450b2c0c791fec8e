import { serve } from '@hono/node-server';
import { createTRPCClient, httpLink, TRPCClientError } from '@trpc/client';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll } from 'vitest';
import { batchLimits, createDb, type Db, type StoreLimits } from '@event-admin/core/db/client';
import type { JobKick } from '@event-admin/core/jobs/index';
import type { TargetPolicy } from '@event-admin/core/webhook/target';
import { createApp } from '@event-admin/functions/app';
import { openApiDocument } from '@event-admin/functions/openapi/document';
import { documentedAnswer, operationMatcher } from '@event-admin/functions/openapi/lookup';
import type { RequestLog } from '@event-admin/functions/request-log';
import { ensureTable } from '@event-admin/functions/local/dynamo-local';
import { outlastClients } from '@event-admin/functions/local/keep-alive';
import type { AppRouter } from '@event-admin/functions/trpc/routers/_app';
import { suiteStore } from './suite-store.ts';

export const adminPassword = 'integration-secret';

export interface TestApi {
  base: string;
  db: Db;
  /** the same table with the start's patient limits (db/client.ts batchLimits): for a file's bulk setup */
  setupDb: Db;
  stop: () => Promise<void>;
}

/**
 * How long the suite's apps wait on their store: longer than a deployed app's 2 s a request
 * (db/client.ts storeLimits). These files test what the API answers, and on a busy machine (two
 * cores, the browser suite beside them) a DynamoDB Local can take seconds to answer. The deployed
 * limits themselves are store-faults.test.ts's, on a store of its own that it pauses.
 */
export const suiteLimits: StoreLimits = { connectionTimeoutMs: 5000, requestTimeoutMs: 10_000, maxAttempts: 2 };

/** A fresh table on the suite's DynamoDB Local, and its config for a client or an app. */
export async function freshTable(webhookTargets?: TargetPolicy) {
  const endpoint = suiteStore();
  const tableName = `test-${randomUUID()}`;
  await ensureTable(endpoint, tableName);
  const config = { admin: { username: 'admin', password: adminPassword }, tableName, endpoint, webhookTargets };
  return { db: createDb({ ...config, limits: suiteLimits }), config };
}

/**
 * The real Hono app on its own fresh table, over HTTP on 127.0.0.1. Its request log lines are
 * dropped unless `log` wants them (they would bury the test output).
 */
export async function startApi(options: { log?: RequestLog; webhookTargets?: TargetPolicy; jobs?: JobKick } = {}): Promise<TestApi> {
  const { db, config } = await freshTable(options.webhookTargets);
  const app = createApp({ db, config, log: options.log ?? (() => {}), jobs: options.jobs });
  return { ...(await listenLocal(app.fetch)), db, setupDb: createDb({ ...config, limits: batchLimits }) };
}

/** `fetch` served over HTTP on a free port of 127.0.0.1, keeping idle connections as `npm start` does. */
export async function listenLocal(fetch: (request: Request) => Response | Promise<Response>) {
  // without createServer set, @hono/node-server serves with node:http's
  const server = serve({ fetch, port: 0, hostname: '127.0.0.1' }) as Server;
  outlastClients(server);
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * The OpenAPI document the app serves, and a JSON Schema 2020-12 validator over it: a body's
 * schema is found by its JSON pointer in the document, so `$ref`s to the named schemas resolve.
 */
const document = openApiDocument();
const findOperation = operationMatcher(document);
// Not strict: the document around the schemas (openapi, paths, ...) is not JSON Schema. The
// schemas themselves are compiled strictly in tests/unit/openapi-document.test.ts.
const ajv = new Ajv2020({ allErrors: true, strict: false });
addFormats(ajv);
ajv.addSchema(document as object, 'openapi.json');
const validators = new Map<string, ValidateFunction>();
function validatorAt(pointer: string) {
  let validate = validators.get(pointer);
  if (!validate) {
    validate = ajv.getSchema(`openapi.json${pointer}`);
    if (!validate) throw new Error(`The OpenAPI document has no schema at ${pointer}`);
    validators.set(pointer, validate);
  }
  return validate;
}

/** Throws (failing the test) when an answer to a documented operation is not what the document says. */
export function checkAnswer(method: string, path: string, result: HttpResult) {
  const found = findOperation(method, path);
  if (!found) return;
  const where = `${method} ${path} answered ${result.status}`;
  const documented = documentedAnswer(document, found, result.status);
  if (!documented) {
    throw new Error(
      `${where}, a status its OpenAPI operation ${found.operation.operationId} does not document: ${result.text.slice(0, 300)}`,
    );
  }
  const mediaType = result.headers.get('content-type')?.split(';')[0]?.trim();
  if (documented.mediaTypes.length === 0) {
    if (result.text !== '') throw new Error(`${where} with a body, where the document says there is none`);
    return;
  }
  if (!mediaType || !documented.mediaTypes.includes(mediaType)) {
    throw new Error(`${where} with ${mediaType ?? 'no content type'}, where the document says ${documented.mediaTypes.join(' or ')}`);
  }
  if (mediaType !== 'application/json' || !documented.jsonSchemaPointer) return;
  const validate = validatorAt(documented.jsonSchemaPointer);
  if (!validate(result.body)) {
    throw new Error(
      `${where} with a body its OpenAPI schema refuses: ${ajv.errorsText(validate.errors, { separator: '; ' })}\n${result.text.slice(0, 1000)}`,
    );
  }
}

/** What a test may add to a request: a raw body instead of JSON, extra headers. */
interface RequestOptions {
  raw?: string;
  headers?: Record<string, string>;
}

export interface HttpResult<T = unknown> {
  status: number;
  body: T;
  text: string;
  headers: Headers;
}

/**
 * A browser-like HTTP client: keeps the session cookie, sends JSON with our Origin. Every answer
 * it receives on a documented `/api` operation is held to the OpenAPI document (its status
 * documented, its JSON body valid against that status's schema); a mismatch fails the test.
 */
export class Client {
  cookie = '';
  constructor(readonly base: string) {
    // Wrapped here rather than inside request(), so a subclass's own transport (ClientFrom) is checked too.
    const send = this.request.bind(this);
    this.request = async <T = any>(method: string, path: string, body?: unknown, init: RequestOptions = {}) => {
      const result = await send<T>(method, path, body, init);
      checkAnswer(method, path, result);
      return result;
    };
  }

  async request<T = any>(method: string, path: string, body?: unknown, init: RequestOptions = {}): Promise<HttpResult<T>> {
    const response = await fetch(this.base + path, {
      method,
      headers: {
        'Content-Type': 'application/json',
        Origin: this.base,
        ...(this.cookie ? { Cookie: this.cookie } : {}),
        ...init.headers,
      },
      body: init.raw ?? (body === undefined ? undefined : JSON.stringify(body)),
    });
    const setCookie = response.headers.get('set-cookie');
    if (setCookie) this.cookie = setCookie.split(';')[0]!;
    const text = await response.text();
    let parsed: unknown = text;
    if (response.headers.get('content-type')?.includes('application/json')) parsed = JSON.parse(text);
    return { status: response.status, body: parsed as T, text, headers: response.headers };
  }

  get = <T = any>(path: string) => this.request<T>('GET', path);
  post = <T = any>(path: string, body?: unknown) => this.request<T>('POST', path, body);
  put = <T = any>(path: string, body?: unknown) => this.request<T>('PUT', path, body);

  async login(password = adminPassword) {
    const result = await this.post('/api/auth/login', { username: 'admin', password });
    if (result.status !== 200) throw new Error(`login failed: ${result.status} ${result.text}`);
    return this;
  }

  /** Opens this session's 10-minute window for account changes (tokens, 2FA, sessions, the password). */
  async confirm(password = adminPassword, code?: string) {
    const result = await this.post('/api/auth/confirm', { password, ...(code ? { code } : {}) });
    if (result.status !== 204) throw new Error(`confirm failed: ${result.status} ${result.text}`);
    return this;
  }

  /** A typed tRPC client over HTTP sharing this client's cookie. */
  trpc() {
    return createTRPCClient<AppRouter>({
      links: [
        httpLink({
          url: `${this.base}/trpc`,
          headers: () => ({ Origin: this.base, ...(this.cookie ? { Cookie: this.cookie } : {}) }),
        }),
      ],
    });
  }
}

export async function signedIn(api: TestApi) {
  return new Client(api.base).login();
}

/** A fresh app and table with a client signed in to it. */
export async function startSignedIn(options: Parameters<typeof startApi>[0] = {}) {
  const api = await startApi(options);
  return { api, client: await signedIn(api) };
}

/**
 * The app of one test file, started as the file loads (`const api = await apiForFile()` at its
 * top) and stopped after its last test.
 */
export async function apiForFile(options: Parameters<typeof startApi>[0] = {}) {
  const api = await startApi(options);
  afterAll(() => api.stop());
  return api;
}

/** The same with a client signed in to it: what most test files start from. */
export async function signedInForFile(options: Parameters<typeof startApi>[0] = {}) {
  const api = await apiForFile(options);
  return { api, client: await signedIn(api) };
}

/** The HTTP status of a failed tRPC call. */
export async function trpcStatus(call: Promise<unknown>) {
  try {
    await call;
    return 200;
  } catch (error) {
    if (error instanceof TRPCClientError) return (error.data as { httpStatus?: number } | undefined)?.httpStatus ?? 0;
    throw error;
  }
}

/** The message and HTTP status of a tRPC call that must fail. */
export async function trpcFailure(call: Promise<unknown>) {
  try {
    await call;
  } catch (error) {
    if (error instanceof TRPCClientError) return { message: error.message, status: (error.data as { httpStatus?: number }).httpStatus };
    throw error;
  }
  throw new Error('expected the call to fail');
}

/** A valid event body, unique per call. */
export const eventBody = (overrides: Record<string, unknown> = {}) => ({
  title: `Test night ${randomUUID().slice(0, 8)}`,
  description: 'A night to test',
  date: '2030-05-01T00:00:00.000Z',
  time: '20:00',
  venue: 'Main hall',
  status: 'active',
  ...overrides,
});

export const customerBody = (overrides: Record<string, unknown> = {}) => ({
  name: 'Ada Lovelace',
  email: `ada-${randomUUID().slice(0, 8)}@example.com`,
  phone: '(555) 010-2030',
  ...overrides,
});
