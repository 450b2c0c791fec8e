import type { JsonRow } from './row.ts';
import { accountRoutes } from './routes/account.ts';
import { checkInRoutes } from './routes/check-ins.ts';
import { customerRoutes } from './routes/customers.ts';
import { eventRoutes } from './routes/events.ts';
import { orderRoutes } from './routes/orders.ts';
import { reportRoutes } from './routes/reports.ts';
import { settingsRoutes } from './routes/settings.ts';
import { teamRoutes } from './routes/team.ts';
import { ticketTypeRoutes } from './routes/ticket-types.ts';
import { transactionRoutes } from './routes/transactions.ts';
import { webhookRoutes } from './routes/webhooks.ts';
import type { StreamRow } from './stream-row.ts';

export type { RestRequest, RestRoute } from './row.ts';

/**
 * SPEC.md §7 (and the additions of DESIGN.md), each path onto the tRPC procedure that implements
 * it, with its documentation: one implementation, two surfaces, one description. A route is its
 * procedure plus its row (docs/openapi.md). Within a file, a literal segment (`/api/events/recent`)
 * comes before a parameter that would also match it (`/api/events/:id`).
 */
export const table: readonly (JsonRow | StreamRow)[] = [
  ...accountRoutes,
  ...teamRoutes,
  ...eventRoutes,
  ...ticketTypeRoutes,
  ...customerRoutes,
  ...transactionRoutes,
  ...orderRoutes,
  ...checkInRoutes,
  ...reportRoutes,
  ...settingsRoutes,
  ...webhookRoutes,
];

/** The rows answered with one JSON value (or nothing): rest/adapter.ts mounts them. */
export const routes: readonly JsonRow[] = table.filter((row): row is JsonRow => 'call' in row);
