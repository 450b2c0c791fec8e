// The outbox (issue 29, 2 and 3): erasure reaches it, bodies are dropped after their time, a
// change writes one record whatever the number of endpoints, and a slow receiver holds back no other.
// Slow on a busy machine: each test may take two minutes.
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it, vi } from 'vitest';
import { keys } from '@event-admin/core/db/keys';
import { deliveryBodies } from '@event-admin/core/webhook/delivery-bodies.migration';
import { deliverDue, startSender } from '@event-admin/core/webhook/sender';
import { createWebhookHandler } from '@event-admin/functions/webhooks';
import { customerBody, type Client, type TestApi } from '../setup/api.ts';
import { createEvent, createTransaction, expectError, inBatches, ok } from './helpers.ts';
import { addEndpoint, deliveryLog, localTargets, webhookTestbed } from './webhook-receiver.ts';

vi.setConfig({ testTimeout: 120_000 });

const bed = webhookTestbed();
const signedIn = bed.signedIn;

const schedule = [1000, 2000, 4000];
const sendAll = (api: TestApi, at = new Date()) => deliverDue(api.db, { schedule, targets: localTargets, now: () => at });
const received = (path: string) => bed.receiver.received.filter((r) => r.path === path);

/** Every delivery of the endpoint retried, then sent: the bodies a receiver gets now. */
async function retryAll(api: TestApi, client: Client, endpointId: string, path: string) {
  const before = received(path).length;
  for (const delivery of await deliveryLog(client, endpointId)) {
    expect((await client.post(`/api/webhooks/${endpointId}/deliveries/${delivery.id}/retry`)).status).toBe(202);
  }
  await sendAll(api);
  return received(path).slice(before);
}

/** An endpoint at `path` and the one delivery a new customer gave it, sent. */
async function oneDelivery(path: string) {
  const { api, client } = await signedIn();
  const endpoint = await addEndpoint(client, bed.receiver.url(path), ['customer.created']);
  ok(await client.post('/api/customers', customerBody()), 201);
  await sendAll(api);
  const [delivery] = await deliveryLog(client, endpoint.id);
  return { api, client, endpoint, delivery: delivery! };
}

