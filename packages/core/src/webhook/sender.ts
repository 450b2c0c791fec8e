import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { createHmac } from 'node:crypto';
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import type { Db } from '../db/client.ts';
import { keys } from '../db/keys.ts';
import { conditional, forEachLimited } from '../db/write.ts';
import { currentEndpoints, dueDeliveryItems, forgetEndpoints, type WebhookItem } from './webhook.repo.ts';

/**
 * How long after each failed attempt the next comes (ms), the last entry ending it: about 24
 * hours in all, like the Standard Webhooks schedule. `WEBHOOK_RETRY_SCHEDULE` replaces it
 * (e.g. `1s,2s,4s` in tests).
 */
export const defaultRetrySchedule = ['5s', '1m', '5m', '30m', '2h', '5h', '8h', '8h'];

/** An endpoint failing this long, without one success, is turned off (and says why). */
export const disableAfterMs = 24 * 60 * 60 * 1000;

/** How long an endpoint has to answer. */
export const deliveryTimeoutMs = 10_000;

const units: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/** `1s,2s,4s` -> [1000, 2000, 4000]; a malformed schedule is refused at start, not at the first failure. */
export function parseRetrySchedule(text: string | undefined): number[] {
  const parts = (text?.trim() ? text.split(',') : defaultRetrySchedule).map((part) => part.trim());
  return parts.map((part) => {
    const match = /^(\d+(?:\.\d+)?)(ms|s|m|h)$/.exec(part);
    if (!match) throw new Error(`WEBHOOK_RETRY_SCHEDULE lists durations like 5s,1m,2h; "${part}" is not one`);
    return Number(match[1]) * units[match[2]!]!;
  });
}

/** Standard Webhooks' signature: `v1,` and the base64 HMAC-SHA256 of `id.timestamp.body`, keyed by the secret's bytes. */
export function signature(secret: string, messageId: string, timestamp: number, body: string) {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  return `v1,${createHmac('sha256', key).update(`${messageId}.${timestamp}.${body}`).digest('base64')}`;
}

/** Whether an address is private, loopback, link-local or otherwise not on the public internet. */
export function isPrivateAddress(address: string) {
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  if (isIP(v4) === 4) {
    const [a, b] = v4.split('.').map(Number) as [number, number];
    return (
      a === 10 ||
      a === 127 ||
      a === 0 ||
      (a === 169 && b === 254) ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      (a === 100 && b >= 64 && b <= 127) ||
      a >= 224
    );
  }
  const v6 = address.toLowerCase();
  return v6 === '::1' || v6 === '::' || v6.startsWith('fc') || v6.startsWith('fd') || v6.startsWith('fe80');
}

/**
 * Why a target may not be called, or null: on AWS only https to public addresses (resolved now,
 * so a name that re-points to an internal address after it was saved is caught at delivery);
 * with `allowPrivate` (npm start, the tests) http and loopback too.
 */
export async function targetProblem(url: string, allowPrivate: boolean): Promise<string | null> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'The URL is not valid';
  }
  if (allowPrivate) return ['http:', 'https:'].includes(parsed.protocol) ? null : 'The URL must start with http:// or https://';
  if (parsed.protocol !== 'https:') return 'The URL must start with https://';
  const host = parsed.hostname.replace(/^\[|\]$/g, '');
  const addresses = isIP(host)
    ? [host]
    : await lookup(host, { all: true }).then(
        (found) => found.map((a) => a.address),
        () => [],
      );
  if (!addresses.length) return "The URL's host does not resolve";
  if (addresses.some(isPrivateAddress)) return 'The URL must point to a public address';
  return null;
}

export interface SenderOptions {
  /** ms after each failed attempt; its length is how many retries there are */
  schedule: number[];
  allowPrivate: boolean;
  /** deliveries taken per shard and pass */
  limit?: number;
  now?: () => Date;
  fetch?: typeof fetch;
}

/** How long a sender holds a delivery it took: another sender takes it over after that (a crash mid-send). */
const holdMs = deliveryTimeoutMs + 20_000;

/** Takes a due delivery by moving its due time forward, conditional on the one seen: of two senders one wins. */
async function take(db: Db, item: Record<string, unknown>, until: Date) {
  const id = String(item.id);
  return conditional(
    db.doc.send(
      new UpdateCommand({
        TableName: db.tableName,
        Key: { pk: item.pk, sk: item.sk },
        UpdateExpression: 'SET gsi1sk = :until',
        ConditionExpression: 'gsi1sk = :seen',
        ExpressionAttributeValues: { ':until': keys.deliveryDue(until.toISOString(), id).gsi1sk, ':seen': item.gsi1sk },
      }),
    ),
  );
}

async function getEndpoint(db: Db, id: string) {
  const { Item } = await db.doc.send(new GetCommand({ TableName: db.tableName, Key: keys.webhook(id), ConsistentRead: true }));
  return Item as WebhookItem | undefined;
}

