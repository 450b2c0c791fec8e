import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { putApiToken } from '@event-admin/core/api-token/api-token.repo';
import { sha256Hex } from '@event-admin/core/credentials/password';
import { Client, eventBody, signedInForFile } from '../setup/api.ts';
import { createEvent, expectError, ok } from './helpers.ts';

const { api, client } = await signedInForFile();
const admin = await client.confirm();

/** An integration: no cookie, no Origin, just the bearer token. */
async function bearer(token: string, method: string, path: string, body?: unknown) {
  const response = await fetch(api.base + path, {
    method,
    headers: { Authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  const json = response.headers.get('content-type')?.includes('application/json');
  return { status: response.status, text, body: json ? JSON.parse(text) : text, headers: response.headers };
}

const createToken = async (body: Record<string, unknown>) => ok(await admin.post('/api/tokens', body), 201);

describe('API tokens', () => {
  it('POST /api/tokens answers the token once (201); GET lists them without it', async () => {
    const before = Date.now();
    const created = await createToken({ name: 'Box office sync', scope: 'read', expiresInDays: 30 });
    expect(created).toEqual({
      id: expect.any(String),
      name: 'Box office sync',
      scope: 'read',
      token: expect.stringMatching(/^eat_[A-Za-z0-9_-]{43}$/),
      createdAt: expect.any(String),
      expiresAt: expect.any(String),
    });
    const days = (Date.parse(created.expiresAt) - Date.parse(created.createdAt)) / 86_400_000;
    expect(days).toBe(30);
    expect(Date.parse(created.createdAt)).toBeGreaterThanOrEqual(before - 1000);
    const forever = await createToken({ name: 'Forever', scope: 'write' });
    expect(forever.expiresAt).toBeNull();

    const list = ok<any[]>(await admin.get('/api/tokens'));
    expect(list[0]).toEqual({ id: forever.id, name: 'Forever', scope: 'write', createdAt: forever.createdAt, expiresAt: null });
    const { token: _value, ...listed } = created;
    expect(list[1]).toEqual(listed);
    expect(JSON.stringify(list)).not.toContain(created.token);
  });

  it("refuses bad input with the form's messages, and creates nothing", async () => {
    const count = ok<any[]>(await admin.get('/api/tokens')).length;
    expectError(await admin.post('/api/tokens', { name: ' ', scope: 'read' }), 400, 'Token name is required');
    expectError(await admin.post('/api/tokens', { name: 'x', scope: 'admin' }), 400, 'Scope must be read or write');
    for (const days of [0, 366, 1.5, '30']) {
      const result = await admin.post('/api/tokens', { name: 'x', scope: 'read', expiresInDays: days });
      expectError(result, 400, 'Expiry must be a whole number of days from 1 to 365');
    }
    expect(ok<any[]>(await admin.get('/api/tokens'))).toHaveLength(count);
  });

  it('a read token reads every data call, and may not write (403)', async () => {
    const { token } = await createToken({ name: 'Reader', scope: 'read' });
    const event = await createEvent(admin);
    expect((await bearer(token, 'GET', '/api/events')).status).toBe(200);
    expect((await bearer(token, 'GET', `/api/events/${event.id}`)).body.id).toBe(event.id);
    expect((await bearer(token, 'GET', '/api/dashboard/stats')).status).toBe(200);
    const before = ok(await admin.get('/api/dashboard/stats'));
    const write = await bearer(token, 'POST', '/api/events', eventBody());
    expect(write.status, write.text).toBe(403);
    expect(write.text).toContain('This API token can only read');
    expect((await bearer(token, 'PUT', `/api/events/${event.id}`, { ...eventBody(), title: 'Renamed by a reader' })).status).toBe(403);
    expect(ok(await admin.get('/api/dashboard/stats'))).toEqual(before);
    // The tRPC surface follows the same rule.
    const trpcWrite = await bearer(token, 'POST', '/trpc/customers.create', { name: 'Ada', email: 'ada@example.com' });
    expect(trpcWrite.status).toBe(403);
  });

  it('a write token reads and writes without cookie or Origin', async () => {
    const { token } = await createToken({ name: 'Storefront', scope: 'write' });
    const created = await bearer(token, 'POST', '/api/events', eventBody({ title: 'Written by a token' }));
    expect(created.status, created.text).toBe(201);
    const updated = await bearer(token, 'PUT', `/api/events/${created.body.id}`, { ...eventBody(), title: 'Updated by a token' });
    expect(updated.status, updated.text).toBe(200);
    expect(ok(await admin.get(`/api/events/${created.body.id}`)).title).toBe('Updated by a token');
  });

  it('is refused (403) on /api/auth/* and /api/tokens, whatever its scope', async () => {
    const { token } = await createToken({ name: 'Too curious', scope: 'write' });
    for (const [method, path, body] of [
      ['GET', '/api/auth/me'],
      ['GET', '/api/auth/sessions'],
      ['POST', '/api/auth/sessions/revoke-others'],
      ['POST', '/api/auth/2fa/setup'],
      ['POST', '/api/auth/password', { currentPassword: 'x', newPassword: 'abcdefgh', confirmPassword: 'abcdefgh' }],
      ['POST', '/api/auth/login', { username: 'admin', password: 'x' }],
      ['POST', '/api/auth/logout'],
      ['GET', '/api/tokens'],
      ['POST', '/api/tokens', { name: 'Another', scope: 'write' }],
      ['DELETE', '/api/tokens/whatever'],
    ] as const) {
      const result = await bearer(token, method, path, body);
      expect(result.status, `${method} ${path}: ${result.text}`).toBe(403);
    }
    expect(ok<any[]>(await admin.get('/api/tokens')).map((t) => t.name)).not.toContain('Another');
  });

  it('an unknown, malformed, revoked or expired token gets 401', async () => {
    expect((await bearer('eat_not-a-real-token', 'GET', '/api/events')).status).toBe(401);
    expect((await bearer('', 'GET', '/api/events')).status).toBe(401);
    expect((await bearer('x'.repeat(500), 'GET', '/api/events')).status).toBe(401);

    const revoked = await createToken({ name: 'Short-lived', scope: 'write' });
    expect((await bearer(revoked.token, 'GET', '/api/events')).status).toBe(200); // cached in the server now
    const result = await admin.request('DELETE', `/api/tokens/${revoked.id}`);
    expect(result.status, result.text).toBe(204);
    const after = await bearer(revoked.token, 'GET', '/api/events');
    expect(after.status).toBe(401);
    expect(after.text).toContain('The API token is not valid');
    expect(ok<any[]>(await admin.get('/api/tokens')).map((t) => t.id)).not.toContain(revoked.id);
    expectError(await admin.request('DELETE', `/api/tokens/${revoked.id}`), 404, 'API token not found');

    // One that expired a minute ago (stored directly: the API only makes future expiries).
    const expired = `eat_${randomBytes(32).toString('base64url')}`;
    const past = Date.now() - 60_000;
    await putApiToken(
      api.db,
      sha256Hex(expired),
      {
        id: 'expired-token',
        name: 'Expired',
        scope: 'write',
        createdAt: new Date(past - 86_400_000).toISOString(),
        expiresAt: new Date(past).toISOString(),
      },
      { ownerId: 'first-member', createdBy: 'admin', epoch: 0 },
      [],
    );
    expect((await bearer(expired, 'GET', '/api/events')).status).toBe(401);
  });

  it("token management needs the administrator's session", async () => {
    const anonymous = new Client(api.base);
    expectError(await anonymous.get('/api/tokens'), 401);
    expectError(await anonymous.post('/api/tokens', { name: 'x', scope: 'read' }), 401);
    expectError(await anonymous.request('DELETE', '/api/tokens/x'), 401);
  });

  it('a cookie-signed write still needs our Origin, with or without a bearer header', async () => {
    const { token } = await createToken({ name: 'Mixed', scope: 'write' });
    const cross = await admin.request(
      'POST',
      '/api/customers',
      { name: 'Eve', email: 'eve@example.com' },
      {
        headers: { Origin: 'http://evil.example', Authorization: `Bearer ${token}` },
      },
    );
    expectError(cross, 403, 'Cross-origin requests are not allowed');
  });
});
