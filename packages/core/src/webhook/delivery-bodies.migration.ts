import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { keys } from '../db/keys.ts';
import { queryPages } from '../db/query.ts';
import { conditional, forEachLimited } from '../db/write.ts';
import type { Migration } from '../maintenance/migration.ts';
import { listWebhookItems } from './webhook.repo.ts';

/**
 * Data migration `delivery-bodies-v1`: deliveries written before the outbox kept their body on
 * the delivery itself, where neither the 7-day expiry nor an erasure reaches it (today's sender
 * never reads it: a retry sends the outbox's body, or says it is gone). Each such body is removed,
 * an endpoint's log a page at a time; safe to repeat and beside live writes (today's deliveries
 * hold none). Stops when out of time; the next run goes on with what still holds one.
 */
export const deliveryBodies: Migration = {
  name: 'delivery-bodies-v1',
  async run(db, { outOfTime }) {
    let updated = 0;
    for (const endpoint of await listWebhookItems(db)) {
      const pages = queryPages(db, {
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        FilterExpression: 'attribute_exists(body)',
        ExpressionAttributeValues: { ':pk': keys.webhook(endpoint.id).pk, ':prefix': keys.deliveryPrefix },
      });
      for await (const deliveries of pages) {
        await forEachLimited(deliveries, 8, async (delivery) => {
          const dropped = new UpdateCommand({
            TableName: db.tableName,
            Key: { pk: delivery.pk, sk: delivery.sk },
            UpdateExpression: 'REMOVE body',
            ConditionExpression: 'attribute_exists(pk)',
          });
          if (await conditional(db.doc.send(dropped))) updated += 1;
        });
        if (outOfTime()) return { updated, done: false };
      }
    }
    return { updated, done: true };
  },
};
