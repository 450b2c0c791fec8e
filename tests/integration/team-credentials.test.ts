import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backfillAuditActorIds } from '@event-admin/core/audit/actor-ids.migration';
import { auditPut } from '@event-admin/core/audit/audit.repo';
import { sha256Hex } from '@event-admin/core/credentials/password';
import { keys } from '@event-admin/core/db/keys';
import { transact } from '@event-admin/core/db/write';
import { Client, eventBody, startSignedIn, type TestApi } from '../setup/api.ts';
import { authenticatorCode } from '../setup/authenticator.ts';
import { expectError, ok } from './helpers.ts';

// Its own table: it resets, disables and changes the passwords of members.
let api: TestApi;
let first: Client;
beforeAll(async () => {
  ({ api, client: first } = await startSignedIn());
  await first.confirm();
});
afterAll(() => api.stop());

async function newMember(username: string, password = `${username}-password`) {
  const invited = ok(await first.post('/api/users', { username, name: `Name of ${username}` }), 201);
  const client = await accept(invited.inviteCode, password);
  await client.confirm(password);
  return { client, id: invited.user.id as string, password };
}

async function accept(code: string, password: string) {
  const client = new Client(api.base);
  ok(await client.post('/api/auth/accept-invite', { code, password, confirmPassword: password }), 201);
  return client;
}

const signIn = async (username: string, password: string) => {
  const client = new Client(api.base);
  ok(await client.post('/api/auth/login', { username, password }));
  return client;
};

/**
 * A session the sessions list does not show: what a listing read from an eventually consistent
 * index misses when the session was made a moment before. Its index keys are taken away.
 */
async function hideFromListing(client: Client) {
  const token = decodeURIComponent(client.cookie.split('=')[1]!);
  await api.db.doc.send(
    new UpdateCommand({ TableName: api.db.tableName, Key: keys.session(sha256Hex(token)), UpdateExpression: 'REMOVE gsi1pk, gsi1sk' }),
  );
  return client;
}

const bearerGet = (token: string, path = '/api/events?limit=1') =>
  fetch(`${api.base}${path}`, { headers: { Authorization: `Bearer ${token}` } });

describe('reset, disable and a password change: nothing issued before works again', () => {
  it('a reset member’s old API token and old sessions fail after they accept the new invitation', async () => {
    const hal = await newMember('hal');
    const token = ok(await hal.client.post('/api/tokens', { name: 'Hal sync', scope: 'read' }), 201);
    const hidden = await hideFromListing(await signIn('hal', hal.password));
    expect((await bearerGet(token.token)).status).toBe(200);

    const reset = ok(await first.post(`/api/users/${hal.id}/reset`));
    const fresh = await accept(reset.inviteCode, 'hal-new-password');
    ok(await fresh.get('/api/auth/me'));

    expect((await bearerGet(token.token)).status).toBe(401);
    expectError(await hal.client.get('/api/auth/me'), 401);
    expectError(await hidden.get('/api/auth/me'), 401);
    // the token was revoked, not just refused: the member's list is empty
    await fresh.confirm('hal-new-password');
    expect(ok<any[]>(await fresh.get('/api/tokens'))).toEqual([]);
  });

  it('a disabled and re-enabled member’s old sessions fail; they sign in again', async () => {
    const ivy = await newMember('ivy');
    const hidden = await hideFromListing(await signIn('ivy', ivy.password));
    expect((await first.post(`/api/users/${ivy.id}/disable`)).status).toBe(204);
    expect((await first.post(`/api/users/${ivy.id}/enable`)).status).toBe(204);
    expectError(await ivy.client.get('/api/auth/me'), 401);
    expectError(await hidden.get('/api/auth/me'), 401);
    ok(await (await signIn('ivy', ivy.password)).get('/api/auth/me'));
  });

  it('a password change ends every other session, listed or not, and keeps the one that made it', async () => {
    const jo = await newMember('joe');
    const other = await signIn('joe', jo.password);
    const hidden = await hideFromListing(await signIn('joe', jo.password));
    const body = { currentPassword: jo.password, newPassword: 'joe-new-password', confirmPassword: 'joe-new-password' };
    ok(await jo.client.post('/api/auth/password', body));
    ok(await jo.client.get('/api/auth/me'));
    ok(await jo.client.post('/api/events', eventBody()), 201);
    expectError(await other.get('/api/auth/me'), 401);
    expectError(await hidden.get('/api/auth/me'), 401);
  });
});

