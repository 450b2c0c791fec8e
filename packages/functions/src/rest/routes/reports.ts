import * as Export from '@event-admin/core/export/index';
import { route, send } from '../row.ts';
import { streamed } from '../stream-row.ts';

/** What the data adds up to: the dashboard, the history, the sales report and the CSV exports. */
export const reportRoutes = [
  route('GET', '/api/dashboard/stats', 'dashboard.stats', {
    doc: { operationId: 'dashboardStats', tag: 'Dashboard', summary: 'The headline figures', answer: 'The figures.' },
  }),
  route('GET', '/api/dashboard/top-events', 'dashboard.topEvents', {
    doc: {
      operationId: 'topEvents',
      tag: 'Dashboard',
      summary: 'The five highest-converting events',
      answer: 'At most five events, highest conversion first.',
    },
  }),

  route('GET', '/api/audit', 'audit.list', {
    call: (list, req) =>
      send(list, {
        entity: req.query.entity || undefined,
        id: req.query.id || undefined,
        actor: req.query.actor || undefined,
        limit: req.query.limit || undefined,
        cursor: req.query.cursor || undefined,
        notable: req.query.notable === undefined ? undefined : req.query.notable === 'true',
      }),
    doc: {
      operationId: 'history',
      tag: 'History',
      summary: 'The change history',
      description: "Newest first: one entity's history (`entity` and `id`), one member's changes (`actor`), or the whole feed.",
      answer: 'A page of records.',
    },
  }),
  route('GET', '/api/reports/sales', 'reports.sales', {
    call: (sales, req) => sales({ from: req.query.from, to: req.query.to, eventId: req.query.eventId || undefined }),
    doc: {
      operationId: 'salesReport',
      tag: 'Reports',
      summary: 'Sales by UTC day',
      description: "Inclusive days, the last 30 to today by default, at most 366; with `eventId` that event's figures.",
      answer: 'The range and the one before it.',
      errors: [404],
    },
  }),

  streamed('/api/exports/transactions.csv', {
    procedure: 'exports.transactionsFilters',
    answers: 'csv',
    stream: async (filtersOf, db, req) => {
      // An empty field (a form's blank date) means no filter.
      const sent = Object.fromEntries(['from', 'to', 'status', 'eventId'].map((name) => [name, req.query[name] || undefined]));
      const filters = await send(filtersOf, sent);
      return { kind: 'csv', ...(await Export.transactionsCsv(db, filters)) };
    },
    doc: {
      operationId: 'exportTransactions',
      tag: 'Exports',
      summary: 'Transactions as CSV',
      description:
        '`ID,Date,Local Date,Event,Customer,Amount,Refunded,Status,Payment Method`, newest first, RFC 4180, written as it is read. ' +
        "`Date` is ISO 8601 with the business zone's offset, `Local Date` its day there; `from` and `to` are days there too. Without them: everything.",
      answer: 'An attachment `transactions-YYYY-MM-DD.csv`.',
    },
  }),
  streamed('/api/exports/customers.csv', {
    answers: 'csv',
    stream: async (_none, db) => ({ kind: 'csv', ...(await Export.customersCsv(db)) }),
    doc: {
      operationId: 'exportCustomers',
      tag: 'Exports',
      summary: 'Customers as CSV',
      description:
        '`ID,Name,Email,Phone,Created,Local Date,Purchases,Net Spent`, newest first, RFC 4180, written as it is read. ' +
        "`Created` is ISO 8601 with the business zone's offset, `Local Date` its day there.",
      answer: 'An attachment `customers-YYYY-MM-DD.csv`.',
    },
  }),
];
