import { describe, expect, it } from 'vitest';
import { createDb } from '@event-admin/core/db/client';
import { createApp, maxBodyBytes } from '@event-admin/functions/app';
import { routes as jsonRoutes } from '@event-admin/functions/rest/routes';
import { streamRoutes } from '@event-admin/functions/rest/stream-routes';
import { Client, eventBody, signedInForFile } from '../setup/api.ts';
import { createCustomer, createEvent, expectError, ok } from './helpers.ts';
import { suiteStore } from '../setup/suite-store.ts';

const { api, client } = await signedInForFile();
const eventId = (await createEvent(client)).id;
const customerId = (await createCustomer(client)).id;

// Both kinds of REST route: JSON answers, and the streamed lists and exports.
const routes = [...jsonRoutes, ...streamRoutes];
const publicRoutes = new Set(['GET /api/health', 'POST /api/auth/login', 'POST /api/auth/logout', 'POST /api/auth/accept-invite']);
const fill = (path: string, id: string) => path.replace(':id', id);
const pathFor = (path: string) => fill(path, path.startsWith('/api/customers') ? customerId : eventId);

describe('the REST table', () => {
  it('is exactly the rows these tests cover (SPEC §7 and DESIGN additions)', () => {
    expect(routes.map((r) => `${r.method} ${r.path}`).sort()).toEqual(
      [
        'GET /api/health',
        'POST /api/auth/login',
        'POST /api/auth/logout',
        'GET /api/auth/me',
        'POST /api/auth/confirm',
        'POST /api/auth/accept-invite',
        'GET /api/users',
        'POST /api/users',
        'POST /api/users/:id/disable',
        'POST /api/users/:id/enable',
        'POST /api/users/:id/reset',
        'DELETE /api/users/:id',
        'GET /api/security-settings',
        'PUT /api/security-settings',
        'POST /api/auth/password',
        'POST /api/auth/2fa/setup',
        'POST /api/auth/2fa/enable',
        'POST /api/auth/2fa/disable',
        'GET /api/auth/sessions',
        'POST /api/auth/sessions/revoke-others',
        'DELETE /api/auth/sessions/:id',
        'GET /api/tokens',
        'POST /api/tokens',
        'DELETE /api/tokens/:id',
        'GET /api/dashboard/stats',
        'GET /api/dashboard/top-events',
        'GET /api/events',
        'GET /api/events/recent',
        'POST /api/events',
        'GET /api/events/:id',
        'PUT /api/events/:id',
        'POST /api/events/:id/views',
        'POST /api/events/:id/archive',
        'POST /api/events/:id/unarchive',
        'DELETE /api/events/:id',
        'GET /api/events/:id/seo',
        'POST /api/events/:id/seo',
        'GET /api/events/:id/cta',
        'POST /api/events/:id/cta',
        'GET /api/events/:id/content-blocks',
        'POST /api/events/:id/content-blocks',
        'GET /api/events-with-details',
        'GET /api/customers',
        'POST /api/customers',
        'GET /api/customers/:id',
        'PUT /api/customers/:id',
        'DELETE /api/customers/:id',
        'GET /api/customers/:id/export',
        'POST /api/customers/:id/erase',
        'GET /api/events/:id/ticket-types',
        'POST /api/events/:id/ticket-types',
        'POST /api/events/:id/ticket-types/order',
        'GET /api/events/:id/availability',
        'PUT /api/ticket-types/:id',
        'DELETE /api/ticket-types/:id',
        'POST /api/orders',
        'POST /api/holds',
        'GET /api/holds/:id',
        'DELETE /api/holds/:id',
        'POST /api/holds/:id/confirm',
        'GET /api/events/:id/tickets',
        'GET /api/tickets/:id',
        'PUT /api/tickets/:id',
        'POST /api/check-ins',
        'DELETE /api/check-ins/:ticketId',
        'GET /api/events/:id/check-in-stats',
        'GET /api/events/:id/check-in-list',
        'GET /api/exports/attendees.csv',
        'GET /api/webhooks',
        'POST /api/webhooks',
        'PUT /api/webhooks/:id',
        'DELETE /api/webhooks/:id',
        'POST /api/webhooks/:id/test',
        'POST /api/webhooks/:id/rotate-secret',
        'GET /api/webhooks/:id/deliveries',
        'POST /api/webhooks/:id/deliveries/:deliveryId/retry',
        'GET /api/customers/:id/purchases',
        'GET /api/customers/:id/addresses',
        'POST /api/customers/:id/addresses',
        'GET /api/transactions',
        'GET /api/transactions/totals',
        'POST /api/transactions',
        'POST /api/transactions/bulk',
        'GET /api/transactions/:id',
        'POST /api/transactions/:id/status',
        'POST /api/transactions/:id/refunds',
        'GET /api/transactions/:id/tickets.pdf',
        'GET /api/audit',
        'GET /api/app-settings',
        'POST /api/app-settings',
        'GET /api/reports/sales',
        'GET /api/exports/transactions.csv',
        'GET /api/exports/customers.csv',
      ].sort(),
    );
  });
});

