import { describe, expect, it } from 'vitest';
import { sha256Hex } from '@event-admin/core/credentials/password';
import { putSession } from '@event-admin/core/session/session.repo';
import { adminPassword, Client, signedIn, apiForFile } from '../setup/api.ts';
import { expectError, ok } from './helpers.ts';

const api = await apiForFile();

const cookieAttributes = (setCookie: string) => setCookie.split(';').map((part) => part.trim());

describe('sign-in', () => {
  it('GET /api/health answers without a session', async () => {
    const client = new Client(api.base);
    expect(ok(await client.get('/api/health'))).toEqual({ status: 'ok', database: 'up' });
  });

  it('signs in with the right credentials and sets a strict HttpOnly 12-hour cookie (no Secure over http)', async () => {
    const client = new Client(api.base);
    const result = await client.post('/api/auth/login', { username: 'admin', password: adminPassword });
    expect(ok(result)).toEqual({ username: 'admin' });
    const setCookie = result.headers.get('set-cookie')!;
    const attributes = cookieAttributes(setCookie);
    expect(attributes[0]).toMatch(/^session=.{20,}/);
    expect(attributes).toContain('HttpOnly');
    expect(attributes).toContain('SameSite=Strict');
    expect(attributes).toContain('Path=/');
    expect(attributes).toContain('Max-Age=43200');
    expect(attributes).not.toContain('Secure');
    expect(ok(await client.get('/api/auth/me'))).toEqual({ username: 'admin', twoFactorEnabled: false, twoFactorSetupRequired: false });
  });

  it('marks the cookie Secure when the client came over https', async () => {
    const client = new Client(api.base);
    const result = await client.request(
      'POST',
      '/api/auth/login',
      { username: 'admin', password: adminPassword },
      {
        headers: { 'X-Forwarded-Proto': 'https', Origin: api.base.replace('http:', 'https:') },
      },
    );
    ok(result);
    expect(cookieAttributes(result.headers.get('set-cookie')!)).toContain('Secure');
  });

  it('refuses a wrong password with 401 and SPEC words, and sets no cookie', async () => {
    const client = new Client(api.base);
    const result = await client.post('/api/auth/login', { username: 'admin', password: 'wrong-password' });
    expectError(result, 401, 'Invalid username or password');
    expect(result.headers.get('set-cookie')).toBeNull();
    expectError(await client.get('/api/auth/me'), 401);
  });

  it('refuses a wrong username the same way', async () => {
    const result = await new Client(api.base).post('/api/auth/login', { username: 'root', password: adminPassword });
    expectError(result, 401, 'Invalid username or password');
  });

  it('gives the form messages for empty fields', async () => {
    const client = new Client(api.base);
    expectError(await client.post('/api/auth/login', { username: '', password: 'x' }), 400, 'Username is required');
    expectError(await client.post('/api/auth/login', { username: 'admin', password: '' }), 400, 'Password is required');
    expectError(await client.post('/api/auth/login', {}), 400, 'Username is required');
  });

  it('a wrong password before the right one does not lock anyone out', async () => {
    const client = new Client(api.base);
    expectError(await client.post('/api/auth/login', { username: 'admin', password: 'nope' }), 401);
    await client.login();
    expect(ok(await client.get('/api/auth/me'))).toEqual({ username: 'admin', twoFactorEnabled: false, twoFactorSetupRequired: false });
  });

  it('GET /api/auth/me needs a session', async () => {
    expectError(await new Client(api.base).get('/api/auth/me'), 401, 'Please sign in to continue');
  });

  it('refuses an unknown or forged session cookie', async () => {
    const client = new Client(api.base);
    client.cookie = 'session=not-a-real-token';
    expectError(await client.get('/api/auth/me'), 401);
    client.cookie = `session=${'x'.repeat(500)}`;
    expectError(await client.get('/api/events'), 401);
  });

  it('refuses an expired session', async () => {
    const token = 'expired-session-token-for-test';
    await putSession(api.db, sha256Hex(token), { username: 'admin', createdAt: new Date(0).toISOString(), expiresAt: Date.now() - 1000 });
    const client = new Client(api.base);
    client.cookie = `session=${token}`;
    expectError(await client.get('/api/auth/me'), 401, 'Please sign in to continue');
  });

  it('logout ends the session: the next call is 401, and the cookie is cleared', async () => {
    const client = await signedIn(api);
    const session = client.cookie;
    ok(await client.get('/api/events'));
    const result = await client.post('/api/auth/logout');
    expect(ok(result)).toEqual({ ok: true });
    expect(cookieAttributes(result.headers.get('set-cookie')!)).toContain('Max-Age=0');
    client.cookie = session; // even a client that kept the old cookie is out
    expectError(await client.get('/api/events'), 401);
    expectError(await client.get('/api/auth/me'), 401);
  });

  it('logout of one session leaves the others signed in', async () => {
    const first = await signedIn(api);
    const second = await signedIn(api);
    ok(await first.post('/api/auth/logout'));
    ok(await second.get('/api/auth/me'));
  });

  it('logout without a session is harmless', async () => {
    expect(ok(await new Client(api.base).post('/api/auth/logout'))).toEqual({ ok: true });
  });
});

describe('origin checks', () => {
  it('refuses a cross-origin POST with 403, even signed in, and changes nothing', async () => {
    const client = await signedIn(api);
    const before = ok(await client.get('/api/app-settings'));
    const result = await client.request(
      'POST',
      '/api/app-settings',
      { serviceFeePercentage: '99' },
      { headers: { Origin: 'http://evil.example' } },
    );
    expectError(result, 403, 'Cross-origin requests are not allowed');
    expect(ok(await client.get('/api/app-settings'))).toEqual(before);
  });

  it('refuses a cross-origin sign-in and tRPC mutation', async () => {
    const client = new Client(api.base);
    const login = await client.request(
      'POST',
      '/api/auth/login',
      { username: 'admin', password: adminPassword },
      { headers: { Origin: 'http://evil.example' } },
    );
    expectError(login, 403);
    expect(login.headers.get('set-cookie')).toBeNull();
    const signed = await signedIn(api);
    const trpc = await signed.request(
      'POST',
      '/trpc/events.create',
      { title: 'Evil night', date: '2030-01-01', venue: 'Evil hall' },
      { headers: { Origin: 'http://evil.example' } },
    );
    expect(trpc.status).toBe(403);
  });

  it('refuses a request the browser marks cross-site', async () => {
    const client = await signedIn(api);
    const result = await client.request(
      'POST',
      '/api/customers',
      { name: 'Eve', email: 'eve@example.com' },
      { headers: { 'Sec-Fetch-Site': 'cross-site' } },
    );
    expectError(result, 403);
  });

  it('lets reads through whatever the origin (the cookie is SameSite=Strict)', async () => {
    const client = await signedIn(api);
    ok(await client.request('GET', '/api/events', undefined, { headers: { Origin: 'http://evil.example' } }));
  });
});

describe('responses', () => {
  it('are never cached and carry security headers', async () => {
    const client = await signedIn(api);
    const result = await client.get('/api/events');
    expect(result.headers.get('cache-control')).toBe('no-store');
    expect(result.headers.get('x-content-type-options')).toBe('nosniff');
    expect(result.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  });
});
