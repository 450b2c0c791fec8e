import { DeleteCommand, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { createHash, randomUUID } from 'node:crypto';
import type { Db } from '../db/client.ts';
import { keys } from '../db/keys.ts';
import { batchWrite, conditional, forEachLimited, type TransactItem } from '../db/write.ts';
import { batchGet } from '../db/query.ts';
import { currentEndpoints, dueItems, moveDue, type WebhookItem } from './webhook.repo.ts';
import { webhookBodyRetentionDays, type WebhookEventType } from './webhook.schema.ts';

/**
 * The outbox: a change writes ONE announcement in its own transaction, whatever the number of
 * endpoints (a transaction holds at most 100 items); the sender fans it out to the endpoints.
 * The body lives on the announcement only, so an erasure scrubs one item per change, and it is
 * dropped `webhookBodyRetentionDays` after the change.
 */
export const bodyRetentionMs = webhookBodyRetentionDays * 24 * 60 * 60 * 1000;

export type AnnouncedType = WebhookEventType | 'ping';

/** The body an endpoint receives, as sent on every attempt (Standard Webhooks' shape). */
export const webhookBody = (type: string, data: unknown, now: Date) => JSON.stringify({ type, timestamp: now.toISOString(), data });

/** The customer whose data a body holds (a customer's own, a transaction's buyer): what an erasure finds it by. */
function customerOf(type: AnnouncedType, data: unknown) {
  if (!data || typeof data !== 'object') return undefined;
  const fields = data as Record<string, unknown>;
  const id = type.startsWith('customer.') ? fields.id : fields.customerId;
  return typeof id === 'string' ? id : undefined;
}

/**
 * The Put of one announcement, due now; `endpointId` limits it to one endpoint (a ping). `about`:
 * the customer whose data it holds when the body does not name them (a ticket's attendee).
 */
export function announcementPut(type: AnnouncedType, data: unknown, now: Date, endpointId?: string, about?: string) {
  const messageId = `msg_${randomUUID().replace(/-/g, '')}`;
  const at = now.toISOString();
  const customerId = about ?? customerOf(type, data);
  const item = {
    ...keys.outbox(messageId),
    ...keys.outboxDue(at, messageId),
    ...(customerId ? { ...keys.outboxByCustomer(customerId, at, messageId), customerId } : {}),
    ...(endpointId ? { endpointId } : {}),
    messageId,
    eventType: type,
    body: webhookBody(type, data, now),
    createdAt: at,
    // DynamoDB's own expiry a day after the sweep's (infra: the table's `ttl`), should a sweep be missed
    ttl: Math.floor((now.getTime() + bodyRetentionMs) / 1000) + 24 * 60 * 60,
  };
  return { messageId, put: { Put: { Item: item } } satisfies TransactItem };
}

/** webhookOutbox with the endpoints already read: for a write that builds its transaction in a callback. */
export function announce(
  endpoints: readonly WebhookItem[],
  type: WebhookEventType,
  data: unknown,
  now = new Date(),
  about?: string,
): TransactItem[] {
  return endpoints.some((e) => e.enabled && e.events.includes(type)) ? [announcementPut(type, data, now, undefined, about).put] : [];
}

/**
 * The announcement of a change, to ride in its TransactWriteItems (so a change that fails
 * announces nothing, and one that commits is announced even if the process stops right after):
 * one item, or none when no endpoint wants `type` (this process's copy of the endpoints). `about` as
 * for announcementPut.
 */
export async function webhookOutbox(
  db: Db,
  type: WebhookEventType,
  data: unknown,
  now = new Date(),
  about?: string,
): Promise<TransactItem[]> {
  return announce(await currentEndpoints(db), type, data, now, about);
}

/** An announcement by its message id (consistent: a retry reads the body an erasure just scrubbed). */
export async function getAnnouncement(db: Db, messageId: string) {
  const { Item } = await db.doc.send(new GetCommand({ TableName: db.tableName, Key: keys.outbox(messageId), ConsistentRead: true }));
  return Item;
}

/** A delivery's id: sorts by the change's time; its tail is fixed by announcement and endpoint, so a repeated fan-out writes the same one. */
const deliveryId = (createdAt: string, messageId: string, endpointId: string) =>
  `d${Date.parse(createdAt).toString(36).padStart(10, '0')}${createHash('sha256').update(`${messageId}/${endpointId}`).digest('hex').slice(0, 12)}`;

/** Which endpoints an announcement goes to: those on that want it and were there when it was made; a ping, its one endpoint. */
export const recipients = (announcement: Record<string, unknown>, endpoints: readonly WebhookItem[]) =>
  announcement.endpointId
    ? endpoints.filter((e) => e.id === announcement.endpointId)
    : endpoints.filter(
        (e) => e.enabled && e.events.includes(announcement.eventType as WebhookEventType) && e.createdAt <= String(announcement.createdAt),
      );

/**
 * Fans one taken announcement out: a delivery per recipient, due now, holding the URL it is meant
 * for (never the body). Those already there (a fan-out repeated after a sender stopped midway)
 * are read first (one BatchGetItem) and left as they are; the rest are written in BatchWriteItem
 * calls (25 a call). Then the announcement leaves the due index for the retention sweep's.
 * Returns the deliveries written.
 */
export async function fanOut(db: Db, announcement: Record<string, unknown>, endpoints: readonly WebhookItem[], now: Date) {
  const at = now.toISOString();
  const messageId = String(announcement.messageId);
  const wanted = recipients(announcement, endpoints).map((endpoint) => {
    const id = deliveryId(String(announcement.createdAt), messageId, endpoint.id);
    return {
      ...keys.webhookDelivery(endpoint.id, id),
      ...keys.deliveryDue(at, id),
      id,
      endpointId: endpoint.id,
      messageId,
      eventType: announcement.eventType,
      url: endpoint.url,
      createdAt: announcement.createdAt,
      nextAttemptAt: at,
      attempts: 0,
    };
  });
  const there = new Set(
    (
      await batchGet(
        db,
        wanted.map(({ pk, sk }) => ({ pk, sk })),
        { consistent: true },
      )
    ).map((item) => String(item.sk)),
  );
  const written = wanted.filter((item) => !there.has(item.sk));
  await batchWrite(
    db,
    written.map((Item) => ({ PutRequest: { Item } })),
    { concurrency: 2 },
  );
  const expiresAt = new Date(Date.parse(String(announcement.createdAt)) + bodyRetentionMs).toISOString();
  const kept = keys.outboxKept(expiresAt, messageId);
  // conditional: an announcement dropped meanwhile is not written back as a bare item
  await conditional(
    db.doc.send(
      new UpdateCommand({
        TableName: db.tableName,
        Key: keys.outbox(messageId),
        UpdateExpression: 'SET gsi1pk = :pk, gsi1sk = :sk, fannedOutAt = :at',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':pk': kept.gsi1pk, ':sk': kept.gsi1sk, ':at': at },
      }),
    ),
  );
  return written;
}

