import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { conditional } from '../db/write.ts';
import { randomBytes } from 'node:crypto';
import type { Db } from '../db/client.ts';
import { keys } from '../db/keys.ts';
import { queryAll, queryPage, stripKeys } from '../db/query.ts';
import type { DeliveryInfo, WebhookInfo } from './webhook.schema.ts';

/** An endpoint as stored: its secret beside it (the sender signs with it; the API never shows it again). */
export interface WebhookItem extends WebhookInfo {
  secret: string;
  version: number;
  /** when its deliveries began failing without a success since: 24 hours of it turns it off */
  failingSince?: string;
  /** the member who added it, by id (createdBy names them) */
  createdById?: string;
  /** the secret before the last rotation, still signed with until `previousSecretUntil` */
  previousSecret?: string;
  previousSecretUntil?: string;
}

export const newSecret = () => `whsec_${randomBytes(24).toString('base64')}`;

export function webhookFromItem(item: Record<string, unknown>): WebhookInfo {
  const {
    secret: _s,
    previousSecret: _p,
    previousSecretUntil: _u,
    version: _v,
    failingSince: _f,
    createdById: _c,
    ...info
  } = stripKeys(item) as unknown as WebhookItem;
  return { ...info, disabledReason: info.disabledReason ?? null, createdBy: info.createdBy ?? null };
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

/** What is due by `now` in one partition of a due index (deliveries, announcements, bodies to drop), oldest first, a page from `after`. */
export async function dueItems(db: Db, partition: string, now: Date, limit: number, after?: Record<string, unknown>) {
  const result = await db.doc.send(
    new QueryCommand({
      TableName: db.tableName,
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk <= :now',
      ExpressionAttributeValues: { ':pk': partition, ':now': `${now.toISOString()}~` },
      ExclusiveStartKey: after,
      Limit: limit,
    }),
  );
  return { items: result.Items ?? [], after: result.LastEvaluatedKey };
}

/**
 * Takes a due item by moving its due time on to `gsi1sk`, conditional on the one seen: of two
 * senders one wins, and one that stops midway is taken over once that time comes.
 */
export function moveDue(db: Db, item: Record<string, unknown>, gsi1sk: string) {
  const move = { UpdateExpression: 'SET gsi1sk = :until', ConditionExpression: 'gsi1sk = :seen' };
  const values = { ':until': gsi1sk, ':seen': item.gsi1sk };
  return conditional(
    db.doc.send(
      new UpdateCommand({ TableName: db.tableName, Key: { pk: item.pk, sk: item.sk }, ...move, ExpressionAttributeValues: values }),
    ),
  );
}
