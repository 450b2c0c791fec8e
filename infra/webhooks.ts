import { nodeFunction } from './runtime.ts';
import { table } from './storage.ts';

/**
 * The webhook sender (packages/functions/src/webhooks.ts): sends the deliveries that are due,
 * signed, and records each attempt. `npm start` runs the same sender in a process of its own.
 */
export const webhookSender = new sst.aws.Function('WebhookSender', {
  ...nodeFunction,
  handler: 'packages/functions/src/webhooks.handler',
  memory: '256 MB',
  timeout: '60 seconds',
  link: [table],
});

/**
 * A change's announcement wakes it at once: the table's stream, filtered to items written into
 * the outbox's due index (an announcement's first write, one per change whatever the number of
 * endpoints); the deliveries it fans out and its own updates do not wake it again.
 */
export const webhookStream = table.subscribe('WebhookDeliveries', webhookSender.arn, {
  filters: [{ eventName: ['INSERT'], dynamodb: { NewImage: { gsi1pk: { S: [{ prefix: 'WEBHOOKS_OUTBOX' }] } } } }],
});

/** Every minute: the retries, whose time comes with no write to wake the sender, and a manual retry. */
export const webhookCron = new sst.aws.Cron('WebhookCron', {
  function: webhookSender.arn,
  schedule: 'rate(1 minute)',
});
