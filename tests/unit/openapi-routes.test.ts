import { describe, expect, it } from 'vitest';
import { createDb } from '@event-admin/core/db/client';
import { createApp } from '@event-admin/functions/app';
import { operations } from '@event-admin/functions/openapi/rows';
import { routes } from '@event-admin/functions/rest/routes';
import { streamRoutes } from '@event-admin/functions/rest/stream-routes';

// The OpenAPI document is built from the REST table's rows (rest/routes/) and the reference's own
// routes: a route mounted some other way would be served without being documented. The app's own
// route list is the truth (the REST table, the streamed routes and anything else under /api).

/** Every `/api` method and path the app answers (middleware and the 404 catch-all are `ALL`). */
function servedRoutes() {
  const config = { admin: { username: 'admin', password: 'unused' }, tableName: 'unused', endpoint: 'http://127.0.0.1:9' };
  const app = createApp({ db: createDb(config), config, log: () => {} });
  return [
    ...new Set(app.routes.filter((r) => r.method !== 'ALL' && r.path.startsWith('/api/')).map((r) => `${r.method} ${r.path}`)),
  ].sort();
}

const documented = operations()
  .map((op) => `${op.method} ${op.path}`)
  .sort();

describe('the OpenAPI operations and the routes the app serves', () => {
  it('every route the app serves has a documented operation', () => {
    const missing = servedRoutes().filter((route) => !documented.includes(route));
    expect(missing, 'serve /api routes from a row of packages/functions/src/rest/routes/').toEqual([]);
  });

  it('every documented operation is a route the app serves', () => {
    const served = servedRoutes();
    expect(documented.filter((key) => !served.includes(key))).toEqual([]);
  });

  it('documents each route once, from both REST tables', () => {
    expect(new Set(documented).size).toBe(documented.length);
    const tables = [...routes, ...streamRoutes].map((r) => `${r.method} ${r.path}`);
    expect(tables.filter((route) => !documented.includes(route))).toEqual([]);
  });

  it('keys each operation as the app mounts it: a method and an /api path', () => {
    for (const key of documented) expect(key).toMatch(/^(GET|POST|PUT|DELETE) \/api\/\S+$/);
  });
});
