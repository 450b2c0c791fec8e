import { describe, expect, it } from 'vitest';
import { sha256Hex } from '@event-admin/core/credentials/password';
import { deleteSession, putSession } from '@event-admin/core/session/session.repo';
import { sessionCacheFor } from '@event-admin/core/session/index';
import { Client, signedIn, startApi, apiForFile } from '../setup/api.ts';
import { expectError, ok } from './helpers.ts';

const api = await apiForFile();

const token = (client: Client) => decodeURIComponent(client.cookie.split('=')[1]!);

describe('the in-process session cache', () => {
  it('serves repeated calls without reading the session again', async () => {
    const client = await signedIn(api);
    ok(await client.get('/api/auth/me'));
    expect(sessionCacheFor(api.db).get(sha256Hex(token(client)))).toMatchObject({ username: 'admin' });
  });

  it('a logout on this server ends the session at once, even for a client that kept the cookie', async () => {
    const client = await signedIn(api);
    const cookie = client.cookie;
    ok(await client.get('/api/dashboard/stats'));
    ok(await client.get('/api/dashboard/stats'));
    ok(await client.post('/api/auth/logout'));
    client.cookie = cookie;
    expectError(await client.get('/api/dashboard/stats'), 401, 'Please sign in to continue');
    expectError(await client.get('/api/auth/me'), 401);
  });

  it('trade-off: a session removed elsewhere is honoured here until its cache entry lapses (4 s), no longer', async () => {
    const client = await signedIn(api);
    ok(await client.get('/api/auth/me'));
    // Another instance's logout deletes the item; this process still holds it.
    await deleteSession(api.db, sha256Hex(token(client)));
    ok(await client.get('/api/auth/me'));
    // Once the entry lapses the table decides again.
    sessionCacheFor(api.db).delete(sha256Hex(token(client)));
    expectError(await client.get('/api/auth/me'), 401);
  });

  it('never serves a session past its own expiry', async () => {
    const raw = 'short-lived-session-token';
    await putSession(api.db, sha256Hex(raw), { username: 'admin', createdAt: new Date().toISOString(), expiresAt: Date.now() + 1200 });
    const client = new Client(api.base);
    client.cookie = `session=${raw}`;
    ok(await client.get('/api/auth/me'));
    await new Promise((r) => setTimeout(r, 1500));
    expectError(await client.get('/api/auth/me'), 401);
  });

  it('a token cached for one table is not honoured by another', async () => {
    const other = await startApi();
    try {
      const client = await signedIn(api);
      ok(await client.get('/api/auth/me'));
      const stranger = new Client(other.base);
      stranger.cookie = client.cookie;
      expectError(await stranger.get('/api/auth/me'), 401);
    } finally {
      await other.stop();
    }
  });
});
