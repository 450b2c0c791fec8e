import * as z from 'zod';
import { entityId, isHttpUrl, isoTime, logPageFields, named, pageOf, wholeCount } from '../shared.schema.ts';

/** What an endpoint can be told about: each a change the API makes, announced after it commits. */
export const webhookEventTypes = [
  'transaction.created',
  'transaction.status_changed',
  'transaction.refunded',
  'event.created',
  'event.updated',
  'event.archived',
  'event.deleted',
  'event.sold_out',
  'customer.created',
  'customer.updated',
  'customer.erased',
  'ticket.checked_in',
] as const;
export type WebhookEventType = (typeof webhookEventTypes)[number];

const url = z
  .string({ error: 'A URL is required' })
  .trim()
  .min(1, 'A URL is required')
  .max(2000, 'URLs are at most 2000 characters')
  .refine(isHttpUrl, 'The URL must start with https:// (or http:// on a local server)');
const events = z
  .array(z.enum(webhookEventTypes, { error: `Event types are ${webhookEventTypes.join(', ')}` }), { error: 'Events must be a list' })
  .min(1, 'Choose at least one event type')
  .max(webhookEventTypes.length)
  .transform((list) => [...new Set(list)]);
const description = z.string().trim().max(500, 'Descriptions are at most 500 characters');

/** The webhook endpoint form, POST /api/webhooks, webhooks.create. */
export const webhookForm = z.object({ url, events, description: description.default('') });
export type WebhookForm = z.input<typeof webhookForm>;
export const createWebhookInput = webhookForm;

/** PUT /api/webhooks/{id}, webhooks.update: only what is sent changes. */
export const updateWebhookInput = z.object({
  id: entityId,
  url: url.optional(),
  events: events.optional(),
  description: description.optional(),
  enabled: z.boolean({ error: 'Enabled is true or false' }).optional(),
});
export type UpdateWebhookInput = z.input<typeof updateWebhookInput>;

export const webhookIdInput = z.object({ id: entityId });

/** GET /api/webhooks/{id}/deliveries, webhooks.deliveries: newest first. */
export const listDeliveriesInput = z.object({
  id: entityId,
  ...logPageFields,
});

export const retryDeliveryInput = z.object({ id: entityId, deliveryId: entityId });

/** How many endpoints a team may have: each change is fanned out to every one that wants it. */
export const maxWebhookEndpoints = 100;
export const tooManyEndpoints = `At most ${maxWebhookEndpoints} webhook endpoints`;

/** Where a target may not point (loopback, private, link-local, reserved...), said at create and at send. */
export const publicAddressRequired = 'Webhook URLs must point to a public address';

/** How long a change's body is kept for its deliveries (retries end within about a day); then it is dropped. */
export const webhookBodyRetentionDays = 7;

/** After a secret is rotated, deliveries carry a signature by the old one too, this long. */
export const previousSecretHours = 24;

const webhookFields = {
  id: z.string(),
  url: z.string(),
  events: z.array(z.enum(webhookEventTypes)),
  description: z.string(),
  enabled: z.boolean(),
  /** why it was turned off by the sender (failing for 24 hours), if it was */
  disabledReason: z.string().nullable(),
  createdAt: isoTime,
  /** the member who added it (null for endpoints added before this was recorded) */
  createdBy: z.string().nullable(),
};

/** An endpoint as the API answers it; its signing secret only once, when it is created. */
export const webhookInfo = named('WebhookInfo', webhookFields);
export type WebhookInfo = z.output<typeof webhookInfo>;

export const createdWebhook = named('CreatedWebhook', {
  ...webhookFields,
  secret: z.string().regex(/^whsec_/),
});
export type CreatedWebhook = z.output<typeof createdWebhook>;

/** One announcement to one endpoint, and how its delivery went. */
export const deliveryInfo = named('DeliveryInfo', {
  id: z.string(),
  /** the `webhook-id` header: the same on every attempt */
  messageId: z.string(),
  eventType: z.enum([...webhookEventTypes, 'ping']),
  createdAt: isoTime,
  attempts: wholeCount,
  lastStatus: z.number().int().nullable(),
  lastError: z.string().nullable(),
  /** null once delivered or given up */
  nextAttemptAt: isoTime.nullable(),
  deliveredAt: isoTime.nullable(),
  failedAt: isoTime.nullable(),
});
export type DeliveryInfo = z.output<typeof deliveryInfo>;

export const deliveriesPage = named('DeliveriesPage', pageOf(deliveryInfo));

/** POST /api/webhooks/{id}/test: the ping queued, by its `webhook-id`. */
export const webhookPing = named('WebhookPing', { messageId: z.string() });
