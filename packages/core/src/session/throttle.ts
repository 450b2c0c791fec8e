import { DeleteCommand, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from '../db/client.ts';
import { keys } from '../db/keys.ts';
import { DomainError } from '../error.ts';

/**
 * Failed sign-ins are counted per username AND client address: a flood of wrong passwords from
 * one address locks out that address only, so nobody can lock the administrator out from
 * elsewhere. The wait grows with each failure past the fifth and is capped.
 */
export const maxFailedLogins = 5;
export const firstLockoutMs = 60_000;
export const maxLockoutMs = 15 * 60_000;
/** A day without failures and the count starts again. */
const forgetAfterMs = 24 * 60 * 60_000;

/** How long a name is locked after its `failures`-th failure in a row: 0, then 1, 2, 4, 8, 15 minutes. */
export function lockoutMsAfter(failures: number) {
  if (failures < maxFailedLogins) return 0;
  return Math.min(maxLockoutMs, firstLockoutMs * 2 ** (failures - maxFailedLogins));
}

const lockedOut = (until: number, now: number) =>
  new DomainError(
    'rate_limited',
    `Too many failed sign-in attempts. Try again in ${Math.max(1, Math.ceil((until - now) / 60_000))} minute(s).`,
  );

/** Who is signing in: the username and the client address the runtime saw. */
export interface Attempt {
  username: string;
  address: string;
}

/** Refuses (429) while this username is locked for this address; says whether failures are on record. */
export async function assertNotLocked(db: Db, attempt: Attempt, now: number) {
  const result = await db.doc.send(
    new GetCommand({ TableName: db.tableName, Key: keys.loginThrottle(attempt.username, attempt.address), ConsistentRead: true }),
  );
  const lockedUntil = Number(result.Item?.lockedUntil ?? 0);
  if (lockedUntil > now) throw lockedOut(lockedUntil, now);
  return result.Item !== undefined;
}

/** Counts one failure; from the fifth on it locks the name for this address and answers 429. */
export async function recordFailure(db: Db, attempt: Attempt, now: number) {
  const key = keys.loginThrottle(attempt.username, attempt.address);
  const result = await db.doc.send(
    new UpdateCommand({
      TableName: db.tableName,
      Key: key,
      UpdateExpression: 'ADD failures :one SET #ttl = :ttl',
      ExpressionAttributeNames: { '#ttl': 'ttl' },
      ExpressionAttributeValues: { ':one': 1, ':ttl': Math.ceil((now + forgetAfterMs) / 1000) },
      ReturnValues: 'ALL_NEW',
    }),
  );
  const wait = lockoutMsAfter(Number(result.Attributes?.failures ?? 1));
  if (wait === 0) return;
  await db.doc.send(
    new UpdateCommand({
      TableName: db.tableName,
      Key: key,
      UpdateExpression: 'SET lockedUntil = :until',
      ExpressionAttributeValues: { ':until': now + wait },
    }),
  );
  throw lockedOut(now + wait, now);
}

/** A successful sign-in forgets the failures of this name and address. */
export async function clearFailures(db: Db, attempt: Attempt) {
  await db.doc.send(new DeleteCommand({ TableName: db.tableName, Key: keys.loginThrottle(attempt.username, attempt.address) }));
}
