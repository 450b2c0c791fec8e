import { DeleteCommand, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import type { Db } from '../db/client.ts';
import { keys } from '../db/keys.ts';
import { batchWrite, isConditionFailure, transact } from '../db/write.ts';
import { queryAll } from '../db/query.ts';
import { notFound } from '../error.ts';
import { fn } from '../fn.ts';
import {
  deliveryFromItem,
  deliveryPut,
  forgetEndpoints,
  listWebhookItems,
  newSecret,
  pageDeliveryItems,
  webhookBody,
  webhookFromItem,
  type WebhookItem,
} from './webhook.repo.ts';
import {
  createWebhookInput,
  listDeliveriesInput,
  retryDeliveryInput,
  updateWebhookInput,
  webhookIdInput,
  type CreatedWebhook,
} from './webhook.schema.ts';

export { webhookOutbox } from './webhook.repo.ts';

/** POST /api/webhooks: a new endpoint, enabled, with its signing secret shown this once. */
export const create = fn(createWebhookInput, async (db, input): Promise<CreatedWebhook> => {
  const id = randomUUID();
  const createdAt = new Date().toISOString();
  const item: WebhookItem = { id, ...input, enabled: true, disabledReason: null, createdAt, secret: newSecret(), version: 1 };
  await transact(db, [
    {
      Put: {
        Item: { ...keys.webhook(id), ...keys.webhooksByCreated(createdAt, id), ...item },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
  ]);
  forgetEndpoints(db);
  return { ...webhookFromItem(item as unknown as Record<string, unknown>), secret: item.secret };
});

async function requireEndpoint(db: Db, id: string) {
  const { Item } = await db.doc.send(new GetCommand({ TableName: db.tableName, Key: keys.webhook(id), ConsistentRead: true }));
  if (!Item) throw notFound('Webhook');
  return Item as WebhookItem;
}

/** GET /api/webhooks: every endpoint, oldest first, without secrets. */
export const list = async (db: Db) =>
  (await listWebhookItems(db)).map((item) => webhookFromItem(item as unknown as Record<string, unknown>));

/** PUT /api/webhooks/{id}: what is sent changes; turning an endpoint back on clears why it was off and its run of failures. */
export const update = fn(updateWebhookInput, async (db, input) => {
  await requireEndpoint(db, input.id);
  const { id, ...changes } = input;
  const set = Object.entries(changes).filter(([, value]) => value !== undefined);
  const reenabled = changes.enabled === true;
  const names = Object.fromEntries(set.map(([name], i) => [`#f${i}`, name]));
  const values = Object.fromEntries(set.map(([, value], i) => [`:v${i}`, value]));
  try {
    const result = await db.doc.send(
      new UpdateCommand({
        TableName: db.tableName,
        Key: keys.webhook(id),
        UpdateExpression:
          `SET ${[...set.map((_, i) => `#f${i} = :v${i}`), 'version = version + :one'].join(', ')}` +
          (reenabled ? ', disabledReason = :none REMOVE failingSince' : ''),
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeNames: Object.keys(names).length ? names : undefined,
        ExpressionAttributeValues: { ...values, ':one': 1, ...(reenabled ? { ':none': null } : {}) },
        ReturnValues: 'ALL_NEW',
      }),
    );
    forgetEndpoints(db);
    return webhookFromItem(result.Attributes!);
  } catch (error) {
    if (isConditionFailure(error)) throw notFound('Webhook');
    throw error;
  }
});

/** DELETE /api/webhooks/{id}: the endpoint and its delivery log. */
const remove = fn(webhookIdInput, async (db, { id }) => {
  await requireEndpoint(db, id);
  await db.doc.send(new DeleteCommand({ TableName: db.tableName, Key: keys.webhook(id) }));
  forgetEndpoints(db);
  const log = await queryAll(db, { KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': keys.webhook(id).pk } });
  await batchWrite(
    db,
    log.map((item) => ({ DeleteRequest: { Key: { pk: String(item.pk), sk: String(item.sk) } } })),
  );
});
export { remove as delete };

/** POST /api/webhooks/{id}/test: a `ping`, delivered (and logged) like any other announcement. */
export const test = fn(webhookIdInput, async (db, { id }) => {
  const endpoint = await requireEndpoint(db, id);
  const now = new Date();
  const messageId = `msg_${randomUUID().replace(/-/g, '')}`;
  const body = webhookBody('ping', { webhookId: endpoint.id, url: endpoint.url }, now);
  await transact(db, [deliveryPut(id, messageId, 'ping', body, now)]);
  return { messageId };
});

/** GET /api/webhooks/{id}/deliveries: the endpoint's deliveries, newest first, a page at a time. */
export const deliveries = fn(listDeliveriesInput, async (db, input) => {
  await requireEndpoint(db, input.id);
  const page = await pageDeliveryItems(db, input.id, input.limit, input.cursor);
  return { items: page.items.map(deliveryFromItem), nextCursor: page.nextCursor };
});

/** POST /api/webhooks/{id}/deliveries/{deliveryId}/retry: due again now, whatever became of it. */
export const retry = fn(retryDeliveryInput, async (db, input) => {
  const now = new Date().toISOString();
  try {
    await db.doc.send(
      new UpdateCommand({
        TableName: db.tableName,
        Key: keys.webhookDelivery(input.id, input.deliveryId),
        UpdateExpression: 'SET gsi1pk = :pk, gsi1sk = :sk, nextAttemptAt = :now REMOVE failedAt',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ...prefixed(keys.deliveryDue(now, input.deliveryId)), ':now': now },
      }),
    );
  } catch (error) {
    if (isConditionFailure(error)) throw notFound('Delivery');
    throw error;
  }
});

const prefixed = (due: { gsi1pk: string; gsi1sk: string }) => ({ ':pk': due.gsi1pk, ':sk': due.gsi1sk });
