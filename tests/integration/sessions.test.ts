import { describe, expect, it } from 'vitest';
import { adminPassword, Client, apiForFile } from '../setup/api.ts';
import { ClientFrom } from '../setup/client-from.ts';
import { expectError, ok } from './helpers.ts';

// Its own file (and table): revoking sessions would sign other files' clients out.
const api = await apiForFile();

async function signInAs(userAgent: string, client: Client = new Client(api.base)) {
  const body = { username: 'admin', password: adminPassword };
  const result = await client.request('POST', '/api/auth/login', body, { headers: { 'User-Agent': userAgent } });
  ok(result);
  // revoking sessions and changing the password need the password confirmed in the session
  return client.confirm();
}

const sessions = async (client: Client) => ok<any[]>(await client.get('/api/auth/sessions'));

describe('sessions', () => {
  it('lists the live sessions newest first, with their browser, address and which one is current; never the token', async () => {
    const firefox = 'Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0';
    const first = await signInAs(firefox);
    await new Promise((r) => setTimeout(r, 5));
    const second = await signInAs('integration-script/1.0', new ClientFrom(api.base, '127.0.0.2'));
    const list = await sessions(first);
    expect(list.length).toBeGreaterThanOrEqual(2);
    const [newest, older] = list as [any, any];
    expect(newest).toEqual({
      id: expect.any(String),
      createdAt: expect.any(String),
      lastSeenAt: expect.any(String),
      userAgent: 'integration-script/1.0',
      ip: '127.0.0.2',
      current: false,
    });
    expect(older).toMatchObject({ userAgent: firefox, ip: '127.0.0.1', current: true });
    expect(Date.parse(newest.createdAt)).toBeGreaterThanOrEqual(Date.parse(older.createdAt));
    expect(list.filter((s) => s.current)).toHaveLength(1);
    const tokens = [first, second].map((c) => decodeURIComponent(c.cookie.split('=')[1]!));
    for (const s of list) expect(tokens).not.toContain(s.id);
    expect(JSON.stringify(list)).not.toContain(tokens[0]!);
    // The other session sees itself as current.
    expect((await sessions(second)).find((s) => s.current)?.id).toBe(newest.id);
  });

  it('DELETE /api/auth/sessions/{id} ends that session at once (204): its very next call is 401', async () => {
    const mine = await signInAs('browser-a');
    const other = await signInAs('browser-b');
    ok(await other.get('/api/dashboard/stats')); // cached in the server now
    const target = (await sessions(other)).find((s) => s.current)!;
    const result = await mine.request('DELETE', `/api/auth/sessions/${target.id}`);
    expect(result.status, result.text).toBe(204);
    expect(result.text).toBe('');
    expectError(await other.get('/api/dashboard/stats'), 401, 'Please sign in to continue');
    expect((await sessions(mine)).map((s) => s.id)).not.toContain(target.id);
    ok(await mine.get('/api/auth/me'));
    expectError(await mine.request('DELETE', `/api/auth/sessions/${target.id}`), 404, 'Session not found');
  });

  it('POST /api/auth/sessions/revoke-others signs out everywhere else (204) and keeps this one', async () => {
    const others = [await signInAs('x'), await signInAs('y')];
    const mine = await signInAs('z');
    for (const other of others) ok(await other.get('/api/auth/me'));
    const result = await mine.post('/api/auth/sessions/revoke-others');
    expect(result.status, result.text).toBe(204);
    for (const other of others) expectError(await other.get('/api/events'), 401);
    const left = await sessions(mine);
    expect(left).toHaveLength(1);
    expect(left[0]).toMatchObject({ current: true, userAgent: 'z' });
  });

  it('a password change ends every other session, not the one that changed it', async () => {
    const other = await signInAs('other');
    const mine = await signInAs('mine');
    ok(await other.get('/api/auth/me'));
    const change = (from: string, to: string) =>
      mine.post('/api/auth/password', { currentPassword: from, newPassword: to, confirmPassword: to });
    ok(await change(adminPassword, 'a-new-password'));
    expectError(await other.get('/api/auth/me'), 401);
    ok(await mine.get('/api/auth/me'));
    expect(await sessions(mine)).toHaveLength(1);
    ok(await change('a-new-password', adminPassword));
  });

  it("needs the administrator's session", async () => {
    const anonymous = new Client(api.base);
    expectError(await anonymous.get('/api/auth/sessions'), 401);
    expectError(await anonymous.request('DELETE', '/api/auth/sessions/some-id'), 401);
    expectError(await anonymous.post('/api/auth/sessions/revoke-others'), 401);
  });
});
