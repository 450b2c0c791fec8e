import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from '../db/client.ts';
import { keys } from '../db/keys.ts';
import { conditional } from '../db/write.ts';
import { getAnnouncement } from './outbox.ts';
import { postSigned, type Outcome } from './post.ts';
import type { checkedAgents, TargetPolicy } from './target.ts';
import { forgetEndpoints, type WebhookItem } from './webhook.repo.ts';
import { webhookBodyRetentionDays } from './webhook.schema.ts';

/** An endpoint failing this long, without one success, is turned off (and says why). */
export const disableAfterMs = 24 * 60 * 60 * 1000;

/** Why a delivery is not sent, said in its log. */
export const notSent = {
  deleted: 'The endpoint was deleted',
  off: 'The endpoint is turned off',
  moved: "The endpoint's URL changed after this was announced: retry it to send it to the new URL",
  dropped: `Its body was dropped ${webhookBodyRetentionDays} days after the change: nothing is left to send`,
};

export interface DeliveryContext {
  schedule: number[];
  policy: TargetPolicy;
  agents: ReturnType<typeof checkedAgents>;
  timeoutMs: number;
  now: () => Date;
}

export async function getEndpoint(db: Db, id: string) {
  const { Item } = await db.doc.send(new GetCommand({ TableName: db.tableName, Key: keys.webhook(id), ConsistentRead: true }));
  return Item as WebhookItem | undefined;
}

/** The secrets a delivery is signed with: the endpoint's, and for a day after a rotation the one before it too. */
export const secretsOf = (endpoint: WebhookItem, now: Date) =>
  endpoint.previousSecret && endpoint.previousSecretUntil && Date.parse(endpoint.previousSecretUntil) > now.getTime()
    ? [endpoint.secret, endpoint.previousSecret]
    : [endpoint.secret];

/**
 * Why a delivery cannot be sent as it stands, or its body: the endpoint gone or off, its URL no
 * longer the one the delivery was meant for, or the body dropped (its time passed).
 */
export async function sendable(db: Db, item: Record<string, unknown>, endpoint: WebhookItem | undefined) {
  if (!endpoint) return { refused: notSent.deleted };
  if (!endpoint.enabled) return { refused: notSent.off };
  if (typeof item.url === 'string' && item.url !== endpoint.url) return { refused: notSent.moved };
  // deliveries written before the outbox held their body themselves
  const body = typeof item.body === 'string' ? item.body : (await getAnnouncement(db, String(item.messageId)))?.body;
  return typeof body === 'string' ? { body } : { refused: notSent.dropped };
}

/**
 * One taken delivery: sent signed to the URL it was meant for (or given up, saying why), the
 * attempt recorded, and the endpoint's run of failures updated.
 */
export async function deliverOne(db: Db, item: Record<string, unknown>, context: DeliveryContext) {
  const endpoint = await getEndpoint(db, String(item.endpointId));
  const ready = await sendable(db, item, endpoint);
  if (!ready.body) {
    await record(db, item, { status: 0, error: ready.refused! }, null, context.now());
    return;
  }
  const outcome = await postSigned(
    {
      url: endpoint!.url,
      messageId: String(item.messageId),
      body: ready.body,
      secrets: secretsOf(endpoint!, context.now()),
      at: context.now(),
    },
    { policy: context.policy, agents: context.agents, timeoutMs: context.timeoutMs },
  );
  const attempts = Number(item.attempts ?? 0) + 1;
  const wait = context.schedule[attempts - 1];
  const now = context.now();
  const next = outcome.error === null || wait === undefined ? null : new Date(now.getTime() + jittered(wait));
  await record(db, item, outcome, next, now);
  await endpointHealth(db, endpoint!, outcome.error === null, now);
}

/** A retry's delay with ±20 % jitter, so failures of one moment do not all come back at once. */
const jittered = (ms: number) => Math.round(ms * (0.8 + Math.random() * 0.4));

/**
 * Records an attempt: delivered (off the due index), given up (likewise, `failedAt`), or due
 * again later. A body a delivery from before the outbox held goes once it is done.
 */
async function record(db: Db, item: Record<string, unknown>, outcome: Outcome, next: Date | null, now: Date) {
  const at = now.toISOString();
  const common = { ':status': outcome.status || null, ':one': 1, ':at': at, ':error': outcome.error };
  const done = outcome.error === null ? 'deliveredAt' : 'failedAt';
  await db.doc.send(
    new UpdateCommand({
      TableName: db.tableName,
      Key: { pk: item.pk, sk: item.sk },
      ...(next === null
        ? {
            UpdateExpression: `SET lastStatus = :status, lastError = :error, lastAttemptAt = :at, ${done} = :at ADD attempts :one REMOVE gsi1pk, gsi1sk, nextAttemptAt, body`,
            ExpressionAttributeValues: common,
          }
        : {
            UpdateExpression:
              'SET lastStatus = :status, lastError = :error, lastAttemptAt = :at, nextAttemptAt = :next, gsi1sk = :due ADD attempts :one',
            ExpressionAttributeValues: {
              ...common,
              ':next': next.toISOString(),
              ':due': keys.deliveryDue(next.toISOString(), String(item.id)).gsi1sk,
            },
          }),
    }),
  );
}

/**
 * What an endpoint's run of failures means: the first failure marks when it began; a success
 * clears it; failing for 24 hours turns the endpoint off, saying why.
 */
async function endpointHealth(db: Db, endpoint: WebhookItem, delivered: boolean, now: Date) {
  const at = now.toISOString();
  const update = delivered
    ? endpoint.failingSince
      ? { UpdateExpression: 'REMOVE failingSince', ExpressionAttributeValues: undefined }
      : null
    : !endpoint.failingSince
      ? { UpdateExpression: 'SET failingSince = :at', ExpressionAttributeValues: { ':at': at } }
      : now.getTime() - Date.parse(endpoint.failingSince) >= disableAfterMs && endpoint.enabled
        ? {
            UpdateExpression: 'SET enabled = :off, disabledReason = :why',
            ExpressionAttributeValues: {
              ':off': false,
              ':why': `Turned off on ${at.slice(0, 10)}: every delivery failed for 24 hours`,
            },
          }
        : null;
  if (!update) return;
  // conditional: an endpoint deleted meanwhile is not written back as a bare item
  const changed = new UpdateCommand({
    TableName: db.tableName,
    Key: keys.webhook(endpoint.id),
    ConditionExpression: 'attribute_exists(pk)',
    ...update,
  });
  await conditional(db.doc.send(changed));
  forgetEndpoints(db);
}
