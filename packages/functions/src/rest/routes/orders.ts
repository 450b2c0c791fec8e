import { route } from '../row.ts';

/** Orders of tickets, and holds for a storefront's checkout. The writes take an Idempotency-Key (docs/api.md). */
export const orderRoutes = [
  route('POST', '/api/orders', 'orders.create', {
    status: 201,
    idempotent: true,
    doc: {
      operationId: 'createOrder',
      tag: 'Orders',
      summary: 'Order tickets',
      description:
        'Lines of `{ticketTypeId, quantity, attendees?}`; `status` `completed` (default) or `pending`. A transaction like any other, its `amount` the subtotal plus the service fee. Refused (nothing recorded) when not enough tickets are left, a type or the event is not on sale (409), or a line breaks a rule (400).',
      answer: 'The order with its tickets.',
      errors: [404, 409],
    },
  }),
  route('POST', '/api/holds', 'holds.create', {
    status: 201,
    idempotent: true,
    doc: {
      operationId: 'createHold',
      tag: 'Orders',
      summary: 'Hold tickets for a checkout',
      description:
        '`minutes` 1 to 60 (10 unless told). Refused as an order would be. The tickets are on sale again within 5 s of `expiresAt`.',
      answer: 'The hold.',
      errors: [404, 409],
    },
  }),
  route('GET', '/api/holds/:id', 'holds.get', {
    doc: { operationId: 'getHold', tag: 'Orders', summary: 'One hold', answer: 'The hold.', errors: [404] },
  }),
  route('DELETE', '/api/holds/:id', 'holds.release', {
    status: 204,
    doc: {
      operationId: 'releaseHold',
      tag: 'Orders',
      summary: 'Release a hold',
      description: 'Its tickets are on sale again at once. Safe to repeat; a confirmed hold is 409.',
      answer: 'Released.',
      errors: [404, 409],
    },
  }),
  route('POST', '/api/holds/:id/confirm', 'holds.confirm', {
    status: 201,
    idempotent: true,
    doc: {
      operationId: 'confirmHold',
      tag: 'Orders',
      summary: 'Confirm a hold into an order',
      description:
        '`{customerId, paymentMethod, status?, attendees?}` (`attendees` fill the tickets in order). Never refused for lack of tickets; an expired hold, or one released or confirmed, is 409.',
      answer: 'The order with its tickets.',
      errors: [404, 409],
    },
  }),
];
