// The store falters: a DynamoDB Local of this file's own (never the suite's shared one) is
// paused with SIGSTOP for a bounded time, then killed. Every call that needs it answers 503 with
// a plain message within 5 s (health within 2 s), never hangs, and works again once it is back,
// without restarting the API; a store that is gone answers 503 at once.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { DeleteCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { runBackground } from '@event-admin/core/background';
import { createDb, type Db } from '@event-admin/core/db/client';
import { keys } from '@event-admin/core/db/keys';
import { announceIfSoldOut } from '@event-admin/core/order/sold-out';
import { createApp } from '@event-admin/functions/app';
import { ensureTable, startDynamoLocal, type LocalDynamo } from '@event-admin/functions/local/dynamo-local';
import { adminPassword, Client, eventBody, listenLocal } from '../setup/api.ts';
import { createEvent, ok } from './helpers.ts';
import { onSale, order } from './orders.helpers.ts';

let dynamo: LocalDynamo;
let base: string;
let close: () => Promise<void>;
let client: Client;
let tableName: string;
let db: Db;
let paused = false;

beforeAll(async () => {
  dynamo = await startDynamoLocal({});
  tableName = `faults-${randomUUID()}`;
  await ensureTable(dynamo.endpoint, tableName);
  const config = { admin: { username: 'admin', password: adminPassword }, tableName, endpoint: dynamo.endpoint };
  db = createDb(config);
  const app = createApp({ db, config, log: () => {} });
  ({ base, stop: close } = await listenLocal(app.fetch));
  client = await new Client(base).login();
}, 90_000);

afterAll(async () => {
  if (paused) process.kill(dynamo.process.pid!, 'SIGCONT');
  close?.();
  await dynamo?.stop();
});

/** One call, timed; a call that gets no answer in 15 s fails the test instead of hanging it. */
async function timed(method: string, path: string, body?: unknown) {
  const started = performance.now();
  const response = await fetch(base + path, {
    method,
    headers: { 'Content-Type': 'application/json', Origin: base, Cookie: client.cookie },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(15_000),
  });
  const text = await response.text();
  const retryAfter = response.headers.get('retry-after');
  return { status: response.status, text, type: response.headers.get('content-type'), retryAfter, ms: performance.now() - started };
}

const calls: [string, string, unknown?][] = [
  ['GET', '/api/events'],
  ['GET', '/api/dashboard/stats'],
  ['GET', '/api/transactions?limit=5'],
  ['GET', '/api/transactions'],
  ['POST', '/api/events', eventBody({ title: 'Written while paused' })],
  ['GET', '/trpc/events.list'],
];

describe('the DynamoDB Local it starts', () => {
  it('runs with its telemetry off and the parallel collector, and leaves the environment of the process that started it as it was', () => {
    const environ = readFileSync(`/proc/${dynamo.process.pid}/environ`, 'utf8').split('\0');
    expect(environ).toContain('DDB_LOCAL_TELEMETRY=0');
    expect(environ.find((line) => line.startsWith('JAVA_TOOL_OPTIONS='))).toContain('-XX:+UseParallelGC');
    expect(process.env.DDB_LOCAL_TELEMETRY).toBeUndefined();
    expect(process.env.JAVA_TOOL_OPTIONS ?? '').not.toContain('UseParallelGC');
  });
});

