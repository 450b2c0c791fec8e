import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliverDue } from '@event-admin/core/webhook/sender';
import { publicTargetsOnly } from '@event-admin/core/webhook/target';
import { createWebhookHandler } from '@event-admin/functions/webhooks';
import { signedInForFile } from '../setup/api.ts';
import { createCustomer, createEvent, createTransaction, expectError, inBatches, ok, unknownId } from './helpers.ts';

const { api, client } = await signedInForFile();

/** A receiver on 127.0.0.1: records what it is sent, answers what `answer` says. */
interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}
let received: Received[] = [];
let answer = 204;
let receiver: Server;
let receiverUrl: string;

beforeAll(async () => {
  // endpoints are account changes: this session's password is confirmed
  await client.confirm();
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.writeHead(answer).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
});
afterAll(async () => {
  await new Promise((resolve) => receiver.close(resolve));
});

const schedule = [1000, 2000, 4000];
/** npm start on loopback: http and this machine's receivers allowed */
const local = { allowHttp: true, allowPrivate: true };
/** One pass of the sender at a given moment (the tests move the clock instead of waiting). */
const send = (at = new Date()) => deliverDue(api.db, { schedule, targets: local, now: () => at });

async function endpoint(events: string[]) {
  const created = ok(await client.post('/api/webhooks', { url: receiverUrl, events, description: 'Test receiver' }), 201);
  // a write within the endpoints cache's 2 s after this sees it: this process forgot its copy
  return created;
}

describe('webhook endpoints', () => {
  it('creates one with its secret shown once, lists, edits, and deletes it; refuses a bad URL or event type', async () => {
    const created = await endpoint(['transaction.created']);
    expect(created).toMatchObject({ url: receiverUrl, events: ['transaction.created'], description: 'Test receiver', enabled: true });
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/=]{32}$/);
    const listed = ok(await client.get('/api/webhooks')).find((w: any) => w.id === created.id);
    const { secret: _secret, ...shown } = created;
    expect(listed).toEqual(shown);
    const edited = ok(
      await client.put(`/api/webhooks/${created.id}`, { enabled: false, events: ['customer.created', 'customer.updated'] }),
    );
    expect(edited).toMatchObject({ enabled: false, events: ['customer.created', 'customer.updated'] });
    expect(edited.secret).toBeUndefined();
    expectError(
      await client.post('/api/webhooks', { url: 'ftp://example.com', events: ['event.created'] }),
      400,
      'The URL must start with https://',
    );
    expectError(await client.post('/api/webhooks', { url: receiverUrl, events: ['event.exploded'] }), 400, 'Event types are');
    expectError(await client.post('/api/webhooks', { url: receiverUrl, events: [] }), 400, 'Choose at least one event type');
    expectError(await client.put(`/api/webhooks/${unknownId()}`, { enabled: true }), 404, 'Webhook not found');
    expect((await client.request('DELETE', `/api/webhooks/${created.id}`)).status).toBe(204);
    expect(ok(await client.get('/api/webhooks')).some((w: any) => w.id === created.id)).toBe(false);
  });
});

