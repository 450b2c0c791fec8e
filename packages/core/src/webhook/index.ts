import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { auditPut, memberActor, type MemberActor } from '../audit/audit.repo.ts';
import type { Db } from '../db/client.ts';
import { keys } from '../db/keys.ts';
import { failedConditions, transact } from '../db/write.ts';
import { DomainError, notFound } from '../error.ts';
import { fn, type Actor } from '../fn.ts';
import { notSent } from './deliver.ts';
import { requireEndpoint } from './endpoints.ts';
import { announcementPut, getAnnouncement } from './outbox.ts';
import { listWebhookItems, pageDeliveryItems, deliveryFromItem, webhookFromItem } from './webhook.repo.ts';
import { listDeliveriesInput, retryDeliveryInput, webhookIdInput } from './webhook.schema.ts';

export { create, update, remove as delete, rotateSecret, type EndpointChange } from './endpoints.ts';
export { webhookOutbox } from './outbox.ts';

/** GET /api/webhooks: every endpoint, oldest first, without secrets. */
export const list = async (db: Db) =>
  (await listWebhookItems(db)).map((item) => webhookFromItem(item as unknown as Record<string, unknown>));

/** POST /api/webhooks/{id}/test: a `ping` to this one endpoint, announced, delivered and logged like any other. */
export const test = fn(webhookIdInput, async (db, { id }) => {
  const endpoint = await requireEndpoint(db, id);
  const { messageId, put } = announcementPut('ping', { webhookId: endpoint.id, url: endpoint.url }, new Date(), id);
  await transact(db, [put]);
  return { messageId };
});

/** GET /api/webhooks/{id}/deliveries: the endpoint's deliveries, newest first, a page at a time. */
export const deliveries = fn(listDeliveriesInput, async (db, input) => {
  await requireEndpoint(db, input.id);
  const page = await pageDeliveryItems(db, input.id, input.limit, input.cursor);
  return { items: page.items.map(deliveryFromItem), nextCursor: page.nextCursor };
});

/**
 * Who retries: a name for the history, and a way to have a member with a confirmed password,
 * asked for only when the delivery would go to another URL than the one it was meant for.
 */
export interface RetryBy {
  actor: Actor;
  confirmed: () => Promise<MemberActor>;
}

/**
 * POST /api/webhooks/{id}/deliveries/{deliveryId}/retry: due again now, to the URL it was meant
 * for. Refused (409) when its body was dropped. When the endpoint's URL changed since, sending it
 * there is an account change: a member with a confirmed password, and a record in the history.
 */
export const retry = fn(retryDeliveryInput, async (db, input, by: RetryBy) => {
  const key = keys.webhookDelivery(input.id, input.deliveryId);
  const { Item: delivery } = await db.doc.send(new GetCommand({ TableName: db.tableName, Key: key, ConsistentRead: true }));
  if (!delivery) throw notFound('Delivery');
  const endpoint = await requireEndpoint(db, input.id);
  const hasBody = typeof delivery.body === 'string' || (await getAnnouncement(db, String(delivery.messageId))) !== undefined;
  if (!hasBody) throw new DomainError('conflict', notSent.dropped);
  const moved = typeof delivery.url === 'string' && delivery.url !== endpoint.url;
  const member = moved ? await by.confirmed() : undefined;
  const now = new Date().toISOString();
  const due = keys.deliveryDue(now, input.deliveryId);
  try {
    await transact(db, [
      {
        Update: {
          Key: key,
          UpdateExpression: `SET gsi1pk = :pk, gsi1sk = :sk, nextAttemptAt = :now${member ? ', #url = :url' : ''} REMOVE failedAt`,
          // the URL it is sent to is the one judged here
          ConditionExpression: member ? 'attribute_exists(pk) AND #url = :was' : 'attribute_exists(pk)',
          ...(member ? { ExpressionAttributeNames: { '#url': 'url' } } : {}),
          ExpressionAttributeValues: {
            ':pk': due.gsi1pk,
            ':sk': due.gsi1sk,
            ':now': now,
            ...(member ? { ':url': endpoint.url, ':was': delivery.url } : {}),
          },
        },
      },
      ...(member
        ? [
            auditPut({
              actor: memberActor(member),
              action: 'delivery_resent',
              entity: 'webhook',
              entityId: input.id,
              summary: `Sent the ${String(delivery.eventType)} delivery of ${String(delivery.createdAt)}, meant for ${String(delivery.url)}, to ${endpoint.url}`,
              address: member.address,
            }),
          ]
        : []),
    ]);
  } catch (error) {
    if (failedConditions(error)?.length) throw new DomainError('conflict', 'The delivery changed meanwhile: try again');
    throw error;
  }
});