describe('a paused store (SIGSTOP)', () => {
  it('answers 503 with a plain message within 5 s, health within 2 s, under 48 calls in flight; then recovers', async () => {
    const existing = await createEvent(client);
    process.kill(dynamo.process.pid!, 'SIGSTOP');
    paused = true;
    try {
      const health = await timed('GET', '/api/health');
      expect(health.status).toBe(503);
      expect(health.ms).toBeLessThan(2000);
      expect(health.text).toMatch(/^The database is not answering/);

      // 8 clients, each making every call above at once: 48 calls in flight on a paused store.
      const results = await Promise.all(
        Array.from({ length: 8 }, () =>
          Promise.all(calls.map(async ([method, path, body]) => ({ path, ...(await timed(method, path, body)) }))),
        ),
      );
      const all = results.flat();
      expect(all).toHaveLength(48);
      for (const result of all) {
        expect(result.status, `${result.path}: ${result.text}`).toBe(503);
        expect(result.retryAfter, result.path).toBe('2');
        expect(result.ms, result.path).toBeLessThan(5000);
      }
      const rest = all.filter((r) => r.path.startsWith('/api/'));
      expect(new Set(rest.map((r) => r.text))).toEqual(new Set(['The database is not reachable right now. Please try again shortly.']));
      expect(rest.every((r) => r.type?.startsWith('text/plain'))).toBe(true);
    } finally {
      process.kill(dynamo.process.pid!, 'SIGCONT');
      paused = false;
    }

    // Back, without restarting anything: reads and writes work at once.
    const deadline = Date.now() + 10_000;
    while ((await timed('GET', '/api/health')).status !== 200) {
      expect(Date.now()).toBeLessThan(deadline);
      await new Promise((r) => setTimeout(r, 200));
    }
    const events = ok(await client.get('/api/events')) as { id: string }[];
    expect(events.map((e) => e.id)).toContain(existing.id);
    const after = await createEvent(client);
    expect(ok(await client.get(`/api/events/${after.id}`)).title).toBe(after.title);
  }, 60_000);
});

describe('a sold-out check the paused store failed', () => {
  it('is owed, and the jobs make it once the store is back: the event is announced', async () => {
    const { event, types, customer } = await onSale({ db }, client, [{ name: 'Only', quantity: 2 }]);
    const lines = [{ ticketTypeId: types[0]!.id, quantity: 2 }];
    await order(client, { eventId: event.id, customerId: customer.id, lines, paymentMethod: 'Card' });
    // The sale's own check announced it: forgotten here, so the check below is one that announces.
    const item = async (key: Record<string, string>) => (await db.doc.send(new GetCommand({ TableName: tableName, Key: key }))).Item;
    await db.doc.send(new DeleteCommand({ TableName: tableName, Key: keys.soldOut(event.id) }));

    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      process.kill(dynamo.process.pid!, 'SIGSTOP');
      paused = true;
      const check = announceIfSoldOut(db, event.id);
      try {
        // the read gives up (its attempts time out); the mark that owes the check is then on its way
        const failed = () => errors.mock.calls.some(([message]) => message === 'event.sold_out check failed');
        await expect.poll(failed, { timeout: 15_000, interval: 20 }).toBe(true);
      } finally {
        process.kill(dynamo.process.pid!, 'SIGCONT');
        paused = false;
      }
      expect(await check).toBe(false);
      expect(errors.mock.calls.map(([message]) => message)).not.toContain('event.sold_out check not owed');
    } finally {
      errors.mockRestore();
    }
    expect(await item(keys.soldOutCheck(event.id))).toMatchObject({ eventId: event.id });
    expect(await item(keys.soldOut(event.id))).toBeUndefined();

    // No sale or refusal follows: the jobs' next run makes the check, once.
    await runBackground(db, { budgetMs: 5000 });
    expect(await item(keys.soldOut(event.id))).toMatchObject({ eventId: event.id });
    expect(await item(keys.soldOutCheck(event.id))).toBeUndefined();
  }, 60_000);
});

describe('a dead store', () => {
  // The restart, with the data on disk, is npm start's: supervisor.test.ts.
  it('answers 503 at once while nothing listens', async () => {
    await dynamo.stop();
    for (const [method, path, body] of [...calls, ['GET', '/api/health'] as [string, string]]) {
      const result = await timed(method, path, body);
      expect(result.status, `${path}: ${result.text}`).toBe(503);
      expect(result.ms).toBeLessThan(2000);
    }
  }, 30_000);
});
