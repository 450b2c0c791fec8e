import { DomainError } from '@event-admin/core/error';
import type { createCaller } from '../trpc/caller.ts';

type Api = ReturnType<typeof createCaller>;

/** ':id' segments of a path, as names: '/api/events/:id/seo' -> 'id'. */
type ParamNames<Path extends string> = Path extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : Path extends `${string}:${infer Name}`
    ? Name
    : never;

export interface RestRequest<Path extends string = string> {
  /** exactly the path's parameters when the path is known, any name otherwise */
  params: string extends Path ? Record<string, string> : { [Name in ParamNames<Path>]: string };
  query: Record<string, string | undefined>;
  body: unknown;
  /** the Idempotency-Key header: a retried write with the same key answers its first answer */
  idempotencyKey?: string;
}

export type RestMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface RestRoute {
  method: RestMethod;
  path: string;
  /** the success status: 200 unless it creates (201), accepts work to be done later (202) or answers nothing (204, an empty body) */
  status?: 200 | 201 | 202 | 204;
  call: (api: Api, req: RestRequest) => Promise<unknown>;
}

/** One row of the table, its path parameters typed from the path itself. */
function route<Path extends string>(
  method: RestMethod,
  path: Path,
  call: (api: Api, req: RestRequest<Path>) => Promise<unknown>,
  status?: RestRoute['status'],
): RestRoute {
  return { method, path, call: call as RestRoute['call'], ...(status ? { status } : {}) };
}

/** Most bodies are JSON objects; anything else is refused before it reaches a procedure. */
function object(body: unknown): Record<string, unknown> {
  if (body === undefined) return {};
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new DomainError('invalid', 'The request body must be a JSON object');
  }
  return body as Record<string, unknown>;
}

/** The Idempotency-Key header as the procedure's input field (absent: no key). */
const keyed = (req: RestRequest) => (req.idempotencyKey === undefined ? {} : { idempotencyKey: req.idempotencyKey });

/**
 * Calls a procedure with what the client sent, plus values from the path. The procedure's own
 * zod input schema checks all of it before anything runs (a bad field is a 400 with its
 * message), so the sent fields are typed here as that schema's input, and the path values,
 * typed exactly, take precedence over any the body carries.
 */
export function send<Input extends object, Output>(
  procedure: (input: Input) => Promise<Output>,
  sent: Record<string, unknown>,
  fromPath: Partial<NoInfer<Input>> = {},
): Promise<Output> {
  return procedure({ ...sent, ...fromPath } as Input);
}

/**
 * SPEC.md §7 (and the few additions of DESIGN.md), each path onto the tRPC procedure that
 * implements it: one implementation, two surfaces. Order matters where a literal segment
 * (`/api/events/recent`) would also match a parameter (`/api/events/:id`).
 */