/**
 * Every due announcement fanned out: each taken first (its due time moved on, conditional on the
 * one seen: of two senders one fans it out; a sender that stops midway is taken over after `holdMs`).
 */
export async function fanOutDue(db: Db, endpoints: () => Promise<readonly WebhookItem[]>, now: Date, holdMs: number, limit = 25) {
  const written: Record<string, unknown>[] = [];
  const due = await Promise.all(keys.outboxDuePartitions().map((partition) => dueItems(db, partition, now, limit)));
  await forEachLimited(
    due.flatMap((page) => page.items),
    4,
    async (announcement) => {
      const messageId = String(announcement.messageId);
      const until = keys.outboxDue(new Date(now.getTime() + holdMs).toISOString(), messageId).gsi1sk;
      if (await moveDue(db, announcement, until)) written.push(...(await fanOut(db, announcement, await endpoints(), now)));
    },
  );
  return written;
}

/** Drops the bodies past their time: the announcements deleted (a delivery still asking for one says it is gone). */
export async function sweepExpired(db: Db, now: Date, limit = 100) {
  const expired = await Promise.all(keys.outboxKeptPartitions().map((partition) => dueItems(db, partition, now, limit)));
  const items = expired.flatMap((page) => page.items);
  await forEachLimited(items, 8, async (item) => {
    await db.doc.send(new DeleteCommand({ TableName: db.tableName, Key: keys.outbox(String(item.messageId)) }));
  });
  return items.length;
}
