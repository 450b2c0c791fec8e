import type { Db } from '@event-admin/core/db/client';
import * as Customer from '@event-admin/core/customer/index';
import * as Event from '@event-admin/core/event/index';
import * as Seo from '@event-admin/core/seo/index';
import * as Export from '@event-admin/core/export/index';
import { customerData } from '@event-admin/core/export/customer-data';
import * as Transaction from '@event-admin/core/transaction/index';
import type { createCaller } from '../trpc/caller.ts';
import { send, type RestRequest } from './routes.ts';

type Api = ReturnType<typeof createCaller>;

/** What a streamed route answers: a JSON array written a page at a time, one bounded page, or CSV lines. */
export type Streamed =
  | { kind: 'json-array'; pages: AsyncIterable<unknown[]> }
  | { kind: 'json-page'; items: unknown[]; nextCursor: string | null }
  | { kind: 'csv'; filename: string; lines: AsyncIterable<string> }
  | { kind: 'json-file'; filename: string; chunks: AsyncIterable<string> };

export interface StreamRoute {
  method: 'GET';
  path: string;
  /** Runs after the sign-in check (the same base procedure as every other route). */
  stream: (api: Api, db: Db, req: RestRequest) => Promise<Streamed>;
}

/**
 * A whole list of SPEC.md §7: streamed as a JSON array by default, or one page with `limit`
 * (and `cursor`), through the procedure that validates them.
 */
function wholeList(
  path: string,
  pages: (db: Db) => AsyncIterable<unknown[]>,
  page: (api: Api, input: Record<string, unknown>) => Promise<{ items: unknown[]; nextCursor: string | null }>,
): StreamRoute {
  return {
    method: 'GET',
    path,
    stream: async (api, db, req) => {
      if (req.query.limit === undefined && req.query.cursor === undefined) return { kind: 'json-array', pages: pages(db) };
      return { kind: 'json-page', ...(await page(api, { limit: req.query.limit ?? '', cursor: req.query.cursor })) };
    },
  };
}

/** The routes whose answers are written as they are read: whole lists, exports and a customer's data. */
export const streamRoutes: StreamRoute[] = [
  wholeList('/api/events', Event.listPages, (api, input) => send(api.events.list, input)),
  wholeList('/api/events-with-details', Seo.listWithDetailsPages, (api, input) => send(api.events.listWithDetails, input)),
  wholeList('/api/customers', Customer.listPages, (api, input) => send(api.customers.list, input)),
  wholeList('/api/transactions', Transaction.listPages, (api, input) => send(api.transactions.list, input)),
  {
    method: 'GET',
    path: '/api/exports/transactions.csv',
    stream: async (api, db, req) => {
      // An empty field (a form's blank date) means no filter.
      const sent = Object.fromEntries(['from', 'to', 'status', 'eventId'].map((name) => [name, req.query[name] || undefined]));
      const filters = await send(api.exports.transactionsFilters, sent);
      return { kind: 'csv', ...(await Export.transactionsCsv(db, filters)) };
    },
  },
  { method: 'GET', path: '/api/exports/customers.csv', stream: async (_api, db) => ({ kind: 'csv', ...(await Export.customersCsv(db)) }) },
  {
    method: 'GET',
    path: '/api/customers/:id/export',
    // The customer is read (and an unknown id answered 404) before anything is sent.
    stream: async (api, db, req) => ({ kind: 'json-file', ...customerData(db, await api.customers.get({ id: req.params.id! })) }),
  },
];