export const routes: RestRoute[] = [
  route('GET', '/api/health', (api) => api.health.check()),
  route('POST', '/api/auth/login', (api, req) => send(api.auth.login, object(req.body))),
  route('POST', '/api/auth/logout', (api) => api.auth.logout()),
  route('GET', '/api/auth/me', (api) => api.auth.me()),
  route('POST', '/api/auth/confirm', (api, req) => send(api.auth.confirm, object(req.body)), 204),
  route('POST', '/api/auth/password', (api, req) => send(api.auth.changePassword, object(req.body))),
  route('POST', '/api/auth/2fa/setup', (api) => api.twoFactor.setup()),
  route('POST', '/api/auth/2fa/enable', (api, req) => send(api.twoFactor.enable, object(req.body))),
  route('POST', '/api/auth/2fa/disable', (api, req) => send(api.twoFactor.disable, object(req.body)), 204),
  route('GET', '/api/auth/sessions', (api) => api.sessions.list()),
  route('POST', '/api/auth/sessions/revoke-others', (api) => api.sessions.revokeOthers(), 204),
  route('DELETE', '/api/auth/sessions/:id', (api, req) => api.sessions.delete({ id: req.params.id }), 204),
  route('GET', '/api/tokens', (api) => api.tokens.list()),
  route('POST', '/api/tokens', (api, req) => send(api.tokens.create, object(req.body)), 201),
  route('GET', '/api/users', (api) => api.users.list()),
  route('POST', '/api/users', (api, req) => send(api.users.invite, object(req.body)), 201),
  route('POST', '/api/users/:id/disable', (api, req) => api.users.disable({ id: req.params.id }), 204),
  route('POST', '/api/users/:id/enable', (api, req) => api.users.enable({ id: req.params.id }), 204),
  route('POST', '/api/users/:id/reset', (api, req) => api.users.reset({ id: req.params.id })),
  route('DELETE', '/api/users/:id', (api, req) => api.users.delete({ id: req.params.id }), 204),
  route('POST', '/api/auth/accept-invite', (api, req) => send(api.auth.acceptInvite, object(req.body)), 201),
  route('GET', '/api/security-settings', (api) => api.users.securityPolicy()),
  route('PUT', '/api/security-settings', (api, req) => send(api.users.saveSecurityPolicy, object(req.body))),
  route('DELETE', '/api/tokens/:id', (api, req) => api.tokens.delete({ id: req.params.id }), 204),

  route('GET', '/api/dashboard/stats', (api) => api.dashboard.stats()),
  route('GET', '/api/dashboard/top-events', (api) => api.dashboard.topEvents()),

  // GET /api/events and /api/events-with-details are streamed: stream-routes.ts.
  route('GET', '/api/events/recent', (api, req) => api.events.recent({ limit: req.query.limit })),
  route('POST', '/api/events', (api, req) => send(api.events.create, object(req.body)), 201),
  route('GET', '/api/events/:id', (api, req) => api.events.get({ id: req.params.id })),
  route('PUT', '/api/events/:id', (api, req) => send(api.events.update, object(req.body), { id: req.params.id })),
  route('POST', '/api/events/:id/views', (api, req) => send(api.events.addViews, object(req.body), { id: req.params.id })),
  route('POST', '/api/events/:id/archive', (api, req) => send(api.events.archive, object(req.body), { id: req.params.id })),
  route('POST', '/api/events/:id/unarchive', (api, req) => send(api.events.unarchive, object(req.body), { id: req.params.id })),
  // A DELETE has no body: the version loaded, when sent, is `?version=N`.
  route(
    'DELETE',
    '/api/events/:id',
    (api, req) => api.events.delete({ id: req.params.id, ...(req.query.version ? { version: Number(req.query.version) } : {}) }),
    204,
  ),
  route('GET', '/api/events/:id/seo', (api, req) => api.seo.get({ id: req.params.id })),
  route('POST', '/api/events/:id/seo', (api, req) => send(api.seo.save, object(req.body), { eventId: req.params.id })),
  route('GET', '/api/events/:id/cta', (api, req) => api.cta.get({ id: req.params.id })),
  route('POST', '/api/events/:id/cta', (api, req) => send(api.cta.save, object(req.body), { eventId: req.params.id })),
  route('GET', '/api/events/:id/content-blocks', async (api, req) => (await api.contentBlocks.get({ id: req.params.id })).blocks),
  // SPEC sends the bare array; `{ blocks, version }` also works, for a save that must not overwrite.
  route('POST', '/api/events/:id/content-blocks', async (api, req) => {
    const sent = Array.isArray(req.body) ? { blocks: req.body } : object(req.body);
    return (await send(api.contentBlocks.save, sent, { eventId: req.params.id })).blocks;
  }),

  // GET /api/customers, /api/transactions and the exports are streamed: stream-routes.ts.
  route('POST', '/api/customers', (api, req) => send(api.customers.create, object(req.body)), 201),
  route('GET', '/api/customers/:id', (api, req) => api.customers.get({ id: req.params.id })),
  route('PUT', '/api/customers/:id', (api, req) => send(api.customers.update, object(req.body), { id: req.params.id })),
  // A DELETE has no body: `?version=N` refuses it (409) if someone saved in between.
  route(
    'DELETE',
    '/api/customers/:id',
    (api, req) =>
      send(api.customers.delete, req.query.version === undefined ? {} : { version: Number(req.query.version) }, { id: req.params.id }),
    204,
  ),
  route('POST', '/api/customers/:id/erase', (api, req) => send(api.customers.erase, object(req.body), { id: req.params.id })),
  route('GET', '/api/customers/:id/purchases', (api, req) => api.customers.transactions({ id: req.params.id })),
  route('GET', '/api/customers/:id/addresses', (api, req) => api.customers.addresses({ id: req.params.id })),
  route(
    'POST',
    '/api/customers/:id/addresses',
    (api, req) => send(api.customers.createAddress, object(req.body), { customerId: req.params.id }),
    201,
  ),

  route('GET', '/api/transactions/totals', (api) => api.transactions.totals()),
  // The writes a client may retry take an Idempotency-Key header (docs/api.md).
  route('POST', '/api/transactions', (api, req) => send(api.transactions.create, object(req.body), keyed(req)), 201),
  route('POST', '/api/transactions/bulk', (api, req) => send(api.transactions.bulk, object(req.body), keyed(req))),
  route('GET', '/api/transactions/:id', (api, req) => api.transactions.get({ id: req.params.id })),
  route('POST', '/api/transactions/:id/status', (api, req) =>
    send(api.transactions.updateStatus, object(req.body), { id: req.params.id, ...keyed(req) }),
  ),
  route(
    'POST',
    '/api/transactions/:id/refunds',
    (api, req) => send(api.transactions.createRefund, object(req.body), { id: req.params.id, ...keyed(req) }),
    201,
  ),

  route('GET', '/api/audit', (api, req) =>
    send(api.audit.list, {
      entity: req.query.entity || undefined,
      id: req.query.id || undefined,
      actor: req.query.actor || undefined,
      limit: req.query.limit || undefined,
      cursor: req.query.cursor || undefined,
      notable: req.query.notable === undefined ? undefined : req.query.notable === 'true',
    }),
  ),

  route('GET', '/api/reports/sales', (api, req) =>
    api.reports.sales({ from: req.query.from, to: req.query.to, eventId: req.query.eventId || undefined }),
  ),

  route('GET', '/api/webhooks', (api) => api.webhooks.list()),
  route('POST', '/api/webhooks', (api, req) => send(api.webhooks.create, object(req.body)), 201),
  route('PUT', '/api/webhooks/:id', (api, req) => send(api.webhooks.update, object(req.body), { id: req.params.id })),
  route('DELETE', '/api/webhooks/:id', (api, req) => api.webhooks.delete({ id: req.params.id }), 204),
  route('POST', '/api/webhooks/:id/test', (api, req) => api.webhooks.test({ id: req.params.id }), 202),
  route('POST', '/api/webhooks/:id/rotate-secret', (api, req) => api.webhooks.rotateSecret({ id: req.params.id })),
  route('GET', '/api/webhooks/:id/deliveries', (api, req) =>
    send(api.webhooks.deliveries, { limit: req.query.limit || undefined, cursor: req.query.cursor || undefined }, { id: req.params.id }),
  ),
  route(
    'POST',
    '/api/webhooks/:id/deliveries/:deliveryId/retry',
    (api, req) => api.webhooks.retry({ id: req.params.id, deliveryId: req.params.deliveryId }),
    202,
  ),

  route('GET', '/api/app-settings', (api) => api.settings.get()),
  route('POST', '/api/app-settings', (api, req) => send(api.settings.save, object(req.body))),
];
