import { describe, expect, it } from 'vitest';
import { admitAttempt, firstLockoutMs, lockoutMsAfter, maxLockoutMs, recordFailure } from '@event-admin/core/credentials/throttle';
import { adminPassword, Client, apiForFile } from '../setup/api.ts';
import { ClientFrom } from '../setup/client-from.ts';
import { expectError, ok } from './helpers.ts';

// Its own file (and table): the lockout would otherwise stop other tests from signing in.
const api = await apiForFile();

const wrong = (client: Client, i: number, username = 'admin') => client.post('/api/auth/login', { username, password: `wrong-${i}` });
const right = (client: Client, username = 'admin') => client.post('/api/auth/login', { username, password: adminPassword });

describe('repeated failed sign-ins, counted per username and client address', () => {
  it('five failures from one address lock that address out (429), even for the right password', async () => {
    const attacker = new ClientFrom(api.base, '127.0.0.2');
    for (let i = 1; i <= 4; i++) expectError(await wrong(attacker, i), 401, 'Invalid username or password');
    expectError(await wrong(attacker, 5), 429, 'Too many failed sign-in attempts. Try again in 1 minute(s).');
    const refused = await right(attacker);
    expectError(refused, 429, 'Too many failed sign-in attempts');
    expect(refused.headers.get('set-cookie')).toBeNull();
    expectError(await attacker.get('/api/auth/me'), 401);
  });

  it('a flood of wrong passwords from 127.0.0.2 does not stop the right password from 127.0.0.1', async () => {
    const attacker = new ClientFrom(api.base, '127.0.0.2');
    const started = Date.now();
    let refused = 0;
    // Bounded: 40 attempts, 8 at a time, all while the administrator signs in from elsewhere.
    for (let round = 0; round < 5; round++) {
      const [results, admin] = await Promise.all([
        Promise.all(Array.from({ length: 8 }, (_, i) => wrong(attacker, round * 8 + i))),
        right(new Client(api.base)),
      ]);
      refused += results.filter((r) => r.status === 429).length;
      expect(ok(admin)).toEqual({ username: 'admin' });
    }
    expect(refused).toBe(40);
    expect(Date.now() - started).toBeLessThan(20_000);
    // The name is still locked for the attacker's address.
    expectError(await right(attacker), 429);
  });

  it('the lock is per username, case-insensitively, on that address', async () => {
    const attacker = new ClientFrom(api.base, '127.0.0.2');
    expectError(await right(attacker, 'ADMIN'), 429);
    for (let i = 1; i <= 4; i++) expectError(await wrong(attacker, i, 'someone'), 401);
  });

  it('a success forgets the failures of that address', async () => {
    const client = new Client(api.base);
    for (let i = 1; i <= 4; i++) expectError(await wrong(client, i), 401);
    ok(await right(client));
    for (let i = 1; i <= 4; i++) expectError(await wrong(client, i), 401, 'Invalid username or password');
    ok(await right(client));
  });
});

describe('the wait grows', () => {
  it('1 minute after the fifth failure, doubling with each more, 15 minutes at most', () => {
    expect([1, 4, 5, 6, 7, 8, 9, 20].map(lockoutMsAfter)).toEqual([0, 0, 60_000, 120_000, 240_000, 480_000, 900_000, 900_000]);
    expect(firstLockoutMs).toBe(60_000);
    expect(maxLockoutMs).toBe(900_000);
  });

  it('a failure after a lock has run out locks for longer (timestamps moved, not slept)', async () => {
    const attempt = { username: 'clock-test', address: '192.0.2.1' };
    const fail = async (at: number) => {
      await admitAttempt(api.db, attempt, at);
      await recordFailure(api.db, attempt, at);
    };
    let now = Date.now();
    for (let i = 1; i <= 4; i++) await fail(now);
    await expect(fail(now)).rejects.toThrow('Try again in 1 minute(s)');
    await expect(admitAttempt(api.db, attempt, now + 30_000)).rejects.toThrow('Try again in 1 minute(s)');
    now += firstLockoutMs + 1000;
    await expect(fail(now)).rejects.toThrow('Try again in 2 minute(s)');
    // one check after a lock has run out, not one each for parallel guesses
    now += 2 * firstLockoutMs + 1000;
    const parallel = await Promise.allSettled(Array.from({ length: 6 }, () => admitAttempt(api.db, attempt, now)));
    expect(parallel.filter((p) => p.status === 'fulfilled')).toHaveLength(1);
    await expect(recordFailure(api.db, attempt, now)).rejects.toThrow('Try again in 4 minute(s)');
  });
});
