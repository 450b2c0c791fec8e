import { maxWebhookEndpoints } from '@event-admin/core/webhook/webhook.schema';
import { route, send } from '../row.ts';

/** Webhook endpoints and their deliveries (docs/webhooks.md). */
export const webhookRoutes = [
  route('GET', '/api/webhooks', 'webhooks.list', {
    doc: {
      operationId: 'listWebhooks',
      tag: 'Webhooks',
      summary: 'Every webhook endpoint',
      description: 'Oldest first, without their secrets.',
      answer: 'The endpoints.',
    },
  }),
  route('POST', '/api/webhooks', 'webhooks.create', {
    status: 201,
    doc: {
      operationId: 'createWebhook',
      tag: 'Webhooks',
      summary: 'Add a webhook endpoint',
      description: `An account change: needs a confirmed password, never an API token. Enabled at once. At most ${maxWebhookEndpoints} endpoints (409). On AWS the URL must be https to a public address.`,
      answer: 'The endpoint, its signing secret shown this once.',
      errors: [409],
    },
  }),
  route('PUT', '/api/webhooks/:id', 'webhooks.update', {
    doc: {
      operationId: 'updateWebhook',
      tag: 'Webhooks',
      summary: 'Change a webhook endpoint',
      description: 'Needs a confirmed password. Only what is sent changes; `enabled: true` turns it back on and clears `disabledReason`.',
      answer: 'The endpoint as saved.',
    },
  }),
  route('DELETE', '/api/webhooks/:id', 'webhooks.delete', {
    status: 204,
    doc: {
      operationId: 'deleteWebhook',
      tag: 'Webhooks',
      summary: 'Delete a webhook endpoint',
      description: 'Needs a confirmed password. With its delivery log.',
      answer: 'Deleted.',
    },
  }),
  route('POST', '/api/webhooks/:id/test', 'webhooks.test', {
    status: 202,
    doc: {
      operationId: 'testWebhook',
      tag: 'Webhooks',
      summary: 'Send a ping',
      description: 'Queued and delivered (and logged) like any other announcement.',
      answer: 'Queued.',
    },
  }),
  route('POST', '/api/webhooks/:id/rotate-secret', 'webhooks.rotateSecret', {
    doc: {
      operationId: 'rotateWebhookSecret',
      tag: 'Webhooks',
      summary: 'Rotate the signing secret',
      description: 'Needs a confirmed password. For 24 hours deliveries carry a second signature, by the old secret.',
      answer: 'The endpoint with its new secret, shown this once.',
    },
  }),
  route('GET', '/api/webhooks/:id/deliveries', 'webhooks.deliveries', {
    call: (deliveries, req) =>
      send(deliveries, { limit: req.query.limit || undefined, cursor: req.query.cursor || undefined }, { id: req.params.id }),
    doc: {
      operationId: 'webhookDeliveries',
      tag: 'Webhooks',
      summary: "An endpoint's deliveries",
      answer: 'A page of deliveries, newest first.',
    },
  }),
  route('POST', '/api/webhooks/:id/deliveries/:deliveryId/retry', 'webhooks.retry', {
    status: 202,
    doc: {
      operationId: 'retryWebhookDelivery',
      tag: 'Webhooks',
      summary: 'Deliver again now',
      description:
        'Due again at once, to the URL it was meant for. Sent to a URL the endpoint has since changed to, it needs a confirmed password (never an API token); a body dropped after 7 days is a 409.',
      answer: 'Queued; the body is JSON `null`.',
      errors: [409],
    },
  }),
];
