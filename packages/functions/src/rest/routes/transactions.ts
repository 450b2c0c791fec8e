import * as Transaction from '@event-admin/core/transaction/index';
import { route } from '../row.ts';
import { streamed, wholeList } from '../stream-row.ts';

/**
 * Purchases, refunds and status changes. The writes a client may retry take an Idempotency-Key
 * header (docs/api.md). `/api/transactions/totals` comes before `/api/transactions/:id`.
 */
export const transactionRoutes = [
  wholeList('/api/transactions', 'transactions.list', Transaction.listPages, {
    operationId: 'listTransactions',
    tag: 'Transactions',
    summary: 'Every transaction',
    description: 'By date, newest first.',
    answer: 'The transactions.',
  }),
  route('GET', '/api/transactions/totals', 'transactions.totals', {
    doc: { operationId: 'transactionTotals', tag: 'Transactions', summary: "The transactions page's cards", answer: 'The totals.' },
  }),
  route('POST', '/api/transactions', 'transactions.create', {
    status: 201,
    idempotent: true,
    doc: {
      operationId: 'createTransaction',
      tag: 'Transactions',
      summary: 'Record a purchase',
      description: 'Moves every counter it affects, atomically. `amount` is `$12.34` text or a number of dollars.',
      answer: 'The new transaction.',
      errors: [404, 409],
    },
  }),
  route('POST', '/api/transactions/bulk', 'transactions.bulk', {
    idempotent: true,
    doc: {
      operationId: 'bulkTransactions',
      tag: 'Transactions',
      summary: 'Complete, fail or refund many transactions',
      description: '1 to 100 ids; `refund` needs a `reason`. Each id is done or refused on its own.',
      answer: 'Each id, in the order sent.',
    },
  }),
  route('GET', '/api/transactions/:id', 'transactions.get', {
    doc: { operationId: 'getTransaction', tag: 'Transactions', summary: 'One transaction', answer: 'The transaction with its refunds.' },
  }),
  streamed('/api/transactions/:id/tickets.pdf', {
    procedure: 'transactions.printableTickets',
    answers: 'pdf',
    // What is printed is read (and a refusal answered) before anything is sent. The PDF writer is
    // loaded on the first print, not at a cold start (it is a third of the function's bundle).
    stream: async (printable, _db, req) => {
      const tickets = await printable({ id: req.params.id! });
      const { ticketsPdf } = await import('@event-admin/core/ticket/pdf');
      return { kind: 'pdf', filename: `tickets-${tickets.transactionId}.pdf`, bytes: await ticketsPdf(tickets) };
    },
    doc: {
      operationId: 'printTickets',
      tag: 'Transactions',
      summary: "An order's printable tickets",
      description:
        "One page per valid ticket: the event's title, day, time (on the event's clock) and venue, the ticket type, the attendee, and the code as text and as a QR code. " +
        "404 `This transaction has no tickets` for a purchase that is not an order; 409 when all its tickets are void (a failed or fully refunded order's).",
      answer: 'An attachment `tickets-<id>.pdf`.',
      errors: [409],
    },
  }),
  route('POST', '/api/transactions/:id/status', 'transactions.updateStatus', {
    idempotent: true,
    doc: {
      operationId: 'updateTransactionStatus',
      tag: 'Transactions',
      summary: "Change a pending transaction's status",
      description: 'Only `pending` changes, to `completed` or `failed`; any other change, or a stale `version`, is 409.',
      answer: 'The transaction as changed.',
      errors: [409],
    },
  }),
  route('POST', '/api/transactions/:id/refunds', 'transactions.createRefund', {
    status: 201,
    idempotent: true,
    doc: {
      operationId: 'refundTransaction',
      tag: 'Transactions',
      summary: 'Refund a transaction',
      description: 'All that remains when `amount` is left out. Only `completed` or `partially_refunded` ones (else 409).',
      answer: 'The transaction with the new refund.',
      errors: [409],
    },
  }),
];
