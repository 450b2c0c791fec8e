// Webhook endpoints are an account change (issue 29, 1): a confirmed password, never a token,
// in the history; secrets rotate with both signatures for a day; a retry goes where it was meant to.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliverDue, signature } from '@event-admin/core/webhook/sender';
import { Client, startSignedIn, type TestApi } from '../setup/api.ts';
import { createCustomer, expectError, ok } from './helpers.ts';
import { addEndpoint, deliveryLog, localTargets, startReceiver, verifies, type Receiver } from './webhook-receiver.ts';

let api: TestApi;
let confirmed: Client;
let receiver: Receiver;
let token: string;

beforeAll(async () => {
  let signedIn: Client;
  ({ api, client: signedIn } = await startSignedIn());
  confirmed = await signedIn.confirm();
  token = ok(await confirmed.post('/api/tokens', { name: 'sync', scope: 'write', expiresInDays: 1 }), 201).token;
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver.close();
  await api.stop();
});

const schedule = [1000, 2000, 4000];
const send = (at = new Date()) => deliverDue(api.db, { schedule, targets: localTargets, now: () => at });
const withToken = (method: string, path: string, body?: unknown) =>
  new Client(api.base).request(method, path, body, { headers: { Authorization: `Bearer ${token}` } });
const history = async (id: string) => ok(await confirmed.get(`/api/audit?entity=webhook&id=${id}&limit=100`)).items as any[];

describe('an endpoint is an account change', () => {
  it('refuses an API token (403) and a session whose password is not confirmed (403); a confirmed one is recorded', async () => {
    const body = { url: receiver.url(), events: ['customer.created'] };
    expectError(await withToken('POST', '/api/webhooks', body), 403, 'API tokens cannot be used here');
    const fresh = await new Client(api.base).login();
    expectError(await fresh.post('/api/webhooks', body), 403, 'Confirm your password to continue');
    expect(ok(await confirmed.get('/api/webhooks'))).toEqual([]);

    const created = await addEndpoint(confirmed, receiver.url(), ['customer.created']);
    expect(created.createdBy).toBe('admin');
    for (const [method, path, sent] of [
      ['PUT', `/api/webhooks/${created.id}`, { url: receiver.url('/elsewhere') }],
      ['PUT', `/api/webhooks/${created.id}`, { events: ['customer.created', 'customer.updated'] }],
      ['POST', `/api/webhooks/${created.id}/rotate-secret`, undefined],
      ['DELETE', `/api/webhooks/${created.id}`, undefined],
    ] as const) {
      expectError(await withToken(method, path, sent), 403, 'API tokens cannot be used here');
      expectError(await fresh.request(method, path, sent), 403, 'Confirm your password to continue');
    }
    // a token still reads them, sends a test and reads the log
    expect(ok(await withToken('GET', '/api/webhooks')).map((w: any) => w.id)).toEqual([created.id]);
    expect((await withToken('POST', `/api/webhooks/${created.id}/test`)).status).toBe(202);

    ok(await confirmed.put(`/api/webhooks/${created.id}`, { events: ['customer.created', 'customer.updated'] }));
    const rotated = ok(await confirmed.post(`/api/webhooks/${created.id}/rotate-secret`));
    expect((await confirmed.request('DELETE', `/api/webhooks/${created.id}`)).status).toBe(204);
    const records = await history(created.id);
    expect(records.map((r) => [r.action, r.actor])).toEqual([
      ['delete', 'admin'],
      ['secret_rotated', 'admin'],
      ['update', 'admin'],
      ['create', 'admin'],
    ]);
    expect(records[3].changes).toEqual([
      { field: 'url', from: null, to: receiver.url() },
      { field: 'events', from: null, to: 'customer.created' },
    ]);
    expect(records[2].changes).toEqual([{ field: 'events', from: 'customer.created', to: 'customer.created, customer.updated' }]);
    // never a secret
    const text = JSON.stringify(records);
    for (const secret of [created.secret, rotated.secret]) expect(text).not.toContain(secret.slice(6));
    expect(text).not.toContain('whsec_');
  });
});

