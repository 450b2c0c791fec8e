import { describe, expect, it } from 'vitest';
import { adminPassword, Client, signedIn, apiForFile } from '../setup/api.ts';
import { expectError, ok } from './helpers.ts';

// Its own file (and table): it changes the administrator's password.
const api = await apiForFile();

const login = (password: string) => new Client(api.base).post('/api/auth/login', { username: 'admin', password });

describe('POST /api/auth/password', () => {
  it('needs a session', async () => {
    const result = await new Client(api.base).post('/api/auth/password', {
      currentPassword: adminPassword,
      newPassword: 'new-password-1',
      confirmPassword: 'new-password-1',
    });
    expectError(result, 401);
  });

  it('refuses a wrong current password with 400, and nothing changes', async () => {
    const client = await (await signedIn(api)).confirm();
    const result = await client.post('/api/auth/password', {
      currentPassword: 'not-the-password',
      newPassword: 'new-password-1',
      confirmPassword: 'new-password-1',
    });
    expectError(result, 400, 'The current password is not correct');
    ok(await login(adminPassword));
    expectError(await login('new-password-1'), 401);
  });

  it('refuses new passwords that do not match', async () => {
    const client = await (await signedIn(api)).confirm();
    const result = await client.post('/api/auth/password', {
      currentPassword: adminPassword,
      newPassword: 'new-password-1',
      confirmPassword: 'new-password-2',
    });
    expectError(result, 400, 'The new passwords do not match');
    ok(await login(adminPassword));
  });

  it('refuses a short new password', async () => {
    const client = await (await signedIn(api)).confirm();
    const result = await client.post('/api/auth/password', {
      currentPassword: adminPassword,
      newPassword: 'short',
      confirmPassword: 'short',
    });
    expectError(result, 400, 'New password must be at least 8 characters');
  });

  it('changes the password: the old one stops working, the new one works, and can be changed again', async () => {
    const client = await (await signedIn(api)).confirm();
    const result = await client.post('/api/auth/password', {
      currentPassword: adminPassword,
      newPassword: 'brand-new-password',
      confirmPassword: 'brand-new-password',
    });
    expect(ok(result)).toEqual({ ok: true });
    expectError(await login(adminPassword), 401, 'Invalid username or password');
    ok(await login('brand-new-password'));
    // the session that changed it is still signed in
    ok(await client.get('/api/auth/me'));

    const again = await client.post('/api/auth/password', {
      currentPassword: adminPassword,
      newPassword: 'third-password',
      confirmPassword: 'third-password',
    });
    expectError(again, 400, 'The current password is not correct');
    ok(
      await client.post('/api/auth/password', {
        currentPassword: 'brand-new-password',
        newPassword: 'third-password',
        confirmPassword: 'third-password',
      }),
    );
    expectError(await login('brand-new-password'), 401);
    ok(await login('third-password'));
  });
});
