import { DomainError } from '@event-admin/core/error';
import type { createCaller } from '../trpc/caller.ts';

type Api = ReturnType<typeof createCaller>;

export interface RestRequest {
  params: Record<string, string>;
  query: Record<string, string | undefined>;
  body: unknown;
}

export interface RestRoute {
  method: 'GET' | 'POST' | 'PUT';
  path: string;
  /** the success status; 200 unless it creates */
  status?: 200 | 201;
  call: (api: Api, req: RestRequest) => Promise<unknown>;
}

/** Most bodies are JSON objects; anything else is refused before it reaches a procedure. */
function object(body: unknown): Record<string, unknown> {
  if (body === undefined) return {};
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new DomainError('invalid', 'The request body must be a JSON object');
  }
  return body as Record<string, unknown>;
}

/**
 * SPEC.md §7 (and the few additions of DESIGN.md), each path onto the tRPC procedure that
 * implements it: one implementation, two surfaces. Order matters where a literal segment
 * (`/api/events/recent`) would also match a parameter (`/api/events/:id`).
 */
export const routes: RestRoute[] = [
  { method: 'GET', path: '/api/health', call: (api) => api.health.check() },
  { method: 'POST', path: '/api/auth/login', call: (api, req) => api.auth.login(object(req.body) as never) },
  { method: 'POST', path: '/api/auth/logout', call: (api) => api.auth.logout() },
  { method: 'GET', path: '/api/auth/me', call: (api) => api.auth.me() },
  { method: 'POST', path: '/api/auth/password', call: (api, req) => api.auth.changePassword(object(req.body) as never) },

  { method: 'GET', path: '/api/dashboard/stats', call: (api) => api.dashboard.stats() },
  { method: 'GET', path: '/api/dashboard/top-events', call: (api) => api.dashboard.topEvents() },

  { method: 'GET', path: '/api/events', call: (api) => api.events.list() },
  { method: 'GET', path: '/api/events/recent', call: (api, req) => api.events.recent({ limit: req.query.limit }) },
  { method: 'POST', path: '/api/events', status: 201, call: (api, req) => api.events.create(object(req.body) as never) },
  { method: 'GET', path: '/api/events/:id', call: (api, req) => api.events.get({ id: req.params.id! }) },
  {
    method: 'PUT',
    path: '/api/events/:id',
    call: (api, req) => api.events.update({ ...object(req.body), id: req.params.id! } as never),
  },
  {
    method: 'POST',
    path: '/api/events/:id/views',
    call: (api, req) => api.events.addViews({ ...object(req.body), id: req.params.id! } as never),
  },
  { method: 'GET', path: '/api/events/:id/seo', call: (api, req) => api.seo.get({ id: req.params.id! }) },
  {
    method: 'POST',
    path: '/api/events/:id/seo',
    call: (api, req) => api.seo.save({ ...object(req.body), eventId: req.params.id! } as never),
  },
  { method: 'GET', path: '/api/events/:id/cta', call: (api, req) => api.cta.get({ id: req.params.id! }) },
  {
    method: 'POST',
    path: '/api/events/:id/cta',
    call: (api, req) => api.cta.save({ ...object(req.body), eventId: req.params.id! } as never),
  },
  {
    method: 'GET',
    path: '/api/events/:id/content-blocks',
    call: async (api, req) => (await api.contentBlocks.get({ id: req.params.id! })).blocks,
  },
  {
    // SPEC sends the bare array; `{ blocks, version }` also works, for a save that must not overwrite.
    method: 'POST',
    path: '/api/events/:id/content-blocks',
    call: async (api, req) => {
      const body = Array.isArray(req.body) ? { blocks: req.body } : object(req.body);
      return (await api.contentBlocks.save({ ...body, eventId: req.params.id! } as never)).blocks;
    },
  },
  { method: 'GET', path: '/api/events-with-details', call: (api) => api.events.listWithDetails() },

  // GET /api/customers, /api/transactions and the exports are streamed: stream-routes.ts.
  { method: 'POST', path: '/api/customers', status: 201, call: (api, req) => api.customers.create(object(req.body) as never) },
  { method: 'GET', path: '/api/customers/:id', call: (api, req) => api.customers.get({ id: req.params.id! }) },
  {
    method: 'PUT',
    path: '/api/customers/:id',
    call: (api, req) => api.customers.update({ ...object(req.body), id: req.params.id! } as never),
  },
  { method: 'GET', path: '/api/customers/:id/purchases', call: (api, req) => api.customers.transactions({ id: req.params.id! }) },
  { method: 'GET', path: '/api/customers/:id/addresses', call: (api, req) => api.customers.addresses({ id: req.params.id! }) },
  {
    method: 'POST',
    path: '/api/customers/:id/addresses',
    status: 201,
    call: (api, req) => api.customers.createAddress({ ...object(req.body), customerId: req.params.id! } as never),
  },

  { method: 'GET', path: '/api/transactions/totals', call: (api) => api.transactions.totals() },
  { method: 'POST', path: '/api/transactions', status: 201, call: (api, req) => api.transactions.create(object(req.body) as never) },

  {
    method: 'GET',
    path: '/api/reports/sales',
    call: (api, req) => api.reports.sales({ from: req.query.from, to: req.query.to, eventId: req.query.eventId || undefined }),
  },

  { method: 'GET', path: '/api/app-settings', call: (api) => api.settings.get() },
  { method: 'POST', path: '/api/app-settings', call: (api, req) => api.settings.save(object(req.body) as never) },
];
