import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminPassword, Client, startApi, type TestApi } from '../setup/api.ts';
import { expectError } from './helpers.ts';

// Its own file (and table): the lockout would otherwise stop other tests from signing in.
let api: TestApi;
beforeAll(async () => {
  api = await startApi();
});
afterAll(() => api.stop());

describe('repeated failed sign-ins', () => {
  it('five failures in a row lock the username (429), and then even the right password gets 429', async () => {
    const client = new Client(api.base);
    for (let i = 1; i <= 4; i++) {
      expectError(await client.post('/api/auth/login', { username: 'admin', password: `wrong-${i}` }), 401, 'Invalid username or password');
    }
    expectError(await client.post('/api/auth/login', { username: 'admin', password: 'wrong-5' }), 429, 'Too many failed sign-in attempts');
    const right = await client.post('/api/auth/login', { username: 'admin', password: adminPassword });
    expectError(right, 429, 'Too many failed sign-in attempts');
    expect(right.headers.get('set-cookie')).toBeNull();
    expectError(await client.get('/api/auth/me'), 401);
  });

  it('the lock is per username, case-insensitively', async () => {
    const client = new Client(api.base);
    expectError(await client.post('/api/auth/login', { username: 'ADMIN', password: adminPassword }), 429);
    for (let i = 1; i <= 4; i++) expectError(await client.post('/api/auth/login', { username: 'someone', password: 'x' }), 401);
  });
});