describe('deliveries', () => {
  it('announces each change once, signed as Standard Webhooks, and logs it', async () => {
    received = [];
    answer = 204;
    const hook = await endpoint(['transaction.created', 'transaction.refunded', 'customer.created', 'event.created']);
    const event = await createEvent(client);
    const customer = await createCustomer(client);
    const sold = await createTransaction(client, event.id, customer.id, '$25.00');
    ok(await client.post(`/api/transactions/${sold.id}/refunds`, { amount: '$5.00', reason: 'Seat moved' }), 201);
    // 50 purchases at once: each announced exactly once
    const bought = await inBatches(Array.from({ length: 50 }), 10, () => createTransaction(client, event.id, customer.id, '$1.00'));
    while ((await send()) > 0);

    const verifier = new Webhook(hook.secret);
    const messages = received.map((r) => {
      const verified = verifier.verify(r.body, r.headers as Record<string, string>) as { type: string; data: any; timestamp: string };
      return { id: r.headers['webhook-id'], ...verified };
    });
    const ids = messages.map((m) => m.id);
    expect(new Set(ids).size).toBe(ids.length);
    const created = messages.filter((m) => m.type === 'transaction.created').map((m) => m.data.id);
    expect(created.sort()).toEqual([sold.id, ...bought.map((t) => t.id)].sort());
    expect(messages.find((m) => m.type === 'event.created')?.data).toMatchObject({ id: event.id, title: event.title });
    expect(messages.find((m) => m.type === 'customer.created')?.data).toEqual(customer);
    expect(messages.find((m) => m.type === 'transaction.refunded')?.data).toMatchObject({ id: sold.id, refundedAmount: '$5.00' });
    // a signature made with another secret does not verify
    expect(() =>
      new Webhook('whsec_' + Buffer.from('another secret key!').toString('base64')).verify(
        received[0]!.body,
        received[0]!.headers as Record<string, string>,
      ),
    ).toThrow();

    const log = ok(await client.get(`/api/webhooks/${hook.id}/deliveries?limit=100`));
    expect(log.items).toHaveLength(messages.length);
    expect(log.items[0]).toMatchObject({ attempts: 1, lastStatus: 204, lastError: null, nextAttemptAt: null });
    expect(log.items.every((d: any) => d.deliveredAt !== null)).toBe(true);
    await client.request('DELETE', `/api/webhooks/${hook.id}`);
  });

  it('retries a failing receiver on the schedule with the same webhook-id, then gives up; a retry sends it again', async () => {
    received = [];
    answer = 500;
    const hook = await endpoint(['customer.created']);
    await createCustomer(client);
    const start = Date.now();
    await send(new Date(start));
    expect(received).toHaveLength(1);
    let [delivery] = ok(await client.get(`/api/webhooks/${hook.id}/deliveries`)).items;
    expect(delivery).toMatchObject({ attempts: 1, lastStatus: 500, lastError: 'Answered 500', deliveredAt: null });
    expect(Date.parse(delivery.nextAttemptAt) - start).toBeGreaterThanOrEqual(800);
    // not yet due: nothing sent
    expect(await send(new Date(start + 500))).toBe(0);
    // three retries in the schedule (1 s, 2 s, 4 s, each ±20 %): four attempts in all, then given up
    for (const at of [10_000, 20_000, 40_000]) expect(await send(new Date(start + at))).toBe(1);
    expect(await send(new Date(start + 80_000))).toBe(0);
    [delivery] = ok(await client.get(`/api/webhooks/${hook.id}/deliveries`)).items;
    expect(delivery).toMatchObject({ attempts: 4, lastStatus: 500, nextAttemptAt: null, deliveredAt: null });
    expect(delivery.failedAt).not.toBeNull();
    expect(new Set(received.map((r) => r.headers['webhook-id'])).size).toBe(1);

    answer = 200;
    expect((await client.post(`/api/webhooks/${hook.id}/deliveries/${delivery.id}/retry`)).status).toBe(202);
    await send();
    [delivery] = ok(await client.get(`/api/webhooks/${hook.id}/deliveries`)).items;
    expect(delivery).toMatchObject({ attempts: 5, lastStatus: 200, lastError: null });
    expect(delivery.deliveredAt).not.toBeNull();
    expectError(await client.post(`/api/webhooks/${hook.id}/deliveries/${unknownId()}/retry`), 404, 'Delivery not found');
    await client.request('DELETE', `/api/webhooks/${hook.id}`);
  });

  it('sends a ping on test, and nothing for a write that failed', async () => {
    received = [];
    answer = 204;
    const hook = await endpoint(['customer.created']);
    expect((await client.post(`/api/webhooks/${hook.id}/test`)).status).toBe(202);
    const taken = await createCustomer(client);
    expect((await client.post('/api/customers', { name: 'Same Email', email: taken.email })).status).toBe(409);
    while ((await send()) > 0);
    const types = received.map((r) => JSON.parse(r.body).type);
    expect(types.sort()).toEqual(['customer.created', 'ping']);
    await client.request('DELETE', `/api/webhooks/${hook.id}`);
  });
});

