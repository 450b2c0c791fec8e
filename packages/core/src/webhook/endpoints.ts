import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { auditPut, memberActor, type MemberActor } from '../audit/audit.repo.ts';
import { diffFields } from '../audit/audit.rules.ts';
import type { Db } from '../db/client.ts';
import { keys } from '../db/keys.ts';
import { batchWrite, conditional, failedConditions, retry, transact, withRetry, type TransactItem } from '../db/write.ts';
import { queryAll } from '../db/query.ts';
import { DomainError, notFound } from '../error.ts';
import { fn } from '../fn.ts';
import { assertTarget, type TargetPolicy } from './target.ts';
import { forgetEndpoints, listWebhookItems, newSecret, webhookFromItem, type WebhookItem } from './webhook.repo.ts';
import {
  createWebhookInput,
  maxWebhookEndpoints,
  previousSecretHours,
  tooManyEndpoints,
  updateWebhookInput,
  webhookIdInput,
  type CreatedWebhook,
} from './webhook.schema.ts';

/**
 * An endpoint is an account change: where the team's data is sent. Who makes it (a member whose
 * password is confirmed: the API checks that) and where endpoints may point (`targets`) come
 * with every change; each is in the history (entity `webhook`), never with a secret.
 */
export interface EndpointChange {
  member: MemberActor;
  targets: TargetPolicy;
}

const change = <S extends z.ZodType, R>(schema: S, cb: (db: Db, input: z.output<S>, by: EndpointChange) => Promise<R>) => fn(schema, cb);

const record = (by: EndpointChange, action: string, id: string, summary: string, changes?: ReturnType<typeof diffFields>) =>
  auditPut({ actor: memberActor(by.member), action, entity: 'webhook', entityId: id, summary, changes, address: by.member.address });

export async function requireEndpoint(db: Db, id: string) {
  const { Item } = await db.doc.send(new GetCommand({ TableName: db.tableName, Key: keys.webhook(id), ConsistentRead: true }));
  if (!Item) throw notFound('Webhook');
  return Item as WebhookItem;
}

/** The endpoints' counter, made from the list the first time (a table from before the cap). */
async function ensureCounter(db: Db) {
  const key = keys.webhookCount();
  const { Item } = await db.doc.send(new GetCommand({ TableName: db.tableName, Key: key, ConsistentRead: true }));
  if (Item) return;
  const endpoints = (await listWebhookItems(db)).length;
  const put = new PutCommand({ TableName: db.tableName, Item: { ...key, endpoints }, ConditionExpression: 'attribute_not_exists(pk)' });
  await conditional(db.doc.send(put));
}

/** The counter's move, in the change's transaction; adding is conditional on the cap. */
const countMove = (by: 1 | -1) => ({
  Update: {
    Key: keys.webhookCount(),
    UpdateExpression: 'SET endpoints = endpoints + :by',
    ...(by === 1 ? { ConditionExpression: 'endpoints < :max' } : {}),
    ExpressionAttributeValues: { ':by': by, ...(by === 1 ? { ':max': maxWebhookEndpoints } : {}) },
  },
});

