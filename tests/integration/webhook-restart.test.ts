// Webhooks under `npm start` as a user runs it: the sender runs in a process of its own, and a
// change written just before the whole server is killed (SIGKILL: no drain, no goodbye) is
// announced after the next start.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { freePort } from '@event-admin/functions/local/dynamo-local';
import { Client, customerBody } from '../setup/api.ts';
import { healthy, killGroup, started, startNpm, waitFor } from '../setup/npm-start.ts';
import { ok } from './helpers.ts';

const password = 'webhook-restart-secret';
let dataDir: string;
let receiver: Server;
let receiverUrl: string;
/** what the receiver got: each body's type and data id, with its webhook-id */
const received: { id: string; type: string; dataId: string }[] = [];

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'event-admin-webhooks-'));
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      const parsed = JSON.parse(body) as { type: string; data: { id?: string } };
      received.push({ id: String(req.headers['webhook-id']), type: parsed.type, dataId: String(parsed.data.id) });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
});

afterAll(async () => {
  for (const run of started) killGroup(run);
  await new Promise((resolve) => receiver.close(resolve));
  rmSync(dataDir, { recursive: true, force: true });
});

it('announces a change written just before npm start was killed, after the restart', async () => {
  const port = await freePort();
  const env = { WEBHOOK_RETRY_SCHEDULE: '1s,1s,1s' };
  const first = startNpm(port, dataDir, password, env);
  await healthy(first);
  const client = await (await new Client(first.base).login(password)).confirm(password);
  ok(await client.post('/api/webhooks', { url: receiverUrl, events: ['customer.created'] }), 201);

  // delivered while it runs: the sender process is at work
  const before = ok(await client.post('/api/customers', customerBody()), 201);
  await waitFor('the first announcement', 20_000, async () => (received.some((r) => r.dataId === before.id) ? true : undefined), first);

  // a write answered 201, then the whole server (API, sender, DynamoDB Local) killed at once
  const after = ok(await client.post('/api/customers', customerBody()), 201);
  killGroup(first);
  await first.exited;
  const second = startNpm(port, dataDir, password, env);
  await healthy(second);
  await waitFor(
    'the announcement after the restart',
    30_000,
    async () => (received.some((r) => r.dataId === after.id) ? true : undefined),
    second,
  );

  // at least once is the promise: a delivery sent just before the kill may come again, under its
  // same webhook-id (so a receiver can tell); no change is announced under two ids
  const idsOf = (dataId: string) => new Set(received.filter((r) => r.dataId === dataId).map((r) => r.id));
  expect([idsOf(before.id).size, idsOf(after.id).size]).toEqual([1, 1]);
  expect(received.every((r) => r.type === 'customer.created')).toBe(true);
  // the sender stayed up the whole time (a sender that exits after a pass would be restarted, and say so)
  for (const run of [first, second]) expect(run.output()).not.toContain('The webhook sender stopped');
  const stop = second.child.kill('SIGTERM');
  expect(stop).toBe(true);
  expect(await second.exited).toBe(0);
}, 180_000);