describe('a receiver that goes away', () => {
  it('answering 500, then stopped, then back: the event is delivered once it returns, and the log shows each attempt', async () => {
    received = [];
    answer = 500;
    const hook = await endpoint(['customer.created']);
    const customer = await createCustomer(client);
    const start = Date.now();
    expect(await send(new Date(start))).toBe(1);
    // stopped: nothing listens on its port
    const port = (receiver.address() as AddressInfo).port;
    await new Promise((resolve) => receiver.close(resolve));
    expect(await send(new Date(start + 10_000))).toBe(1);
    let [delivery] = ok(await client.get(`/api/webhooks/${hook.id}/deliveries`)).items;
    expect(delivery).toMatchObject({ attempts: 2, lastStatus: null, lastError: 'Could not connect', deliveredAt: null });
    // back, and well
    answer = 204;
    await new Promise<void>((resolve) => receiver.listen(port, '127.0.0.1', resolve));
    expect(await send(new Date(start + 20_000))).toBe(1);
    [delivery] = ok(await client.get(`/api/webhooks/${hook.id}/deliveries`)).items;
    expect(delivery).toMatchObject({ attempts: 3, lastStatus: 204, lastError: null });
    expect(received.map((r) => JSON.parse(r.body).data.id)).toEqual([customer.id, customer.id]);
    await client.request('DELETE', `/api/webhooks/${hook.id}`);
  });
});

describe('an endpoint that keeps failing', () => {
  it('is turned off after 24 hours of failures, says why, and turning it on again clears that', async () => {
    received = [];
    answer = 503;
    const hook = await endpoint(['customer.created']);
    await createCustomer(client);
    const start = Date.now();
    expect(await send(new Date(start))).toBe(1);
    // failing for 23 hours: still on
    await createCustomer(client);
    await send(new Date(start + 23 * 3_600_000));
    expect(ok(await client.get('/api/webhooks')).find((w: any) => w.id === hook.id)).toMatchObject({ enabled: true, disabledReason: null });
    // 24 hours and more since the first failure, with no success between: turned off, and why
    await createCustomer(client);
    await send(new Date(start + 25 * 3_600_000));
    const off = ok(await client.get('/api/webhooks')).find((w: any) => w.id === hook.id);
    expect(off.enabled).toBe(false);
    expect(off.disabledReason).toMatch(/^Turned off on \d{4}-\d{2}-\d{2}: every delivery failed for 24 hours$/);
    // turned back on: the reason goes
    answer = 204;
    expect(ok(await client.put(`/api/webhooks/${hook.id}`, { enabled: true }))).toMatchObject({ enabled: true, disabledReason: null });
    await client.request('DELETE', `/api/webhooks/${hook.id}`);
  });
});

describe('the AWS sender (packages/functions/src/webhooks.ts)', () => {
  it('sends what is due when the stream or the cron invokes it; on AWS it refuses a loopback target', async () => {
    received = [];
    answer = 204;
    const hook = await endpoint(['customer.created']);
    const customer = await createCustomer(client);
    const stream = { Records: [{ eventName: 'INSERT' }] };
    const sent = await createWebhookHandler(api.db, { schedule, targets: local })(stream, { getRemainingTimeInMillis: () => 60_000 });
    expect(sent.attempted).toBeGreaterThanOrEqual(1);
    expect(received.map((r) => JSON.parse(r.body).data.id)).toContain(customer.id);

    // as deployed: https to public addresses only, checked at delivery
    await createCustomer(client);
    await createWebhookHandler(api.db, { schedule, targets: publicTargetsOnly })({}, { getRemainingTimeInMillis: () => 60_000 });
    const [refused] = ok(await client.get(`/api/webhooks/${hook.id}/deliveries`)).items;
    expect(refused).toMatchObject({ attempts: 1, lastStatus: null, lastError: 'The URL must start with https://' });
    await client.request('DELETE', `/api/webhooks/${hook.id}`);
  });
});
