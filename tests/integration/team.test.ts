import { randomBytes } from 'node:crypto';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { keys } from '@event-admin/core/db/keys';
import { hashPassword, sha256Hex } from '@event-admin/core/credentials/password';
import { adminPassword, Client, startApi, signedInForFile } from '../setup/api.ts';
import { authenticatorCode } from '../setup/authenticator.ts';
import { ClientFrom } from '../setup/client-from.ts';
import { eventBody } from '../setup/api.ts';
import { expectError, ok } from './helpers.ts';

// Its own table: it changes who may sign in.
const { api, client } = await signedInForFile();
const first = await client.confirm();

const signIn = (username: string, password: string, client = new Client(api.base)) =>
  client.post('/api/auth/login', { username, password });

/** Invites a member and accepts for them in a cookie jar of their own; answers that client, confirmed. */
async function newMember(username: string, password = `${username}-password`) {
  const invited = ok(await first.post('/api/users', { username, name: `Name of ${username}` }), 201);
  const client = new Client(api.base);
  ok(await client.post('/api/auth/accept-invite', { code: invited.inviteCode, password, confirmPassword: password }), 201);
  await client.confirm(password);
  return { client, id: invited.user.id as string, password };
}

describe('members', () => {
  it('the configured administrator is the first member; the list never holds a hash, secret or code', async () => {
    const members = ok<any[]>(await first.get('/api/users'));
    expect(members).toEqual([
      {
        id: 'first-member',
        username: 'admin',
        name: 'admin',
        status: 'active',
        twoFactorEnabled: false,
        createdAt: expect.any(String),
        lastSignInAt: expect.any(String),
      },
    ]);
  });

  it('invite: 201 with a code shown once and a link; the code works once; a taken username is 409', async () => {
    const result = await first.post('/api/users', { username: 'Maria.K', name: 'Maria Kovacs' });
    const invited = ok(result, 201);
    expect(invited).toEqual({
      user: {
        id: expect.any(String),
        username: 'maria.k',
        name: 'Maria Kovacs',
        status: 'invited',
        twoFactorEnabled: false,
        createdAt: expect.any(String),
        lastSignInAt: null,
      },
      inviteCode: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      inviteUrl: `${api.base}/accept-invite?code=${invited.inviteCode}`,
      expiresAt: expect.any(String),
    });
    expect(Date.parse(invited.expiresAt) - Date.now()).toBeGreaterThan(71 * 3600_000);
    expect(JSON.stringify(ok(await first.get('/api/users')))).not.toContain(invited.inviteCode);
    expectError(await first.post('/api/users', { username: 'MARIA.K', name: 'Someone else' }), 409, 'The username maria.k is taken');
    expectError(await first.post('/api/users', { username: 'x', name: 'Too short' }), 400, 'Username must be 3 to 32 characters');
    expectError(await first.post('/api/users', { username: 'with space', name: 'n' }), 400, 'Username must be 3 to 32 characters');

    // an invited member cannot sign in yet
    expectError(await signIn('maria.k', 'anything-at-all'), 401, 'Invalid username or password');
    const browser = new Client(api.base);
    const body = { code: invited.inviteCode, password: 'maria-password', confirmPassword: 'maria-password' };
    expectError(
      await browser.post('/api/auth/accept-invite', { ...body, confirmPassword: 'other' }),
      400,
      'The new passwords do not match',
    );
    expectError(
      await browser.post('/api/auth/accept-invite', { ...body, password: 'short', confirmPassword: 'short' }),
      400,
      'at least 8 characters',
    );
    expect(ok(await browser.post('/api/auth/accept-invite', body), 201)).toEqual({ username: 'maria.k' });
    expect(ok(await browser.get('/api/auth/me')).username).toBe('maria.k');
    expectError(await new Client(api.base).post('/api/auth/accept-invite', body), 400, 'This invitation is no longer valid');
    expectError(
      await new Client(api.base).post('/api/auth/accept-invite', { ...body, code: 'made-up' }),
      400,
      'This invitation is no longer valid',
    );
    ok(await signIn('Maria.K', 'maria-password'));
  });

  it('two members at once: each sees only their own sessions and tokens, and the history names each', async () => {
    const ben = await newMember('ben');
    const [fromFirst, fromBen] = await Promise.all([
      first.post('/api/events', eventBody({ title: 'Made by admin' })),
      ben.client.post('/api/events', eventBody({ title: 'Made by ben' })),
    ]);
    ok(fromFirst, 201);
    ok(fromBen, 201);
    const benToken = ok(await ben.client.post('/api/tokens', { name: 'Ben sync', scope: 'write' }), 201);
    expect(ok<any[]>(await ben.client.get('/api/tokens')).map((t) => t.name)).toEqual(['Ben sync']);
    expect(ok<any[]>(await first.get('/api/tokens')).map((t) => t.name)).not.toContain('Ben sync');
    expectError(await first.request('DELETE', `/api/tokens/${benToken.id}`), 404);
    const benSessions = ok<any[]>(await ben.client.get('/api/auth/sessions'));
    expect(benSessions).toHaveLength(1);
    expect(ok<any[]>(await first.get('/api/auth/sessions')).map((s) => s.id)).not.toContain(benSessions[0].id);

    const viaToken = await fetch(`${api.base}/api/events`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${benToken.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(eventBody({ title: 'Made by ben’s token' })),
    });
    expect(viaToken.status).toBe(201);
    const benHistory = ok(await first.get('/api/audit?actor=ben&limit=50')).items as any[];
    expect(benHistory.map((r) => r.actor)).toContain('ben');
    expect(benHistory.map((r) => r.actor)).toContain('token:Ben sync (ben)');
    expect(benHistory.every((r) => r.actor === 'ben' || r.actor === 'token:Ben sync (ben)')).toBe(true);
    expect(benHistory.map((r) => r.summary).join(' ')).toContain('Made by ben');
  });

  it('disable: the member is signed out at once, their tokens are revoked, sign-in answers 401; enable lets them sign in again', async () => {
    const cara = await newMember('cara');
    const token = ok(await cara.client.post('/api/tokens', { name: 'Cara reads', scope: 'read' }), 201);
    const bearer = () => fetch(`${api.base}/api/events?limit=1`, { headers: { Authorization: `Bearer ${token.token}` } });
    expect((await bearer()).status).toBe(200);
    ok(await cara.client.get('/api/events?limit=1'));

    expect((await first.post(`/api/users/${cara.id}/disable`)).status).toBe(204);
    expectError(await cara.client.get('/api/events?limit=1'), 401);
    expect((await bearer()).status).toBe(401);
    expectError(await signIn('cara', cara.password), 401, 'Invalid username or password');
    expect(ok<any[]>(await first.get('/api/users')).find((u) => u.id === cara.id).status).toBe('disabled');

    expect((await first.post(`/api/users/${cara.id}/enable`)).status).toBe(204);
    ok(await signIn('cara', cara.password));
    // nothing issued before the disable works again: the token stays revoked
    expect((await bearer()).status).toBe(401);
    const actions = (ok(await first.get(`/api/audit?entity=user&id=${cara.id}`)).items as any[]).map((r) => r.action);
    expect(actions).toEqual(['enabled', 'disabled', 'accepted', 'invited']);
  });

  it('nobody disables, resets or deletes themselves; the last active member stays; only invitations are deleted', async () => {
    expectError(await first.post('/api/users/first-member/reset'), 409, 'You cannot reset your own account');
    expectError(await first.request('DELETE', '/api/users/first-member'), 409, 'You cannot delete your own account');
    expectError(await first.post('/api/users/first-member/enable'), 409, 'You cannot enable your own account');
    const dan = await newMember('dan');
    expectError(await dan.client.post(`/api/users/${dan.id}/disable`), 409, 'You cannot disable your own account');
    expectError(await first.request('DELETE', `/api/users/${dan.id}`), 409, 'Only an invited member can be deleted');
    expectError(await first.post('/api/users/no-such-member/disable'), 404, 'Member not found');

    // with everyone else disabled, the one left cannot be disabled: someone must be able to sign in
    const others = ok<any[]>(await first.get('/api/users')).filter((u) => u.id !== 'first-member' && u.status === 'active');
    for (const other of others) expect((await first.post(`/api/users/${other.id}/disable`)).status).toBe(204);
    expectError(await first.post('/api/users/first-member/disable'), 409, 'The last active member cannot be disabled');
    for (const other of others) expect((await first.post(`/api/users/${other.id}/enable`)).status).toBe(204);

    const invited = ok(await first.post('/api/users', { username: 'erin', name: 'Erin' }), 201);
    expect((await first.request('DELETE', `/api/users/${invited.user.id}`)).status).toBe(204);
    expectError(
      await new Client(api.base).post('/api/auth/accept-invite', {
        code: invited.inviteCode,
        password: 'erin-password',
        confirmPassword: 'erin-password',
      }),
      400,
      'This invitation is no longer valid',
    );
    ok(await first.post('/api/users', { username: 'erin', name: 'Erin again' }), 201); // the name is free again
  });

  it('reset: a new invitation replaces the password and the 2FA, and ends their sessions', async () => {
    const fay = await newMember('fay');
    const setup = ok(await fay.client.post('/api/auth/2fa/setup'));
    ok(await fay.client.post('/api/auth/2fa/enable', { code: authenticatorCode(setup.secret) }));
    expect(ok(await fay.client.get('/api/auth/me')).twoFactorEnabled).toBe(true);

    const reset = ok(await first.post(`/api/users/${fay.id}/reset`));
    expect(reset.user).toMatchObject({ status: 'invited', twoFactorEnabled: false });
    expectError(await fay.client.get('/api/auth/me'), 401);
    expectError(await signIn('fay', fay.password), 401, 'Invalid username or password');
    const browser = new Client(api.base);
    ok(
      await browser.post('/api/auth/accept-invite', {
        code: reset.inviteCode,
        password: 'fay-new-password',
        confirmPassword: 'fay-new-password',
      }),
      201,
    );
    expect(ok(await browser.get('/api/auth/me')).twoFactorEnabled).toBe(false); // no code asked: the phone is gone
    // reset again: a member who has signed in is never deleted, even while invited again
    ok(await first.post(`/api/users/${fay.id}/reset`));
    expectError(await first.request('DELETE', `/api/users/${fay.id}`), 409, 'Only an invited member can be deleted');
  });

  it('"Require two-factor sign-in for every member": a member without it reaches only 2FA setup, me and logout', async () => {
    const gus = await newMember('gus');
    expectError(
      await first.request('PUT', '/api/security-settings', { requireTwoFactor: 'yes' }),
      400,
      'requireTwoFactor must be true or false',
    );
    const refused = await first.request('PUT', '/api/security-settings', { requireTwoFactor: true });
    expectError(refused, 409, 'Turn on two-factor sign-in for yourself first');
    const setupFirst = ok(await first.post('/api/auth/2fa/setup'));
    ok(await first.post('/api/auth/2fa/enable', { code: authenticatorCode(setupFirst.secret) }));
    ok(await first.request('PUT', '/api/security-settings', { requireTwoFactor: true }));
    expect(ok(await first.get('/api/security-settings'))).toEqual({ requireTwoFactor: true });
    try {
      expectError(await gus.client.get('/api/events?limit=1'), 403, 'Two-factor setup required');
      expectError(await gus.client.get('/api/tokens'), 403, 'Two-factor setup required');
      expect(ok(await gus.client.get('/api/auth/me'))).toEqual({ username: 'gus', twoFactorEnabled: false, twoFactorSetupRequired: true });
      const setup = ok(await gus.client.post('/api/auth/2fa/setup'));
      ok(await gus.client.post('/api/auth/2fa/enable', { code: authenticatorCode(setup.secret) }));
      ok(await gus.client.get('/api/events?limit=1'));
      expect(ok(await gus.client.get('/api/auth/me')).twoFactorSetupRequired).toBe(false);
    } finally {
      ok(await first.request('PUT', '/api/security-settings', { requireTwoFactor: false }));
    }
  });
});

