import { describe, expect, it } from 'vitest';
import { adminPassword, Client, signedInForFile } from '../setup/api.ts';
import { getTwoFactor } from '@event-admin/core/two-factor/two-factor.repo';
import { authenticatorCode } from '../setup/authenticator.ts';
import { ClientFrom } from '../setup/client-from.ts';
import { expectError, ok } from './helpers.ts';

// Its own file (and table): turning 2FA on changes how everyone signs in.
const { api, client } = await signedInForFile();
const admin = await client.confirm();

const login = (body: Record<string, unknown>, client = new Client(api.base)) =>
  client.post('/api/auth/login', { username: 'admin', password: adminPassword, ...body });

describe('two-factor sign-in (TOTP)', () => {
  let secret = '';
  let enablingCode = '';
  let recoveryCodes: string[] = [];

  it('setup answers a 160-bit base32 secret and an otpauth URL, and changes nothing until confirmed', async () => {
    const setup = ok(await admin.post('/api/auth/2fa/setup'));
    secret = setup.secret;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/); // 32 base32 characters = 160 bits
    const url = new URL(setup.otpauthUrl);
    expect(url.protocol).toBe('otpauth:');
    expect(url.host).toBe('totp');
    expect(decodeURIComponent(url.pathname)).toBe('/Northstar Events:admin');
    const params = Object.fromEntries(url.searchParams);
    expect(params).toEqual({ secret, issuer: 'Northstar Events', algorithm: 'SHA1', digits: '6', period: '30' });
    expect(ok(await admin.get('/api/auth/me'))).toEqual({ username: 'admin', twoFactorEnabled: false, twoFactorSetupRequired: false });
    ok(await login({})); // still no code needed
  });

  it('a wrong or malformed code does not enable it (400)', async () => {
    const wrong = String((Number(authenticatorCode(secret)) + 1) % 1_000_000).padStart(6, '0');
    expectError(await admin.post('/api/auth/2fa/enable', { code: wrong }), 400, 'The code is not correct');
    expectError(await admin.post('/api/auth/2fa/enable', { code: 'abc' }), 400, 'Enter the 6-digit code from your authenticator app');
    expectError(await admin.post('/api/auth/2fa/enable', {}), 400);
    expect(ok(await admin.get('/api/auth/me')).twoFactorEnabled).toBe(false);
  });

  it('the right code enables it and answers 10 distinct recovery codes', async () => {
    enablingCode = authenticatorCode(secret);
    const result = ok(await admin.post('/api/auth/2fa/enable', { code: enablingCode }));
    recoveryCodes = result.recoveryCodes;
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);
    expect(ok(await admin.get('/api/auth/me'))).toEqual({ username: 'admin', twoFactorEnabled: true, twoFactorSetupRequired: false });
    // Setting up again while it is on is refused.
    expectError(await admin.post('/api/auth/2fa/setup'), 409, 'already on');
    expectError(await admin.post('/api/auth/2fa/enable', { code: authenticatorCode(secret) }), 409);
  });

  it('the right password without a code: 401 "Two-factor code required" and no session', async () => {
    const client = new Client(api.base);
    const result = await login({}, client);
    expectError(result, 401);
    expect(result.text).toBe('Two-factor code required');
    expect(result.headers.get('set-cookie')).toBeNull();
    expectError(await client.get('/api/auth/me'), 401);
  });

  it('signs in with a valid code once; the same code again fails (replay)', async () => {
    // The code that enabled it is spent: the next step is the first that signs in (one step of drift is allowed).
    expectError(await login({ code: enablingCode }), 401, 'Invalid two-factor code');
    const code = authenticatorCode(secret, 1);
    const client = new Client(api.base);
    expect(ok(await login({ code }, client))).toEqual({ username: 'admin' });
    ok(await client.get('/api/events'));
    const replay = await login({ code });
    expectError(replay, 401, 'Invalid two-factor code');
    expect(replay.headers.get('set-cookie')).toBeNull();
    // A code two steps away is outside the allowed drift.
    expectError(await login({ code: authenticatorCode(secret, 3) }), 401, 'Invalid two-factor code');
  });

  it('a wrong password is refused as before, even with a valid code', async () => {
    expectError(await login({ password: 'wrong-password', code: authenticatorCode(secret, 1) }), 401, 'Invalid username or password');
  });

  it('an unused recovery code signs in once (sent as code, any case, with or without the dash)', async () => {
    const [first, second] = recoveryCodes as [string, string];
    ok(await login({ code: first }));
    expectError(await login({ code: first }), 401, 'Invalid two-factor code');
    ok(await login({ code: ` ${second.toUpperCase().replace('-', '')} ` }));
    expectError(await login({ code: second }), 401, 'Invalid two-factor code');
    expectError(await login({ code: 'zzzzz-zzzzz' }), 401, 'Invalid two-factor code');
  });

  it('wrong codes count toward the lockout of that address only', async () => {
    const attacker = new ClientFrom(api.base, '127.0.0.2');
    for (let i = 0; i < 4; i++) expectError(await login({ code: '000000' }, attacker), 401);
    expectError(await login({ code: '000000' }, attacker), 429, 'Too many failed sign-in attempts');
    // Locked: not even a valid recovery code gets through from there...
    expectError(await login({ code: recoveryCodes[5] }, attacker), 429);
    // ...while the administrator signs in from 127.0.0.1.
    ok(await login({ code: recoveryCodes[6] }));
  });

  it('disable needs the password and a valid code; a recovery code serves (204)', async () => {
    const wrongPassword = await admin.post('/api/auth/2fa/disable', { password: 'wrong', code: recoveryCodes[2] });
    expectError(wrongPassword, 400, 'The password is not correct');
    expectError(await admin.post('/api/auth/2fa/disable', { password: adminPassword, code: '123' }), 400, 'The code is not correct');
    expectError(await admin.post('/api/auth/2fa/disable', { password: adminPassword }), 400);
    expect(ok(await admin.get('/api/auth/me')).twoFactorEnabled).toBe(true);

    const result = await admin.post('/api/auth/2fa/disable', { password: adminPassword, code: recoveryCodes[2] });
    expect(result.status, result.text).toBe(204);
    expect(result.text).toBe('');
    expect(ok(await admin.get('/api/auth/me'))).toEqual({ username: 'admin', twoFactorEnabled: false, twoFactorSetupRequired: false });
    ok(await login({}));
    expectError(await admin.post('/api/auth/2fa/disable', { password: adminPassword, code: recoveryCodes[3] }), 409, 'not on');
  });

  it('can be set up again with a new secret, and disabled with an app code', async () => {
    const again = ok(await admin.post('/api/auth/2fa/setup'));
    expect(again.secret).not.toBe(secret);
    ok(await admin.post('/api/auth/2fa/enable', { code: authenticatorCode(again.secret) }));
    expectError(await login({ code: recoveryCodes[7] }), 401, 'Invalid two-factor code'); // old codes are gone
    const result = await admin.post('/api/auth/2fa/disable', { password: adminPassword, code: authenticatorCode(again.secret, 1) });
    expect(result.status, result.text).toBe(204);
  });

  it('a code for a setup started again elsewhere is told apart from a wrong code (409), and changes nothing', async () => {
    const first = ok(await admin.post('/api/auth/2fa/setup'));
    const second = ok(await admin.post('/api/auth/2fa/setup')); // Enable 2FA opened again in another tab
    expectError(
      await admin.post('/api/auth/2fa/enable', { code: authenticatorCode(first.secret), secret: first.secret }),
      409,
      'Two-factor setup was started again (in another tab or window), so this secret is no longer the one waiting. Close this and open Enable 2FA again.',
    );
    expect(ok(await admin.get('/api/auth/me')).twoFactorEnabled).toBe(false);
    // The waiting one still works, named by its secret as the dialog shows it (in groups of four).
    const grouped = second.secret.match(/.{4}/g).join(' ');
    ok(await admin.post('/api/auth/2fa/enable', { code: authenticatorCode(second.secret), secret: grouped }));
    const off = await admin.post('/api/auth/2fa/disable', { password: adminPassword, code: authenticatorCode(second.secret, 1) });
    expect(off.status, off.text).toBe(204);
  });

  it('enable without a setup first is refused', async () => {
    expectError(await admin.post('/api/auth/2fa/enable', { code: '123456' }), 400, 'Start the two-factor setup first');
  });

  it('turning it on and off and spending a recovery code are in the history, with the address, never a code', async () => {
    const records = ok(await admin.get('/api/audit?entity=auth&limit=100')).items as any[];
    const actions = records.map((r) => r.action);
    for (const action of ['two_factor_enabled', 'two_factor_disabled', 'recovery_code_used']) expect(actions).toContain(action);
    const used = records.find((r) => r.action === 'recovery_code_used');
    expect(used).toMatchObject({
      actor: 'admin',
      address: '127.0.0.1',
      summary: expect.stringMatching(/^Used a recovery code \(\d+ left\)$/),
    });
    const text = JSON.stringify(records);
    for (const code of recoveryCodes) expect(text).not.toContain(code);
    expect(text).not.toContain(secret);
  });

  it('recovery codes are stored each with its own salt and a slow hash', async () => {
    const again = ok(await admin.post('/api/auth/2fa/setup'));
    ok(await admin.post('/api/auth/2fa/enable', { code: authenticatorCode(again.secret) }));
    const stored = (await getTwoFactor(api.db, 'first-member'))!.recoveryHashes;
    expect(stored).toHaveLength(10);
    for (const entry of stored) expect(entry).toMatch(/^scrypt\$14\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect(new Set(stored.map((entry) => entry.split('$')[2])).size).toBe(10);
    const off = await admin.post('/api/auth/2fa/disable', { password: adminPassword, code: authenticatorCode(again.secret, 1) });
    expect(off.status, off.text).toBe(204);
  });

  it('needs a session', async () => {
    const anonymous = new Client(api.base);
    expectError(await anonymous.post('/api/auth/2fa/setup'), 401);
    expectError(await anonymous.post('/api/auth/2fa/enable', { code: '123456' }), 401);
    expectError(await anonymous.post('/api/auth/2fa/disable', { password: 'x', code: '123456' }), 401);
  });
});
