import { route } from '../row.ts';

/**
 * An event's ticket types and what is left to sell. `/api/events/:id/ticket-types/order` is a
 * path of its own; a type is named by its id alone once made (`/api/ticket-types/:id`).
 */
export const ticketTypeRoutes = [
  route('GET', '/api/events/:id/ticket-types', 'ticketTypes.list', {
    fromPath: { id: 'eventId' },
    doc: {
      operationId: 'listTicketTypes',
      tag: 'Tickets',
      summary: "An event's ticket types",
      answer: 'In display order, with what each has sold, held and left.',
    },
  }),
  route('POST', '/api/events/:id/ticket-types', 'ticketTypes.create', {
    status: 201,
    fromPath: { id: 'eventId' },
    idempotent: true,
    doc: {
      operationId: 'createTicketType',
      tag: 'Tickets',
      summary: 'Add a ticket type',
      description:
        "`price` takes the amounts' rules (`$25.00` text or dollars; 0 is a free ticket); `quantity` null or left out: no limit of its own; per-order limits 1 and 10 unless told. Last in display order.",
      answer: 'The new ticket type.',
      errors: [409],
    },
  }),
  route('POST', '/api/events/:id/ticket-types/order', 'ticketTypes.reorder', {
    fromPath: { id: 'eventId' },
    doc: {
      operationId: 'reorderTicketTypes',
      tag: 'Tickets',
      summary: "Reorder an event's ticket types",
      description: '`ids`: every type of the event, once each, in the new display order.',
      answer: 'The types in their new order.',
    },
  }),
  route('GET', '/api/events/:id/availability', 'ticketTypes.availability', {
    fromPath: { id: 'eventId' },
    doc: {
      operationId: 'eventAvailability',
      tag: 'Tickets',
      summary: 'What is left to sell',
      description: "The event's capacity and each type's figures, exact at the moment of the read; a lapsed hold's tickets count as free.",
      answer: 'The figures.',
    },
  }),
  route('PUT', '/api/ticket-types/:id', 'ticketTypes.update', {
    doc: {
      operationId: 'updateTicketType',
      tag: 'Tickets',
      summary: 'Edit a ticket type',
      description:
        'Fields left out keep their values; null clears a quantity or a sales date. A stale `version`, or a quantity below what is sold and held, is 409 (nothing changed).',
      answer: 'The type as saved, with its figures.',
      errors: [409],
    },
  }),
  route('DELETE', '/api/ticket-types/:id', 'ticketTypes.remove', {
    status: 204,
    // A DELETE has no body: the version loaded, when sent, is `?version=N`.
    call: (remove, req) => remove({ id: req.params.id, ...(req.query.version ? { version: Number(req.query.version) } : {}) }),
    doc: {
      operationId: 'deleteTicketType',
      tag: 'Tickets',
      summary: 'Delete a ticket type that never sold',
      description: 'One that ever sold or held a ticket is 409: end its sales instead.',
      answer: 'Deleted.',
      errors: [409],
    },
  }),
];