describe('the team’s 2FA rule and the history', () => {
  it('holds for the API tokens of a member without 2FA: 403 Two-factor setup required', async () => {
    const kim = await newMember('kim');
    const token = ok(await kim.client.post('/api/tokens', { name: 'Kim sync', scope: 'read' }), 201);
    const setup = ok(await first.post('/api/auth/2fa/setup'));
    ok(await first.post('/api/auth/2fa/enable', { code: authenticatorCode(setup.secret) }));
    ok(await first.request('PUT', '/api/security-settings', { requireTwoFactor: true }));
    try {
      const refused = await bearerGet(token.token);
      expect(refused.status).toBe(403);
      expect(await refused.text()).toContain('Two-factor setup required');
    } finally {
      ok(await first.request('PUT', '/api/security-settings', { requireTwoFactor: false }));
    }
    expect((await bearerGet(token.token)).status).toBe(200);
  });

  it('?actor= matches the stored member and token ids, not text: a token named "sync (ben)" is not Ben', async () => {
    const ben = await newMember('ben');
    const alice = await newMember('alice');
    const misleading = ok(await alice.client.post('/api/tokens', { name: 'sync (ben)', scope: 'write' }), 201);
    const byToken = await fetch(`${api.base}/api/events`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${misleading.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(eventBody({ title: 'Made by alice’s token' })),
    });
    expect(byToken.status).toBe(201);
    ok(await ben.client.post('/api/events', eventBody({ title: 'Made by ben' })), 201);

    const benHistory = ok(await first.get('/api/audit?actor=ben&limit=50')).items as any[];
    expect(benHistory.map((r) => r.summary).join(' ')).toContain('Made by ben');
    expect(benHistory.map((r) => r.actor)).not.toContain('token:sync (ben) (alice)');
    const aliceHistory = ok(await first.get('/api/audit?actor=alice&limit=50')).items as any[];
    expect(aliceHistory.map((r) => r.actor)).toContain('token:sync (ben) (alice)');
    // by ids too: the member's id, or one token's
    const byMemberId = ok(await first.get(`/api/audit?actor=${ben.id}&limit=50`)).items as any[];
    expect(byMemberId.map((r) => r.id)).toEqual(benHistory.map((r) => r.id));
    const byTokenId = ok(await first.get(`/api/audit?actor=${misleading.id}&limit=50`)).items as any[];
    expect(byTokenId.map((r) => r.actor)).toEqual(['token:sync (ben) (alice)']);
  });

  it('records from before the ids: matched by the exact username until the migration gives them their member', async () => {
    await newMember('lou');
    const marker = randomUUID();
    const old = (actor: string) => {
      const record = auditPut({
        actor: { name: actor },
        action: 'update',
        entity: 'event',
        entityId: randomUUID(),
        summary: `${actor} ${marker}`,
      });
      delete (record.Put!.Item as Record<string, unknown>).actorMemberId; // as written before ids were stored
      return record;
    };
    await transact(api.db, [old('lou'), old('token:Lou sync (lou)'), old('token:sync (lou) (admin)')]);
    const actorsOf = async (actor: string) =>
      (ok(await first.get(`/api/audit?actor=${actor}&limit=100`)).items as any[])
        .filter((r) => r.summary.endsWith(marker))
        .map((r) => r.actor);

    expect(await actorsOf('lou')).toEqual(['lou']);
    expect((await backfillAuditActorIds(api.db)).updated).toBeGreaterThanOrEqual(3);
    expect((await actorsOf('lou')).sort()).toEqual(['lou', 'token:Lou sync (lou)']);
    expect(await actorsOf('admin')).toEqual(['token:sync (lou) (admin)']);
    expect((await backfillAuditActorIds(api.db)).updated).toBe(0);
  });
});
