import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { createHash } from 'node:crypto';
import type { Db } from '../db/client.ts';
import { keys } from '../db/keys.ts';
import { retry, withRetry, type TransactItem } from '../db/write.ts';
import { DomainError } from '../error.ts';
import type { Actor } from '../fn.ts';

/** How long an answer is kept for a retry with the same key. */
export const idempotencyWindowSeconds = 24 * 60 * 60;

/** A write that carries an Idempotency-Key: whose key (keys are per actor), and what was asked. */
export interface Idempotency {
  actor: string;
  key: string;
  /** a hash of the operation and its input: the same key with another request is refused */
  hash: string;
}

/** JSON with object keys sorted, so the same input always hashes the same. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    return `{${entries
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`)
      .join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/** The idempotency of a call, when its input carries a key (the key itself is not part of the hash). */
export function idempotencyOf(operation: string, input: { idempotencyKey?: string | undefined }, actor: Actor): Idempotency | undefined {
  const { idempotencyKey, ...request } = input;
  if (!idempotencyKey) return undefined;
  return {
    actor: actor.name,
    key: idempotencyKey,
    hash: createHash('sha256')
      .update(`${operation}\n${canonical(request)}`)
      .digest('base64url'),
  };
}

/** The same call again: a sub-step of a bulk action, keyed under its parent's key. */
export const idempotencyPart = (parent: Idempotency | undefined, part: string, operation: string, input: object) =>
  parent && idempotencyOf(operation, { ...input, idempotencyKey: `${parent.key}#${part}` }, { name: parent.actor });

const reused = () =>
  new DomainError('unprocessable', 'This Idempotency-Key was already used with a different request. Use a new key for a new request.');

/**
 * The answer recorded for this key, if a request with it was already done within the window;
 * the same key with another request is refused (422).
 */
export async function earlierAnswer<T>(db: Db, idempotency: Idempotency | undefined, now = new Date()): Promise<{ answer: T } | undefined> {
  if (!idempotency) return undefined;
  const { Item } = await db.doc.send(
    new GetCommand({ TableName: db.tableName, Key: keys.idempotency(idempotency.actor, idempotency.key), ConsistentRead: true }),
  );
  if (!Item || Number(Item.ttl) * 1000 <= now.getTime()) return undefined;
  if (Item.hash !== idempotency.hash) throw reused();
  return { answer: JSON.parse(String(Item.answer)) as T };
}

/**
 * The record of an answer, to ride in the same TransactWriteItems as the write it answers: the
 * write and its record land together or not at all, and of two requests with one key only one
 * can (the other's transaction fails on this item and replays the record).
 */
export function idempotencyPut(idempotency: Idempotency, answer: unknown, now = new Date()): TransactItem {
  return {
    Put: {
      Item: {
        ...keys.idempotency(idempotency.actor, idempotency.key),
        hash: idempotency.hash,
        answer: JSON.stringify(answer),
        at: now.toISOString(),
        ttl: Math.floor(now.getTime() / 1000) + idempotencyWindowSeconds,
      },
      // DynamoDB removes expired items within a day or two: until then an expired one is free.
      ConditionExpression: 'attribute_not_exists(pk) OR #ttl <= :now',
      ExpressionAttributeNames: { '#ttl': 'ttl' },
      ExpressionAttributeValues: { ':now': Math.floor(now.getTime() / 1000) },
    },
  };
}

/**
 * How an answer is kept and given back: an answer naming a person is kept without it (what an
 * erasure cannot reach must not hold personal data) and completed again from the records on a replay.
 */
export interface AnswerKeeping<T> {
  stored: (answer: T) => unknown;
  replayed: (stored: unknown) => Promise<T>;
}

/**
 * A write that takes an Idempotency-Key, done once per key: an answer already recorded for the
 * key is answered again; otherwise `attempt` runs under withRetry, adding `keep(answer)` to its
 * transaction (the record of its answer, nothing without a key). When it loses to another request
 * with the key, by a failed condition (it returns `retry`) or by a rule the other's change now
 * breaks ('already refunded'), that request's answer is answered instead.
 */
export async function writeOnce<T>(
  db: Db,
  idempotency: Idempotency | undefined,
  attempt: (keep: (answer: T) => TransactItem[]) => Promise<T | typeof retry>,
  keeping?: AnswerKeeping<T>,
): Promise<T> {
  const replay = async () => {
    const earlier = await earlierAnswer<unknown>(db, idempotency);
    if (!earlier) return undefined;
    return { answer: keeping ? await keeping.replayed(earlier.answer) : (earlier.answer as T) };
  };
  const earlier = await replay();
  if (earlier) return earlier.answer;
  const keep = (answer: T) => (idempotency ? [idempotencyPut(idempotency, keeping ? keeping.stored(answer) : answer)] : []);
  try {
    return await withRetry(async () => {
      const result = await attempt(keep);
      if (result !== retry || !idempotency) return result;
      return (await replay())?.answer ?? retry;
    });
  } catch (error) {
    const again = error instanceof DomainError ? await replay() : undefined;
    if (again) return again.answer;
    throw error;
  }
}
