import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { addressWindow, maxFailuresPerAddress } from '@event-admin/core/credentials/address-limit';
import { hashQueueFull, inHashPool, maxHashesRunning, maxHashesWaiting } from '@event-admin/core/credentials/hash-pool';
import { keys } from '@event-admin/core/db/keys';
import { adminPassword, startApi, type Client, type TestApi } from '../setup/api.ts';
import { ClientFrom } from '../setup/client-from.ts';
import { expectError, inBatches, ok } from './helpers.ts';

// Its own table: it locks addresses out.
let api: TestApi;
beforeAll(async () => {
  api = await startApi();
});
afterAll(() => api.stop());

const signIn = (client: Client, username: string, password = 'not-the-password') => client.post('/api/auth/login', { username, password });

/**
 * 24 sign-ins from `from`, each with a username no member has, 2 at a time (the hashes that run
 * at once); then the admin's own from there and from `other`. False, with nothing checked, when
 * the address's window (15 minutes, on the clock) ended meanwhile: its counts are split in two.
 */
async function rotateNames(from: string, other: string) {
  const started = Date.now();
  const attacker = new ClientFrom(api.base, from);
  const results = await inBatches(
    Array.from({ length: maxFailuresPerAddress + 4 }, (_, i) => `nobody-${i}`),
    maxHashesRunning,
    (name) => signIn(attacker, name),
  );
  const own = await signIn(attacker, 'admin', adminPassword);
  if (addressWindow(Date.now()).start !== addressWindow(started).start) return false;
  const statuses = results.map((r) => r.status);
  expect(results.filter((r) => r.status !== 401 && r.status !== 429).map((r) => r.text)).toEqual([]);
  expect(statuses.filter((s) => s === 401)).toHaveLength(maxFailuresPerAddress);
  for (const refused of results.filter((r) => r.status === 429)) expectError(refused, 429, 'Too many failed sign-in attempts');
  // the address is out of checks, whatever the name; another address is not
  expectError(own, 429, 'Too many failed sign-in attempts');
  const viewer = new ClientFrom(api.base, other);
  ok(await signIn(viewer, 'admin', adminPassword));

  const feed = ok(await viewer.get('/api/audit?entity=auth&limit=100')).items as any[];
  const failures = feed.filter((r) => r.action === 'sign_in_failed' && r.address === from);
  expect(failures).toHaveLength(1);
  expect(failures[0].changes).toEqual([{ field: 'attempts', from: null, to: maxFailuresPerAddress }]);
  expect(JSON.stringify(failures)).not.toContain('nobody-');
  return true;
}

describe('sign-in cannot be used to burn the server', () => {
  it('rotating unknown usernames from one address: counted across names before any hash, one history record', async () => {
    // 20 full-cost hashes take a minute or more on a loaded machine: a window that ends during
    // them is met by running the attack once more, from other addresses, in the next one.
    if (!(await rotateNames('127.0.0.1', '127.0.0.3'))) expect(await rotateNames('127.0.0.4', '127.0.0.5')).toBe(true);
  }, 240_000);

  it('the line of hashes is bounded: a sign-in that finds it full answers 503 with Retry-After at once, never 500', async () => {
    // The test holds every place of this process's line, as a burst of sign-ins would. Its address
    // is one the test above never uses, not even for its second attack.
    const address = '127.0.0.6';
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const holders = Array.from({ length: maxHashesRunning + maxHashesWaiting }, () => inHashPool(() => held).catch(() => 'taken already'));
    const client = new ClientFrom(api.base, address);
    try {
      const refused = await signIn(client, 'nobody-at-all');
      expectError(refused, 503, hashQueueFull);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(refused.headers.get('set-cookie')).toBeNull();
    } finally {
      release();
      await Promise.all(holders);
    }
    // the refused check was never made, so it counted as no failure; with the line free, checks are made again
    const started = Date.now();
    expectError(await signIn(client, 'nobody-at-all'), 401, 'Invalid username or password');
    // the address's count (in whichever window the check fell, should a quarter hour have begun meanwhile)
    const windows = new Set([started, Date.now()].map((at) => new Date(addressWindow(at).start).toISOString()));
    const counts = await Promise.all(
      [...windows].map((start) =>
        api.db.doc.send(new GetCommand({ TableName: api.db.tableName, Key: keys.loginAddress(address, start), ConsistentRead: true })),
      ),
    );
    expect(counts.reduce((sum, read) => sum + Number(read.Item?.attempts ?? 0), 0)).toBe(1);
  });
});
