import { randomBytes, scryptSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { confirmWindowMs } from '@event-admin/core/auth/auth.schema';
import * as ApiToken from '@event-admin/core/api-token/index';
import { deleteApiToken } from '@event-admin/core/api-token/api-token.repo';
import * as Session from '@event-admin/core/session/index';
import { sha256Hex } from '@event-admin/core/credentials/password';
import { deleteSession } from '@event-admin/core/session/session.repo';
import { getUser, userUpdate, writeUser } from '@event-admin/core/user/user.repo';
import { admitAttempt, recordFailure, throttleAddress } from '@event-admin/core/credentials/throttle';
import { adminPassword, Client, apiForFile } from '../setup/api.ts';
import { ClientFrom } from '../setup/client-from.ts';
import { expectError, ok } from './helpers.ts';

// Its own table: it locks addresses out and changes the password.
const api = await apiForFile();

const signIn = async (client: Client, password = adminPassword) => {
  ok(await client.post('/api/auth/login', { username: 'admin', password }));
  return client;
};
const sessionToken = (client: Client) => decodeURIComponent(client.cookie.split('=')[1]!);
const authFeed = async (client: Client) => ok(await client.get('/api/audit?entity=auth&limit=100')).items as any[];

describe('the lockout under parallel guesses', () => {
  it('of 50 wrong guesses sent at once at most 5 are checked; the rest, and then the right password, get 429', async () => {
    const attacker = new ClientFrom(api.base, '127.0.0.2');
    const guesses = await Promise.all(
      Array.from({ length: 50 }, (_, i) => attacker.post('/api/auth/login', { username: 'admin', password: `guess-${i}` })),
    );
    const statuses = guesses.map((g) => g.status);
    expect(statuses.filter((s) => s !== 401 && s !== 429)).toEqual([]);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(45);
    expectError(await attacker.post('/api/auth/login', { username: 'admin', password: adminPassword }), 429);
    // every check that was made left a failed sign-in in the history: at most five
    const viewer = await signIn(new Client(api.base));
    const failures = (await authFeed(viewer)).filter((r) => r.action === 'sign_in_failed' && r.address === '127.0.0.2');
    expect(failures.length).toBeGreaterThanOrEqual(1);
    expect(failures.length).toBeLessThanOrEqual(5);
  });

  it('IPv6 clients are counted per /64', async () => {
    expect(throttleAddress('2001:db8:1:2:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:1:2::/64');
    expect(throttleAddress('2001:0DB8:0001:0002::1')).toBe('2001:db8:1:2::/64');
    expect(throttleAddress('2001:db8::7')).toBe('2001:db8:0:0::/64');
    expect(throttleAddress('::1')).toBe('0:0:0:0::/64');
    expect(throttleAddress('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(throttleAddress('192.0.2.7')).toBe('192.0.2.7');

    const now = Date.now();
    for (let i = 1; i <= 5; i++) {
      const attempt = { username: 'v6-test', address: `2001:db8:1:2::${i}` };
      await admitAttempt(api.db, attempt, now);
      if (i < 5) await recordFailure(api.db, attempt, now);
      else await expect(recordFailure(api.db, attempt, now)).rejects.toThrow('Too many failed sign-in attempts');
    }
    // another address of the same /64 is locked too; the next /64 is not
    await expect(admitAttempt(api.db, { username: 'v6-test', address: '2001:db8:1:2:ffff::9' }, now)).rejects.toThrow('Try again in');
    await admitAttempt(api.db, { username: 'v6-test', address: '2001:db8:1:3::1' }, now);
  });
});

describe('re-authentication before account changes', () => {
  const accountCalls: [string, string, unknown?][] = [
    ['POST', '/api/tokens', { name: 'Sync', scope: 'read' }],
    ['POST', '/api/auth/2fa/setup'],
    ['POST', '/api/auth/2fa/enable', { code: '123456' }],
    ['POST', '/api/auth/2fa/disable', { password: adminPassword, code: '123456' }],
    ['POST', '/api/auth/sessions/revoke-others'],
    ['DELETE', '/api/auth/sessions/some-session'],
    ['POST', '/api/auth/password', { currentPassword: adminPassword, newPassword: 'abcdefgh1', confirmPassword: 'abcdefgh1' }],
  ];

  it('without a confirmed password each answers 403 "Confirm your password to continue" and changes nothing', async () => {
    const client = await signIn(new Client(api.base));
    for (const [method, path, body] of accountCalls) {
      const result = await client.request(method, path, body);
      expect(result.status, `${method} ${path}`).toBe(403);
      expect(result.text, `${method} ${path}`).toBe('Confirm your password to continue');
    }
    expect(ok<any[]>(await client.get('/api/tokens'))).toEqual([]);
    expect(ok(await client.get('/api/auth/me')).twoFactorEnabled).toBe(false);
  });

  it('POST /api/auth/confirm opens the window (204) for 10 minutes in this session only', async () => {
    const client = await signIn(new Client(api.base));
    const other = await signIn(new Client(api.base));
    expectError(await client.post('/api/auth/confirm', { password: 'not-it' }), 400, 'The password is not correct');
    expectError(await client.post('/api/auth/confirm', {}), 400, 'Password is required');
    const confirmed = await client.post('/api/auth/confirm', { password: adminPassword });
    expect(confirmed.status, confirmed.text).toBe(204);
    expect(confirmed.text).toBe('');
    ok(await client.post('/api/tokens', { name: 'After confirming', scope: 'read' }), 201);
    expectError(await other.post('/api/tokens', { name: 'Other session', scope: 'read' }), 403, 'Confirm your password to continue');
    // ten minutes on, the window has closed (the clock moved, not slept)
    const token = sessionToken(client);
    await Session.assertConfirmed(api.db, token, Date.now() + confirmWindowMs - 5_000);
    await expect(Session.assertConfirmed(api.db, token, Date.now() + confirmWindowMs + 1_000)).rejects.toThrow(
      'Confirm your password to continue',
    );
    expectError(await new Client(api.base).post('/api/auth/confirm', { password: adminPassword }), 401);
  });

  it('wrong passwords through confirm count toward the lockout like sign-in failures', async () => {
    const thief = await signIn(new ClientFrom(api.base, '127.0.0.3'));
    for (let i = 1; i <= 4; i++) expectError(await thief.post('/api/auth/confirm', { password: `guess-${i}` }), 400);
    expectError(await thief.post('/api/auth/confirm', { password: 'guess-5' }), 429, 'Too many failed sign-in attempts');
    expectError(await thief.post('/api/auth/confirm', { password: adminPassword }), 429);
    expectError(await new ClientFrom(api.base, '127.0.0.3').post('/api/auth/login', { username: 'admin', password: adminPassword }), 429);
    // and so do wrong current passwords of a password change
    const other = await (await signIn(new ClientFrom(api.base, '127.0.0.4'))).confirm();
    const change = { currentPassword: 'wrong', newPassword: 'abcdefgh1', confirmPassword: 'abcdefgh1' };
    for (let i = 1; i <= 4; i++) expectError(await other.post('/api/auth/password', change), 400, 'The current password is not correct');
    expectError(await other.post('/api/auth/password', change), 429);
  });
});

describe('a password change', () => {
  it('revokes the API tokens its user created, unless "Keep my API tokens"; an old hash is upgraded at sign-in', async () => {
    const client = await (await signIn(new Client(api.base))).confirm();
    const read = ok(await client.post('/api/tokens', { name: 'Reader', scope: 'read' }), 201);
    const bearer = (token: string) => fetch(`${api.base}/api/events`, { headers: { Authorization: `Bearer ${token}` } });
    expect((await bearer(read.token)).status).toBe(200);

    const change = (from: string, to: string, keepTokens?: boolean) =>
      client.post('/api/auth/password', { currentPassword: from, newPassword: to, confirmPassword: to, keepTokens });
    ok(await change(adminPassword, 'second-password-1'));
    expect((await bearer(read.token)).status).toBe(401);
    expect(ok<any[]>(await client.get('/api/tokens'))).toEqual([]);

    const kept = ok(await client.post('/api/tokens', { name: 'Kept', scope: 'write' }), 201);
    ok(await change('second-password-1', adminPassword, true));
    expect((await bearer(kept.token)).status).toBe(200);
    expect(ok<any[]>(await client.get('/api/tokens')).map((t) => t.name)).toEqual(['Kept']);

    // today's hash is scrypt at N=2^17
    const member = () => getUser(api.db, 'first-member');
    expect((await member())!.passwordHash).toMatch(/^scrypt\$17\$/);
    // a hash stored at the old cost (N=2^14, 'scrypt$salt$hash') is hashed again at the next sign-in
    const salt = randomBytes(16);
    const legacy = `scrypt$${salt.toString('base64url')}$${scryptSync(adminPassword, salt, 32, { N: 16384, r: 8, p: 1 }).toString('base64url')}`;
    await writeUser(api.db, [userUpdate((await member())!, { passwordHash: legacy })]);
    await signIn(new Client(api.base));
    expect((await member())!.passwordHash).toMatch(/^scrypt\$17\$/);
    await signIn(new Client(api.base));
  });
});

describe('revocation', () => {
  it('a session or token revoked elsewhere (another instance) is refused here within 4 s: reads are strong, the cache short', async () => {
    const client = await (await signIn(new Client(api.base))).confirm();
    const token = sessionToken(client);
    ok(await client.get('/api/auth/me')); // cached in this process now
    const created = ok(await client.post('/api/tokens', { name: 'Revoked elsewhere', scope: 'read' }), 201);
    expect(await ApiToken.resolve(api.db, created.token)).toMatchObject({ name: 'Revoked elsewhere' }); // cached
    await deleteApiToken(api.db, sha256Hex(created.token), []);
    expect(await ApiToken.resolve(api.db, created.token, Date.now() + 4_001)).toBeNull();
    // "elsewhere": the item goes without this process hearing of it
    await deleteSession(api.db, sha256Hex(token));
    expect(await Session.resolve(api.db, token, Date.now() + 4_001)).toBeNull();
  });
});

describe('security events in the history', () => {
  it('each with actor, time and address, never a secret, a code or a token value', async () => {
    const client = await (await signIn(new Client(api.base))).confirm();
    const created = ok(await client.post('/api/tokens', { name: 'Audit me', scope: 'read' }), 201);
    expect((await client.request('DELETE', `/api/tokens/${created.id}`)).status).toBe(204);
    const other = await signIn(new Client(api.base));
    const otherId = ok<any[]>(await other.get('/api/auth/sessions')).find((s) => s.current).id;
    expect((await client.request('DELETE', `/api/auth/sessions/${otherId}`)).status).toBe(204);

    const records = await authFeed(client);
    const actions = new Set(records.map((r) => r.action));
    for (const action of [
      'sign_in',
      'sign_in_failed',
      'confirm',
      'confirm_failed',
      'token_created',
      'token_revoked',
      'session_revoked',
      'password_change',
    ]) {
      expect(actions, action).toContain(action);
    }
    for (const record of records) {
      expect(record).toMatchObject({ entity: 'auth', actor: expect.any(String), at: expect.any(String), address: expect.any(String) });
    }
    const text = JSON.stringify(records);
    expect(text).not.toContain(created.token);
    expect(text).not.toContain(adminPassword);
    expect(text).not.toContain(sessionToken(client));
  });
});
