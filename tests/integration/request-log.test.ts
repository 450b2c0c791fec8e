// Request logs and ids: one JSON line per API request, X-Request-Id on every answer, and a 500
// that names its id so a user can report it and an operator can find the error in the log.
import { CreateTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb } from '@event-admin/core/db/client';
import { createApp } from '@event-admin/functions/app';
import type { RequestLogLine } from '@event-admin/functions/request-log';
import { adminPassword, Client, eventBody, listenLocal, signedInForFile } from '../setup/api.ts';
import { expectError, ok } from './helpers.ts';
import { suiteStore } from '../setup/suite-store.ts';

const lines: RequestLogLine[] = [];
const { api, client } = await signedInForFile({ log: (line) => lines.push(line) });

const lineOf = (id: string | null) => lines.find((line) => line.requestId === id);

describe('the request log', () => {
  it('writes one line per request with time, id, method, path, status and duration, and answers the id', async () => {
    const before = lines.length;
    const started = Date.now();
    const created = await client.post('/api/events', eventBody());
    const list = await client.get('/api/events?search=night');
    const trpc = await client.get('/trpc/dashboard.stats');
    expect([created.status, list.status, trpc.status]).toEqual([201, 200, 200]);
    expect(lines.length - before).toBe(3);

    const ids = [created, list, trpc].map((r) => r.headers.get('x-request-id'));
    expect(new Set(ids).size).toBe(3);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(lineOf(ids[0]!)).toMatchObject({ method: 'POST', path: '/api/events', status: 201 });
    expect(lineOf(ids[1]!)).toMatchObject({ method: 'GET', path: '/api/events', status: 200 });
    expect(lineOf(ids[2]!)).toMatchObject({ method: 'GET', path: '/trpc/dashboard.stats', status: 200 });
    for (const line of lines.slice(before)) {
      expect(Date.parse(line.time)).toBeGreaterThanOrEqual(started - 1000);
      expect(Number.isInteger(line.durationMs) && line.durationMs >= 0).toBe(true);
      expect(line.error).toBeUndefined();
      // It is one JSON line: nothing in it breaks the line.
      expect(JSON.stringify(line)).not.toContain('\n');
    }
  });

  it('logs refusals too: 401, 400, 404, 413, each with its id', async () => {
    const anonymous = await new Client(api.base).get('/api/events');
    const invalid = await client.post('/api/events', eventBody({ title: 'ab' }));
    const missing = await client.get('/api/nothing-here');
    const tooLarge = await client.request('POST', '/api/events', undefined, { raw: 'x'.repeat(1024 * 1024 + 1) });
    const statuses = [anonymous, invalid, missing, tooLarge].map((r) => [r.status, lineOf(r.headers.get('x-request-id'))?.status]);
    expect(statuses).toEqual([
      [401, 401],
      [400, 400],
      [404, 404],
      [413, 413],
    ]);
  });
});

describe('a 500', () => {
  // A genuine bug, without any mock: the app on a table that lacks the index its lists query.
  let broken: { base: string; stop: () => Promise<void> };
  const brokenLines: RequestLogLine[] = [];
  beforeAll(async () => {
    const endpoint = suiteStore();
    const tableName = `test-noindex-${randomUUID()}`;
    const raw = new DynamoDBClient({ endpoint, region: 'local', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
    await raw.send(
      new CreateTableCommand({
        TableName: tableName,
        BillingMode: 'PAY_PER_REQUEST',
        AttributeDefinitions: [
          { AttributeName: 'pk', AttributeType: 'S' },
          { AttributeName: 'sk', AttributeType: 'S' },
        ],
        KeySchema: [
          { AttributeName: 'pk', KeyType: 'HASH' },
          { AttributeName: 'sk', KeyType: 'RANGE' },
        ],
      }),
    );
    raw.destroy();
    const config = { admin: { username: 'admin', password: adminPassword }, tableName, endpoint };
    const app = createApp({ db: createDb(config), config, log: (line) => brokenLines.push(line) });
    broken = await listenLocal(app.fetch);
  });
  afterAll(() => broken.stop());

  it('REST: a plain message naming the request id, and the error with its stack in the log line', async () => {
    const user = await new Client(broken.base).login();
    const result = await user.get('/api/events');
    expectError(result, 500, 'Something went wrong on our side. Please try again.');
    const id = result.headers.get('x-request-id')!;
    expect(result.text).toContain(id);
    expect(result.text).not.toMatch(/index|ValidationException/i);
    const line = brokenLines.find((l) => l.requestId === id)!;
    expect(line).toMatchObject({ method: 'GET', path: '/api/events', status: 500 });
    expect(line.error).toMatch(/ValidationException|index/);
    expect(line.error).toMatch(/\n\s+at /);
  });

  it('tRPC: the same, in the JSON error message', async () => {
    const user = await new Client(broken.base).login();
    const result = await user.get('/trpc/events.list?input=%7B%7D');
    expect(result.status).toBe(500);
    const id = result.headers.get('x-request-id')!;
    const message = (result.body as { error: { message: string } }).error.message;
    expect(message).toBe(`Something went wrong on our side. Please try again. (request id ${id})`);
    expect(brokenLines.find((l) => l.requestId === id)?.error).toMatch(/ValidationException|index/);
  });

  it('a 4xx carries no error in its line, and its message no id', async () => {
    const result = await new Client(broken.base).post('/api/auth/login', { username: 'admin', password: 'wrong-password' });
    expect(result.status).toBe(401);
    expect(result.text).not.toContain('request id');
    expect(brokenLines.find((l) => l.requestId === result.headers.get('x-request-id'))?.error).toBeUndefined();
    ok(await new Client(broken.base).get('/api/health'));
  });
});