describe('rotating a secret', () => {
  it('shows the new secret once and signs with both for 24 hours, then with the new one only', async () => {
    receiver.received.length = 0;
    const endpoint = await addEndpoint(confirmed, receiver.url('/rotating'), ['customer.created']);
    const rotated = ok(await confirmed.post(`/api/webhooks/${endpoint.id}/rotate-secret`));
    expect(rotated).toMatchObject({ id: endpoint.id, url: endpoint.url });
    expect(rotated.secret).toMatch(/^whsec_/);
    expect(rotated.secret).not.toBe(endpoint.secret);
    expect(ok(await confirmed.get('/api/webhooks')).find((w: any) => w.id === endpoint.id).secret).toBeUndefined();

    await createCustomer(confirmed);
    await send();
    const [both] = receiver.received;
    expect(String(both!.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect([verifies(both!, endpoint.secret), verifies(both!, rotated.secret)]).toEqual([true, true]);

    await createCustomer(confirmed);
    await send(new Date(Date.now() + 25 * 3_600_000));
    // sent 25 hours ahead of this clock: the signature is checked by hand (a library refuses the timestamp)
    const after = receiver.received[1]!;
    const signed = (secret: string) =>
      signature(secret, String(after.headers['webhook-id']), Number(after.headers['webhook-timestamp']), after.body);
    expect(after.headers['webhook-signature']).toBe(signed(rotated.secret));
    await confirmed.request('DELETE', `/api/webhooks/${endpoint.id}`);
  });
});

describe('a retry after the URL changed', () => {
  it('is not sent to the new URL by itself; sending it there needs a confirmed password and is recorded', async () => {
    receiver.received.length = 0;
    receiver.answer((path) => (path === '/old' ? 500 : 204));
    const endpoint = await addEndpoint(confirmed, receiver.url('/old'), ['customer.created']);
    await createCustomer(confirmed);
    const start = Date.now();
    await send(new Date(start));
    let [delivery] = await deliveryLog(confirmed, endpoint.id);
    expect(delivery).toMatchObject({ attempts: 1, lastStatus: 500 });

    // the URL changes while a retry is pending: the retry is not sent to the new one
    ok(await confirmed.put(`/api/webhooks/${endpoint.id}`, { url: receiver.url('/new') }));
    await send(new Date(start + 60_000));
    [delivery] = await deliveryLog(confirmed, endpoint.id);
    expect(delivery).toMatchObject({ attempts: 2, lastStatus: null, nextAttemptAt: null });
    expect(delivery.lastError).toMatch(/^The endpoint's URL changed after this was announced/);
    expect(receiver.received.map((r) => r.path)).toEqual(['/old']);

    // retried by hand: a token, or a session without its password confirmed, may not send it elsewhere
    const retry = `/api/webhooks/${endpoint.id}/deliveries/${delivery.id}/retry`;
    expectError(await withToken('POST', retry), 403, 'API tokens cannot be used here');
    expectError(await (await new Client(api.base).login()).post(retry), 403, 'Confirm your password to continue');
    await send(new Date(start + 120_000));
    expect(receiver.received.map((r) => r.path)).toEqual(['/old']);

    expect((await confirmed.post(retry)).status).toBe(202);
    await send(new Date(start + 180_000));
    expect(receiver.received.map((r) => r.path)).toEqual(['/old', '/new']);
    const [resent] = await history(endpoint.id);
    expect(resent).toMatchObject({ action: 'delivery_resent', actor: 'admin' });
    expect(resent.summary).toContain(receiver.url('/old'));

    // one meant for the URL it has: a token may retry it
    await createCustomer(confirmed);
    await send(new Date(start + 240_000));
    const [current] = await deliveryLog(confirmed, endpoint.id);
    expect((await withToken('POST', `/api/webhooks/${endpoint.id}/deliveries/${current.id}/retry`)).status).toBe(202);
    receiver.answer(() => 204);
    await confirmed.request('DELETE', `/api/webhooks/${endpoint.id}`);
  });
});
