import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect } from 'vitest';
import { Webhook } from 'standardwebhooks';
import type { TargetPolicy } from '@event-admin/core/webhook/target';
import { startSignedIn, type Client, type TestApi } from '../setup/api.ts';
import { ok } from './helpers.ts';

export interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * A webhook receiver on 127.0.0.1 that records every body it is sent; `answer` says what it
 * answers for a path: a status, or 'hang' (no answer until it is closed).
 */
export async function startReceiver() {
  const received: Received[] = [];
  const hanging = new Set<ServerResponse>();
  const state = { answer: (_path: string): number | 'hang' => 204 };
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      const path = req.url ?? '/';
      received.push({ path, headers: req.headers, body });
      const answer = state.answer(path);
      if (answer === 'hang') hanging.add(res);
      else res.writeHead(answer).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    received,
    url: (path = '/hooks') => `http://127.0.0.1:${port}${path}`,
    answer: (answer: (path: string) => number | 'hang') => void (state.answer = answer),
    /** the bodies received, parsed */
    bodies: () => received.map((r) => JSON.parse(r.body) as { type: string; data: any }),
    close: async () => {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
export type Receiver = Awaited<ReturnType<typeof startReceiver>>;

/** npm start on loopback: http and this machine's receivers allowed */
export const localTargets = { allowHttp: true, allowPrivate: true };

/** A new endpoint (the client's password confirmed), with its secret. */
export async function addEndpoint(client: Client, url: string, events: string[]) {
  return ok(await client.post('/api/webhooks', { url, events }), 201);
}

/** A received delivery verifies with `secret` (Standard Webhooks' own library). */
export function verifies(received: Received, secret: string) {
  try {
    new Webhook(secret).verify(received.body, received.headers as Record<string, string>);
    return true;
  } catch {
    return false;
  }
}

/** The delivery log of an endpoint (newest first). */
export async function deliveryLog(client: Client, endpointId: string) {
  const log = ok(await client.get(`/api/webhooks/${endpointId}/deliveries?limit=100`));
  expect(log.nextCursor).toBeNull();
  return log.items as any[];
}

/**
 * What a webhook test file starts from: a receiver, and fresh apps on tables of their own (each
 * with a client whose password is confirmed), all stopped after the file.
 */
export function webhookTestbed() {
  const started: TestApi[] = [];
  const bed = {
    receiver: undefined as unknown as Receiver,
    async signedIn(webhookTargets?: TargetPolicy) {
      const { api, client } = await startSignedIn({ webhookTargets });
      started.push(api);
      return { api, client: await client.confirm() };
    },
  };
  beforeAll(async () => {
    bed.receiver = await startReceiver();
  });
  afterAll(async () => {
    await bed.receiver.close();
    for (const api of started) await api.stop();
  });
  return bed;
}