describe('401 without a session', () => {
  const protectedRoutes = routes.filter((r) => !publicRoutes.has(`${r.method} ${r.path}`));

  it.each(protectedRoutes.map((r) => [`${r.method} ${r.path}`, r] as const))('%s', async (_, route) => {
    const anonymous = new Client(api.base);
    const body = route.method === 'GET' ? undefined : route.path.endsWith('content-blocks') ? [] : {};
    expectError(await anonymous.request(route.method, pathFor(route.path), body), 401, 'Please sign in to continue');
  });

  it('a refused write changed nothing', async () => {
    const anonymous = new Client(api.base);
    const before = ok(await client.get('/api/dashboard/stats'));
    expectError(await anonymous.post('/api/events', eventBody()), 401);
    expectError(await anonymous.post('/api/app-settings', { serviceFeePercentage: '50' }), 401);
    expect(ok(await client.get('/api/dashboard/stats'))).toEqual(before);
    expect(ok(await client.get('/api/app-settings')).serviceFeePercentage).toBe('18');
  });

  it('login and health are public', async () => {
    const anonymous = new Client(api.base);
    ok(await anonymous.get('/api/health'));
    ok(await anonymous.post('/api/auth/login', { username: 'admin', password: 'integration-secret' }));
  });
});

describe('malformed bodies', () => {
  // DELETE takes no body; logout ignores its body.
  const writeRoutes = routes.filter((r) => r.method !== 'GET' && r.method !== 'DELETE' && r.path !== '/api/auth/logout');

  it.each(writeRoutes.map((r) => [`${r.method} ${r.path}`, r] as const))('%s: malformed JSON is 400', async (_, route) => {
    const result = await client.request(route.method, pathFor(route.path), undefined, { raw: '{"title": "unclosed' });
    expectError(result, 400, 'The request body is not valid JSON');
  });

  it('a refused malformed body changed nothing', async () => {
    const before = ok(await client.get(`/api/events/${eventId}`));
    expectError(await client.request('PUT', `/api/events/${eventId}`, undefined, { raw: '{"title":' }), 400);
    expect(ok(await client.get(`/api/events/${eventId}`))).toEqual(before);
  });

  it('a body that is not an object is refused in plain words', async () => {
    expectError(await client.post('/api/customers', [1, 2]), 400, 'The request body must be a JSON object');
    expectError(await client.post('/api/transactions', 42), 400, 'The request body must be a JSON object');
    expectError(await client.request('PUT', `/api/customers/${customerId}`, null), 400, 'The request body must be a JSON object');
  });

  it('wrong types name the field and the type expected', async () => {
    expectError(await client.post('/api/events', eventBody({ venue: { name: 'Hall' } })), 400, 'venue must be a string');
    expectError(await client.post('/api/customers', { name: 'Ada', email: 42 }), 400, 'email must be a string');
    expectError(await client.put(`/api/events/${eventId}`, { ...eventBody(), version: '2' }), 400, 'version must be a number');
    expectError(await client.post(`/api/events/${eventId}/cta`, { text: 'Go', isCustom: 'no' }), 400, 'isCustom must be a boolean');
  });

  it('an empty body on a write is read as {} and gets the field messages', async () => {
    const result = await client.request('POST', '/api/events', undefined, { raw: '' });
    expectError(result, 400, 'title is required');
  });
});

describe('body size', () => {
  const oversized = JSON.stringify({ ...eventBody(), description: 'x'.repeat(maxBodyBytes) });

  it('a body over 1 MB is 413, and creates nothing', async () => {
    const before = ok(await client.get('/api/dashboard/stats')).totalEvents;
    expectError(await client.request('POST', '/api/events', undefined, { raw: oversized }), 413, 'The request body is larger than 1 MB');
    expect(ok(await client.get('/api/dashboard/stats')).totalEvents).toBe(before);
  });

  it('is 413 on tRPC and on content blocks too', async () => {
    const trpc = await client.request('POST', '/trpc/events.create', undefined, { raw: oversized });
    expect(trpc.status).toBe(413);
    const blocks = JSON.stringify([{ type: 'text', content: 'x'.repeat(maxBodyBytes) }]);
    expectError(await client.request('POST', `/api/events/${eventId}/content-blocks`, undefined, { raw: blocks }), 413);
    expect(ok(await client.get(`/api/events/${eventId}/content-blocks`))).toEqual([]);
  });

  it('is 413 for a streamed body without a length', async () => {
    const chunk = new TextEncoder().encode('x'.repeat(64 * 1024));
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= maxBodyBytes + chunk.length * 2) return controller.close();
        sent += chunk.length;
        controller.enqueue(chunk);
      },
    });
    const response = await fetch(`${api.base}/api/events`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: api.base, Cookie: client.cookie },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expect(response.status).toBe(413);
    await response.text();
  });

  it('a body just under 1 MB reaches validation', async () => {
    const body = JSON.stringify({ ...eventBody(), description: 'x'.repeat(maxBodyBytes - 1000) });
    expectError(await client.request('POST', '/api/events', undefined, { raw: body }), 400, 'Must be at most 5000 characters');
  });
});

describe('an unreachable store', () => {
  const config = { admin: { username: 'admin', password: 'x' }, tableName: 'missing', endpoint: 'http://127.0.0.1:9' };

  it('health and sign-in answer 503, not 500', async () => {
    const app = createApp({ db: createDb(config), config, log: () => {} });
    const health = await app.request('http://127.0.0.1/api/health');
    expect(health.status).toBe(503);
    const login = await app.request('http://127.0.0.1/api/auth/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: 'x' }),
    });
    expect(login.status).toBe(503);
    expect(await login.text()).toContain('The database is not reachable right now');
  });

  it('a missing table is 503 too', async () => {
    const local = { ...config, endpoint: suiteStore(), tableName: 'no-such-table' };
    const app = createApp({ db: createDb(local), config: local, log: () => {} });
    expect((await app.request('http://127.0.0.1/api/health')).status).toBe(503);
  });
});
