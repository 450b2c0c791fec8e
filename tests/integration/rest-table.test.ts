import { Hono } from 'hono';
import type { ApiEnv } from '@event-admin/functions/request-log';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mountRest } from '@event-admin/functions/rest/adapter';
import type { RestRoute } from '@event-admin/functions/rest/routes';
import { apiForFile, listenLocal } from '../setup/api.ts';

// The REST adapter serves any table of routes: DELETE rows answering 204 with an empty body (the
// sessions and tokens routes need them) and keeping the status and plain-text message of a failure.
const api = await apiForFile();
let base: string;
let stop: () => Promise<void>;

const table: RestRoute[] = [
  { method: 'DELETE', path: '/api/probe/:id', status: 204, call: (caller) => caller.health.check() },
  { method: 'DELETE', path: '/api/probe-event/:id', status: 204, call: (caller, req) => caller.events.get({ id: req.params.id! }) },
];

beforeAll(async () => {
  const app = new Hono<ApiEnv>();
  const config = { admin: { username: 'admin', password: 'unused-here' }, tableName: api.db.tableName };
  mountRest(app, { db: api.db, config }, table);
  ({ base, stop } = await listenLocal(app.fetch));
});
afterAll(() => stop());

describe('a DELETE row of the REST table', () => {
  it('answers 204 with an empty body', async () => {
    const response = await fetch(`${base}/api/probe/abc`, { method: 'DELETE' });
    expect(response.status).toBe(204);
    expect(await response.text()).toBe('');
    expect(response.headers.get('content-type')).toBeNull();
  });

  it('keeps a failure as its status and plain-text message', async () => {
    const response = await fetch(`${base}/api/probe-event/abc`, { method: 'DELETE' });
    expect(response.status).toBe(401);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await response.text()).toBe('Please sign in to continue');
  });
});