async function erasureComplete(client: Client, id: string) {
  for (let i = 0; i < 100; i++) {
    if (ok(await client.get(`/api/customers/${id}`)).erasure === 'complete') return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the erasure did not complete');
}

describe('erasure reaches the outbox', () => {
  it('scrubs every body about an erased or deleted customer, so a retry sends nothing personal', async () => {
    const { api, client } = await signedIn();
    const types = ['customer.created', 'customer.updated', 'transaction.created', 'transaction.refunded', 'customer.erased'];
    const endpoint = await addEndpoint(client, bed.receiver.url('/erasure'), types);
    const person = customerBody({ name: 'Greta Quill', phone: '(555) 777-1234' });
    const customer = ok(await client.post('/api/customers', person), 201);
    ok(await client.put(`/api/customers/${customer.id}`, { ...person, name: 'Greta Q. Quillfeather', version: customer.version }));
    const sold = await createTransaction(client, (await createEvent(client)).id, customer.id, '$30.00');
    ok(await client.post(`/api/transactions/${sold.id}/refunds`, { amount: '$5.00', reason: 'Seat moved for Greta Quill' }), 201);
    const other = ok(await client.post('/api/customers', customerBody({ name: 'Otto Brenneke', phone: '(555) 888-4321' })), 201);
    await sendAll(api);
    const personal = ['Greta', 'Quill', person.email, '777-1234', 'Otto Brenneke', other.email, '888-4321'];
    const texts = received('/erasure').map((r) => r.body);
    expect(personal.every((term) => texts.some((text) => text.includes(term)))).toBe(true);

    ok(await client.post(`/api/customers/${customer.id}/erase`, { confirm: person.email }));
    await erasureComplete(client, customer.id);
    expect((await client.request('DELETE', `/api/customers/${other.id}`)).status).toBe(204);
    await new Promise((resolve) => setTimeout(resolve, 1500)); // the delete's erasure job, worked in the background

    const again = await retryAll(api, client, endpoint.id, '/erasure');
    expect(again.map((r) => JSON.parse(r.body).type).sort()).toEqual([...types, 'customer.created'].sort());
    for (const { body } of again) for (const term of personal) expect(body).not.toContain(term);
    const created = again.map((r) => JSON.parse(r.body)).filter((b) => b.type === 'customer.created');
    expect(created.map((b) => [b.data.name, b.data.email, b.data.phone])).toEqual([
      ['[erased]', '[erased]', '[erased]'],
      ['[erased]', '[erased]', '[erased]'],
    ]);
    const refunded = again.map((r) => JSON.parse(r.body)).find((b) => b.type === 'transaction.refunded');
    expect(refunded.data).toMatchObject({ id: sold.id, amount: '$30.00' });
    expect(JSON.stringify(refunded.data)).toContain('Seat moved for [erased]');
  });

  it('drops a body 7 days after the change: a retry then is refused, saying why', async () => {
    const { api, client, endpoint, delivery } = await oneDelivery('/retention');
    expect(delivery.deliveredAt).not.toBeNull();
    const outbox = () => api.db.doc.send(new GetCommand({ TableName: api.db.tableName, Key: keys.outbox(delivery.messageId) }));
    await sendAll(api, new Date(Date.now() + 6 * 86_400_000));
    expect((await outbox()).Item?.body).toContain('customer.created');
    await sendAll(api, new Date(Date.now() + 8 * 86_400_000));
    expect((await outbox()).Item).toBeUndefined();
    expectError(
      await client.post(`/api/webhooks/${endpoint.id}/deliveries/${delivery.id}/retry`),
      409,
      'Its body was dropped 7 days after the change',
    );
    expect(received('/retention')).toHaveLength(1);
  });

  it('drops the bodies older deliveries kept on themselves (migration delivery-bodies-v1), keeping the log', async () => {
    const { api, client, endpoint, delivery } = await oneDelivery('/legacy');
    const key = keys.webhookDelivery(endpoint.id, delivery.id);
    const read = async () => (await api.db.doc.send(new GetCommand({ TableName: api.db.tableName, Key: key, ConsistentRead: true }))).Item;
    // as a version before the outbox wrote it: the body on the delivery
    const legacyBody = JSON.stringify({ type: 'customer.created', data: { name: 'Ida Legacy', email: 'ida@example.com' } });
    await api.db.doc.send(new PutCommand({ TableName: api.db.tableName, Item: { ...(await read()), body: legacyBody } }));
    expect((await read())?.body).toBe(legacyBody);
    expect(await deliveryBodies.run(api.db, { outOfTime: () => false })).toEqual({ updated: 1, done: true });
    expect((await read())?.body).toBeUndefined();
    expect(await deliveryLog(client, endpoint.id)).toEqual([delivery]);
    expect((await deliveryBodies.run(api.db, { outOfTime: () => false })).updated).toBe(0);
  });
});

describe('the number of endpoints never breaks a write', () => {
  it('caps endpoints at 100 under racing creates; 100 on one type: customers created and erased, each fanned out to all', async () => {
    const { api, client } = await signedIn();
    const events = ['customer.created', 'customer.erased'];
    const add = (i: number) => client.post('/api/webhooks', { url: bed.receiver.url(`/many/${i}`), events });
    await inBatches(
      Array.from({ length: 95 }, (_, i) => i),
      4,
      async (i) => ok(await add(i), 201),
    );
    const race = await Promise.all(Array.from({ length: 12 }, (_, i) => add(95 + i)));
    expect(race.filter((r) => r.status === 201)).toHaveLength(5);
    for (const refused of race.filter((r) => r.status !== 201)) expectError(refused, 409, 'At most 100 webhook endpoints');
    const endpoints = ok(await client.get('/api/webhooks'));
    expect(endpoints).toHaveLength(100);
    const counter = await api.db.doc.send(new GetCommand({ TableName: api.db.tableName, Key: keys.webhookCount(), ConsistentRead: true }));
    expect(counter.Item?.endpoints).toBe(endpoints.length);

    const customers = await Promise.all([1, 2].map(async () => ok(await client.post('/api/customers', customerBody()), 201)));
    ok(await client.post(`/api/customers/${customers[0].id}/erase`, { confirm: customers[0].email }));
    await sendAll(api);
    const bodies = bed.receiver.received.filter((r) => r.path.startsWith('/many/')).map((r) => ({ path: r.path, ...JSON.parse(r.body) }));
    expect(bodies.filter((b) => b.type === 'customer.created')).toHaveLength(200);
    expect(bodies.filter((b) => b.type === 'customer.erased')).toHaveLength(100);
    expect(new Set(bodies.map((b) => `${b.path} ${b.type} ${b.data.id}`)).size).toBe(300);

    // a delete frees a place
    expect((await client.request('DELETE', `/api/webhooks/${endpoints[0].id}`)).status).toBe(204);
    ok(await add(200), 201);
    expectError(await add(201), 409, 'At most 100 webhook endpoints');
  });
});

describe('a slow receiver', () => {
  it('holds back no other endpoint: each delivery is bounded, each endpoint in its own lane', async () => {
    const { api, client } = await signedIn();
    bed.receiver.answer((path) => (path === '/slow' ? 'hang' : 204));
    await addEndpoint(client, bed.receiver.url('/slow'), ['customer.created']);
    const fast = await addEndpoint(client, bed.receiver.url('/fast'), ['customer.created']);
    await inBatches(Array.from({ length: 8 }), 8, async () => ok(await client.post('/api/customers', customerBody()), 201));
    // the slow one never answers: each of its deliveries holds for 15 s; all the fast one's arrive before the first of them ends
    const sender = startSender(api.db, { schedule, targets: localTargets, timeoutMs: 15_000, everyMs: 200 });
    const begun = Date.now();
    while (received('/fast').length < 8 && Date.now() - begun < 12_000) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(received('/fast')).toHaveLength(8);
    // the slow one's lane holds at most 4 at once
    expect(received('/slow').length).toBeLessThanOrEqual(4);
    await sender.stop();
    bed.receiver.answer(() => 204);
    const slowLog = await deliveryLog(client, (await client.get('/api/webhooks')).body.find((w: any) => w.id !== fast.id).id);
    expect(slowLog.filter((d) => d.lastError === 'No answer within 15 s').length).toBeGreaterThan(0);
  });

  it('on AWS starts no delivery that cannot finish in the time left', async () => {
    const { api, client } = await signedIn();
    const endpoint = await addEndpoint(client, bed.receiver.url('/aws'), ['customer.created']);
    ok(await client.post('/api/customers', customerBody()), 201);
    const handler = createWebhookHandler(api.db, { schedule, targets: localTargets });
    expect(await handler({}, { getRemainingTimeInMillis: () => 9000 })).toEqual({ attempted: 0 });
    expect(received('/aws')).toHaveLength(0);
    expect(await handler({}, { getRemainingTimeInMillis: () => 60_000 })).toEqual({ attempted: 1 });
    expect((await deliveryLog(client, endpoint.id))[0]).toMatchObject({ attempts: 1, lastStatus: 204 });
  });
});
