import { router } from '../init.ts';
import { auditRouter } from './audit.ts';
import { authRouter } from './auth.ts';
import { contentBlocksRouter } from './content-blocks.ts';
import { ctaRouter } from './cta.ts';
import { customersRouter } from './customers.ts';
import { dashboardRouter } from './dashboard.ts';
import { eventsRouter } from './events.ts';
import { healthRouter } from './health.ts';
import { exportsRouter } from './exports.ts';
import { holdsRouter, ordersRouter } from './orders.ts';
import { reportsRouter } from './reports.ts';
import { seoRouter } from './seo.ts';
import { sessionsRouter } from './sessions.ts';
import { settingsRouter } from './settings.ts';
import { ticketTypesRouter } from './ticket-types.ts';
import { checkInsRouter, ticketsRouter } from './tickets.ts';
import { tokensRouter } from './tokens.ts';
import { transactionsRouter } from './transactions.ts';
import { twoFactorRouter } from './two-factor.ts';
import { usersRouter } from './users.ts';
import { webhooksRouter } from './webhooks.ts';

export const appRouter = router({
  auth: authRouter,
  twoFactor: twoFactorRouter,
  sessions: sessionsRouter,
  tokens: tokensRouter,
  users: usersRouter,
  health: healthRouter,
  dashboard: dashboardRouter,
  events: eventsRouter,
  seo: seoRouter,
  cta: ctaRouter,
  contentBlocks: contentBlocksRouter,
  ticketTypes: ticketTypesRouter,
  customers: customersRouter,
  transactions: transactionsRouter,
  orders: ordersRouter,
  holds: holdsRouter,
  tickets: ticketsRouter,
  checkIns: checkInsRouter,
  settings: settingsRouter,
  audit: auditRouter,
  reports: reportsRouter,
  exports: exportsRouter,
  webhooks: webhooksRouter,
});

/** The only thing the web app imports from the server: its type. */
export type AppRouter = typeof appRouter;
