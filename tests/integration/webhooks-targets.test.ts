// Private addresses are refused wherever it matters (issue 29, 4): at create, at send, and a name
// is connected to at the address its one lookup gave and the check passed.
import { describe, expect, it } from 'vitest';
import { deliverDue } from '@event-admin/core/webhook/sender';
import { publicTargetsOnly, type Resolver, type TargetPolicy } from '@event-admin/core/webhook/target';
import { createCustomer, expectError } from './helpers.ts';
import { addEndpoint, deliveryLog, localTargets, webhookTestbed } from './webhook-receiver.ts';

/** `WEBHOOK_ALLOW_PRIVATE=0` on npm start: http, but public addresses only. */
const localPublicOnly: TargetPolicy = { allowHttp: true, allowPrivate: false };
const refused = 'Webhook URLs must point to a public address';

const bed = webhookTestbed();
const signedIn = bed.signedIn;

const privateForms = [
  '[::ffff:127.0.0.1]',
  '[::ffff:169.254.169.254]',
  '[64:ff9b::a9fe:a9fe]',
  '[fec0::1]',
  '198.18.0.1',
  '[::1]',
  '127.0.0.1',
  '10.1.2.3',
  '169.254.169.254',
  '100.64.0.1',
  '[fd00::1]',
  '[2002:7f00:1::]',
  '0.0.0.0',
];

describe('at create and change', () => {
  it('refuses every private, loopback, mapped and reserved form, on AWS and with WEBHOOK_ALLOW_PRIVATE=0', async () => {
    for (const [policy, scheme] of [
      [publicTargetsOnly, 'https'],
      [localPublicOnly, 'http'],
      [localPublicOnly, 'https'],
    ] as const) {
      const { client } = await signedIn(policy);
      for (const host of privateForms) {
        expectError(await client.post('/api/webhooks', { url: `${scheme}://${host}/hooks`, events: ['customer.created'] }), 400, refused);
      }
      // a name is resolved: localhost is loopback
      expectError(
        await client.post('/api/webhooks', { url: `${scheme}://localhost:${bed.receiver.port}/`, events: ['customer.created'] }),
        400,
        refused,
      );
      expect((await client.get('/api/webhooks')).body).toEqual([]);
    }
    // public addresses pass, and a change is checked like a create
    const { client } = await signedIn(publicTargetsOnly);
    const endpoint = await addEndpoint(client, 'https://93.184.215.14/hooks', ['customer.created']);
    expectError(await client.put(`/api/webhooks/${endpoint.id}`, { url: 'https://[::ffff:a9fe:a9fe]/' }), 400, refused);
    expectError(
      await client.post('/api/webhooks', { url: 'http://93.184.215.14/', events: ['event.created'] }),
      400,
      'The URL must start with https://',
    );
  });

  it('allows loopback while the server listens on loopback (npm start, these tests)', async () => {
    const { client } = await signedIn(localTargets);
    await addEndpoint(client, bed.receiver.url(), ['customer.created']);
  });
});

describe('at send', () => {
  it('refuses a loopback target saved while it was allowed, and sends nothing', async () => {
    const { api, client } = await signedIn(localTargets);
    const endpoint = await addEndpoint(client, bed.receiver.url('/saved-earlier'), ['customer.created']);
    await createCustomer(client);
    await deliverDue(api.db, { schedule: [], targets: localPublicOnly });
    const [delivery] = await deliveryLog(client, endpoint.id);
    expect(delivery).toMatchObject({ attempts: 1, lastStatus: null, lastError: refused });
    expect(bed.receiver.received.filter((r) => r.path === '/saved-earlier')).toEqual([]);
  });

  it("connects to the address the name's one lookup gave, and refuses a name that leads to a private one", async () => {
    const { api, client } = await signedIn(localTargets);
    // a name no DNS knows: only the sender's lookup hook can lead it anywhere
    const endpoint = await addEndpoint(client, `http://bed.receiver.invalid:${bed.receiver.port}/by-name`, ['customer.created']);
    const lookups: string[] = [];
    const resolve: Resolver = (hostname, callback) => {
      lookups.push(hostname);
      callback(null, [{ address: '127.0.0.1', family: 4 }]);
    };
    await createCustomer(client);
    await deliverDue(api.db, { schedule: [1], targets: localTargets, resolve });
    expect(bed.receiver.received.filter((r) => r.path === '/by-name')).toHaveLength(1);
    expect(lookups).toEqual(['bed.receiver.invalid']);

    // the same name, where private addresses are refused: refused at the lookup, nothing sent
    await createCustomer(client);
    await deliverDue(api.db, { schedule: [], targets: localPublicOnly, resolve });
    const [refusedDelivery] = await deliveryLog(client, endpoint.id);
    expect(refusedDelivery).toMatchObject({ attempts: 1, lastStatus: null, lastError: refused });
    expect(bed.receiver.received.filter((r) => r.path === '/by-name')).toHaveLength(1);
  });
});
