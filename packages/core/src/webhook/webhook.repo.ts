import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { randomBytes, randomUUID } from 'node:crypto';
import type { Db } from '../db/client.ts';
import { keys } from '../db/keys.ts';
import { queryAll, queryPage, stripKeys } from '../db/query.ts';
import type { TransactItem } from '../db/write.ts';
import type { DeliveryInfo, WebhookEventType, WebhookInfo } from './webhook.schema.ts';

/** An endpoint as stored: its secret beside it (the sender signs with it; the API never shows it again). */
export interface WebhookItem extends WebhookInfo {
  secret: string;
  version: number;
  /** when its deliveries began failing without a success since: 24 hours of it turns it off */
  failingSince?: string;
}

export const newSecret = () => `whsec_${randomBytes(24).toString('base64')}`;

export function webhookFromItem(item: Record<string, unknown>): WebhookInfo {
  const { secret: _secret, version: _version, failingSince: _failing, ...info } = stripKeys(item) as unknown as WebhookItem;
  return { ...info, disabledReason: info.disabledReason ?? null };
}

export function deliveryFromItem(item: Record<string, unknown>): DeliveryInfo {
  const d = item as Record<string, unknown>;
  const text = (name: string) => (typeof d[name] === 'string' ? (d[name] as string) : null);
  return {
    id: String(d.id),
    messageId: String(d.messageId),
    eventType: d.eventType as DeliveryInfo['eventType'],
    createdAt: String(d.createdAt),
    attempts: Number(d.attempts ?? 0),
    lastStatus: typeof d.lastStatus === 'number' ? d.lastStatus : null,
    lastError: text('lastError'),
    nextAttemptAt: text('nextAttemptAt'),
    deliveredAt: text('deliveredAt'),
    failedAt: text('failedAt'),
  };
}

/** Every endpoint, oldest first (a handful: read whole). */
export async function listWebhookItems(db: Db) {
  const items = await queryAll(db, {
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.webhooksByCreated('', '').gsi1pk },
  });
  return items as unknown as WebhookItem[];
}

/** How long a process trusts its copy of the endpoints: a new or changed one is used within this. */
export const endpointsCacheMs = 2000;
const cached = new WeakMap<Db, { at: number; endpoints: Promise<WebhookItem[]> }>();

/** The endpoints, from this process's copy when fresh: every write asks which endpoints want it. */
export function currentEndpoints(db: Db, now = Date.now()) {
  const hit = cached.get(db);
  if (hit && now - hit.at < endpointsCacheMs) return hit.endpoints;
  const endpoints = listWebhookItems(db).catch((error: unknown) => {
    cached.delete(db);
    throw error;
  });
  cached.set(db, { at: now, endpoints });
  return endpoints;
}

/** After an endpoint changes here: this process reads them again at once. */
export const forgetEndpoints = (db: Db) => void cached.delete(db);

/** A delivery's id: sorts by creation (the log reads newest first), unique by its random tail. */
export const deliveryId = (now: Date) => `d${now.getTime().toString(36).padStart(10, '0')}${randomUUID().replace(/-/g, '').slice(0, 12)}`;

/** The body an endpoint receives, as sent on every attempt (Standard Webhooks' shape). */
export const webhookBody = (type: string, data: unknown, now: Date) => JSON.stringify({ type, timestamp: now.toISOString(), data });

/** The Put of one delivery, due now: it rides in the transaction of the change it announces. */
export function deliveryPut(endpointId: string, messageId: string, type: WebhookEventType | 'ping', body: string, now: Date): TransactItem {
  const id = deliveryId(now);
  const at = now.toISOString();
  return {
    Put: {
      Item: {
        ...keys.webhookDelivery(endpointId, id),
        ...keys.deliveryDue(at, id),
        id,
        endpointId,
        messageId,
        eventType: type,
        body,
        createdAt: at,
        nextAttemptAt: at,
        attempts: 0,
      },
    },
  };
}

/**
 * The outbox of a change: one delivery per enabled endpoint that wants `type`, to ride in the
 * same TransactWriteItems as the change, so a change that fails announces nothing and one that
 * commits is announced even if the process stops right after. No endpoint wants it: nothing.
 */
export async function webhookOutbox(db: Db, type: WebhookEventType, data: unknown, now = new Date()): Promise<TransactItem[]> {
  return announce(await currentEndpoints(db), type, data, now);
}

/** webhookOutbox with the endpoints already read: for a write that builds its transaction in a callback. */
export function announce(endpoints: readonly WebhookItem[], type: WebhookEventType, data: unknown, now = new Date()): TransactItem[] {
  const wanting = endpoints.filter((e) => e.enabled && e.events.includes(type));
  if (!wanting.length) return [];
  const messageId = `msg_${randomUUID().replace(/-/g, '')}`;
  const body = webhookBody(type, data, now);
  return wanting.map((endpoint) => deliveryPut(endpoint.id, messageId, type, body, now));
}

/** One page of an endpoint's delivery log, newest first. */
export function pageDeliveryItems(db: Db, endpointId: string, limit: number, cursor?: string | null) {
  return queryPage(
    db,
    {
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': keys.webhook(endpointId).pk, ':prefix': keys.deliveryPrefix },
      ScanIndexForward: false,
      Limit: limit,
    },
    cursor,
  );
}

/** The deliveries due by `now` in one shard of the due index, oldest due first. */
export async function dueDeliveryItems(db: Db, partition: string, now: Date, limit: number) {
  const result = await db.doc.send(
    new QueryCommand({
      TableName: db.tableName,
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk <= :now',
      ExpressionAttributeValues: { ':pk': partition, ':now': `${now.toISOString()}~` },
      Limit: limit,
    }),
  );
  return result.Items ?? [];
}