/** POST /api/webhooks: a new endpoint, enabled, with its signing secret shown this once; at most maxWebhookEndpoints. */
export const create = change(createWebhookInput, async (db, input, by): Promise<CreatedWebhook> => {
  await assertTarget(input.url, by.targets);
  await ensureCounter(db);
  const id = randomUUID();
  const createdAt = new Date().toISOString();
  const item: WebhookItem = {
    id,
    ...input,
    enabled: true,
    disabledReason: null,
    createdAt,
    createdBy: by.member.username,
    createdById: by.member.userId,
    secret: newSecret(),
    version: 1,
  };
  try {
    await transact(db, [
      countMove(1),
      {
        Put: {
          Item: { ...keys.webhook(id), ...keys.webhooksByCreated(createdAt, id), ...item },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      record(
        by,
        'create',
        id,
        `Added the webhook ${input.url}`,
        diffFields(undefined, { ...input, events: input.events.join(', ') }, ['url', 'events']),
      ),
    ]);
  } catch (error) {
    if (failedConditions(error)?.includes(0)) throw new DomainError('conflict', tooManyEndpoints);
    throw error;
  }
  forgetEndpoints(db);
  return { ...webhookFromItem(item as unknown as Record<string, unknown>), secret: item.secret };
});

const shown = (item: Record<string, unknown>) => ({ ...item, events: ((item.events ?? []) as string[]).join(', ') });

/** PUT /api/webhooks/{id}: what is sent changes; turning an endpoint back on clears why it was off and its run of failures. */
/**
 * Changes an endpoint as `change` makes it from the one read, with its history records, conditional on
 * the version read (a change meanwhile: read again and change that).
 */
function changeEndpoint(db: Db, id: string, change: (before: WebhookItem) => { after: WebhookItem; records: TransactItem[] }) {
  return withRetry(async () => {
    const before = await requireEndpoint(db, id);
    const { after, records } = change(before);
    const put = {
      Item: { ...after, version: before.version + 1 },
      ConditionExpression: 'version = :v',
      ExpressionAttributeValues: { ':v': before.version },
    };
    try {
      await transact(db, [{ Put: put }, ...records]);
    } catch (error) {
      if (failedConditions(error)?.length) return retry;
      throw error;
    }
    forgetEndpoints(db);
    return after;
  });
}

/** PUT /api/webhooks/{id}: what is sent changes; turning an endpoint back on clears why it was off and its run of failures. */
export const update = change(updateWebhookInput, async (db, input, by) => {
  await assertTarget(input.url, by.targets);
  const { id, ...changes } = input;
  const after = await changeEndpoint(db, id, (before) => {
    const next = { ...before, ...Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)) } as WebhookItem;
    if (changes.enabled === true) {
      next.disabledReason = null;
      delete next.failingSince;
    }
    const diff = diffFields(shown(before as never), shown(next as never), ['url', 'events', 'description', 'enabled']);
    return { after: next, records: diff.length ? [record(by, 'update', id, `Changed the webhook ${next.url}`, diff)] : [] };
  });
  return webhookFromItem(after as unknown as Record<string, unknown>);
});

/** DELETE /api/webhooks/{id}: the endpoint and its delivery log. */
export const remove = change(webhookIdInput, async (db, { id }, by) => {
  const endpoint = await requireEndpoint(db, id);
  await ensureCounter(db);
  try {
    await transact(db, [
      { Delete: { Key: keys.webhook(id), ConditionExpression: 'attribute_exists(pk)' } },
      countMove(-1),
      record(by, 'delete', id, `Deleted the webhook ${endpoint.url}`),
    ]);
  } catch (error) {
    if (failedConditions(error)?.includes(0)) throw notFound('Webhook');
    throw error;
  }
  forgetEndpoints(db);
  const log = await queryAll(db, { KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': keys.webhook(id).pk } });
  await batchWrite(
    db,
    log.map((item) => ({ DeleteRequest: { Key: { pk: String(item.pk), sk: String(item.sk) } } })),
  );
});

/**
 * POST /api/webhooks/{id}/rotate-secret: a new signing secret, shown this once. For
 * previousSecretHours the old one signs too (a second signature in `webhook-signature`), so a
 * receiver switches without losing a delivery.
 */
export const rotateSecret = change(webhookIdInput, async (db, { id }, by): Promise<CreatedWebhook> => {
  const after = await changeEndpoint(db, id, (before) => {
    const until = new Date(Date.now() + previousSecretHours * 3_600_000).toISOString();
    const summary = `Rotated the signing secret of the webhook ${before.url}; the old one signs too until ${until}`;
    return {
      after: { ...before, secret: newSecret(), previousSecret: before.secret, previousSecretUntil: until },
      records: [record(by, 'secret_rotated', id, summary)],
    };
  });
  return { ...webhookFromItem(after as unknown as Record<string, unknown>), secret: after.secret };
});