describe('a table from before members', () => {
  it('keeps working: the administrator becomes the first member with their password, 2FA, sessions and tokens', async () => {
    const old = await startApi();
    try {
      // What the single-administrator version stored: a changed password, 2FA, a session, a token.
      const put = (Item: Record<string, unknown>) => old.db.doc.send(new PutCommand({ TableName: old.db.tableName, Item }));
      await put({ ...keys.adminCredentials(), passwordHash: await hashPassword('the-old-password'), version: 1 });
      const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
      await put({
        ...keys.twoFactor(),
        secret,
        lastStep: 0,
        recoveryHashes: new Set([sha256Hex('abcdefghij')]),
        enabledAt: new Date().toISOString(),
      });
      const sessionToken = randomBytes(32).toString('base64url');
      const now = Date.now();
      await put({
        ...keys.session(sha256Hex(sessionToken)),
        ...keys.sessionsByCreated(new Date(now).toISOString(), 'old-session'),
        id: 'old-session',
        username: 'admin',
        createdAt: new Date(now).toISOString(),
        expiresAt: now + 3600_000,
      });
      const apiToken = `eat_${randomBytes(32).toString('base64url')}`;
      await put({
        ...keys.apiToken(sha256Hex(apiToken)),
        ...keys.apiTokensByCreated(new Date(now).toISOString(), 'old-token'),
        id: 'old-token',
        name: 'Old sync',
        scope: 'read',
        createdAt: new Date(now).toISOString(),
        expiresAt: null,
      });

      const kept = new Client(old.base);
      kept.cookie = `session=${sessionToken}`;
      expect(ok(await kept.get('/api/auth/me'))).toEqual({ username: 'admin', twoFactorEnabled: true, twoFactorSetupRequired: false });
      expect(ok<any[]>(await kept.get('/api/auth/sessions')).map((s) => s.id)).toEqual(['old-session']);
      expect(ok<any[]>(await kept.get('/api/tokens')).map((t) => t.name)).toEqual(['Old sync']);
      const bearer = await fetch(`${old.base}/api/events?limit=1`, { headers: { Authorization: `Bearer ${apiToken}` } });
      expect(bearer.status).toBe(200);

      expectError(await signIn('admin', adminPassword, new Client(old.base)), 401); // the changed password holds
      expectError(await signIn('admin', 'the-old-password', new ClientFrom(old.base, '127.0.0.2')), 401, 'Two-factor code required');
      const withCode = await new Client(old.base).post('/api/auth/login', {
        username: 'admin',
        password: 'the-old-password',
        code: authenticatorCode(secret),
      });
      ok(withCode);
      expect(ok<any[]>(await kept.get('/api/users'))).toEqual([
        expect.objectContaining({ id: 'first-member', username: 'admin', twoFactorEnabled: true }),
      ]);
    } finally {
      await old.stop();
    }
  });
});