/** One POST, signed; the status (0: no answer) and, on failure, why. */
async function post(endpoint: WebhookItem, item: Record<string, unknown>, now: Date, options: SenderOptions) {
  const problem = await targetProblem(endpoint.url, options.allowPrivate);
  if (problem) return { status: 0, error: problem };
  const timestamp = Math.floor(now.getTime() / 1000);
  const body = String(item.body);
  try {
    const response = await (options.fetch ?? fetch)(endpoint.url, {
      method: 'POST',
      redirect: 'manual',
      signal: AbortSignal.timeout(deliveryTimeoutMs),
      headers: {
        'content-type': 'application/json',
        'user-agent': 'event-admin-webhooks/1',
        'webhook-id': String(item.messageId),
        'webhook-timestamp': String(timestamp),
        'webhook-signature': signature(endpoint.secret, String(item.messageId), timestamp, body),
      },
      body,
    });
    await response.body?.cancel().catch(() => undefined);
    return response.ok ? { status: response.status, error: null } : { status: response.status, error: `Answered ${response.status}` };
  } catch (error) {
    const reason = error instanceof Error && error.name === 'TimeoutError' ? 'No answer within 10 s' : 'Could not connect';
    return { status: 0, error: reason };
  }
}

/** Records an attempt: delivered (off the due index), given up (likewise, `failedAt`), or due again later. */
async function record(
  db: Db,
  item: Record<string, unknown>,
  outcome: { status: number; error: string | null },
  next: Date | null,
  now: Date,
) {
  const at = now.toISOString();
  const common = { ':status': outcome.status || null, ':one': 1, ':at': at };
  if (outcome.error === null || next === null) {
    await db.doc.send(
      new UpdateCommand({
        TableName: db.tableName,
        Key: { pk: item.pk, sk: item.sk },
        UpdateExpression: `SET lastStatus = :status, lastError = :error, lastAttemptAt = :at, ${outcome.error === null ? 'deliveredAt' : 'failedAt'} = :at ADD attempts :one REMOVE gsi1pk, gsi1sk, nextAttemptAt`,
        ExpressionAttributeValues: { ...common, ':error': outcome.error },
      }),
    );
    return;
  }
  await db.doc.send(
    new UpdateCommand({
      TableName: db.tableName,
      Key: { pk: item.pk, sk: item.sk },
      UpdateExpression:
        'SET lastStatus = :status, lastError = :error, lastAttemptAt = :at, nextAttemptAt = :next, gsi1sk = :due ADD attempts :one',
      ExpressionAttributeValues: {
        ...common,
        ':error': outcome.error,
        ':next': next.toISOString(),
        ':due': keys.deliveryDue(next.toISOString(), String(item.id)).gsi1sk,
      },
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
  await db.doc.send(new UpdateCommand({ TableName: db.tableName, Key: keys.webhook(endpoint.id), ...update }));
  forgetEndpoints(db);
}

/** A retry's delay with ±20 % jitter, so failures of one moment do not all come back at once. */
const jittered = (ms: number) => Math.round(ms * (0.8 + Math.random() * 0.4));

/**
 * One pass of the sender: every delivery due now, each taken (so two senders never send one
 * twice at once), sent signed, and recorded. A delivery whose endpoint is gone or off is given
 * up. Returns how many were attempted.
 */
export async function deliverDue(db: Db, options: SenderOptions) {
  const now = options.now ?? (() => new Date());
  let attempted = 0;
  for (const partition of keys.deliveriesDuePartitions()) {
    const due = await dueDeliveryItems(db, partition, now(), options.limit ?? 25);
    await forEachLimited(due, 8, async (item) => {
      if (!(await take(db, item, new Date(now().getTime() + holdMs)))) return;
      attempted += 1;
      const endpoint = await getEndpoint(db, String(item.endpointId));
      if (!endpoint || !endpoint.enabled) {
        await record(db, item, { status: 0, error: endpoint ? 'The endpoint is turned off' : 'The endpoint was deleted' }, null, now());
        return;
      }
      const outcome = await post(endpoint, item, now(), options);
      const attempts = Number(item.attempts ?? 0) + 1;
      const wait = options.schedule[attempts - 1];
      const next = outcome.error === null || wait === undefined ? null : new Date(now().getTime() + jittered(wait));
      await record(db, item, outcome, next, now());
      await endpointHealth(db, endpoint, outcome.error === null, now());
    });
  }
  return attempted;
}

/**
 * The sender as a loop (`npm start`): a pass every `everyMs`, each pass's failures logged and
 * the loop going on. `stop` lets the pass under way finish (its deliveries recorded), then ends.
 */
export function startSender(db: Db, options: SenderOptions & { everyMs?: number; onError?: (error: unknown) => void }) {
  let running = true;
  let wake: (() => void) | undefined;
  const everyMs = options.everyMs ?? 1000;
  const onError = options.onError ?? ((error: unknown) => console.error('Webhook sender:', error instanceof Error ? error.message : error));
  const loop = (async () => {
    while (running) {
      // No endpoint at all, nothing to send: one cached read (webhook.repo.ts) instead of a Query of every due partition each second.
      await currentEndpoints(db)
        .then((endpoints) => (endpoints.length > 0 ? deliverDue(db, options) : 0))
        .catch(onError);
      // a timer that holds the process: in a process of its own the sender is all there is to wait for
      if (running) await new Promise<void>((resolve) => ((wake = resolve), setTimeout(resolve, everyMs)));
    }
  })();
  return {
    async stop() {
      running = false;
      wake?.();
      await loop;
    },
  };
}
