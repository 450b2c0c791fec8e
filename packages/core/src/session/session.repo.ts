import { DeleteCommand, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from '../db/client.ts';
import { keys } from '../db/keys.ts';
import { transact, type TransactItem } from '../db/write.ts';

export interface SessionItem {
  username: string;
  createdAt: string;
  expiresAt: number;
}

/** Stores a session under the hash of its token; TTL removes it after it expires. */
export async function putSession(db: Db, tokenHash: string, session: SessionItem, also: TransactItem[] = []) {
  await transact(db, [{ Put: { Item: { ...keys.session(tokenHash), ...session, ttl: Math.ceil(session.expiresAt / 1000) } } }, ...also]);
}

/** A session by token hash (every signed-in call). */
export async function getSession(db: Db, tokenHash: string) {
  const result = await db.doc.send(new GetCommand({ TableName: db.tableName, Key: keys.session(tokenHash) }));
  return result.Item as (SessionItem & Record<string, unknown>) | undefined;
}

export async function deleteSession(db: Db, tokenHash: string, also: TransactItem[] = []) {
  await transact(db, [{ Delete: { Key: keys.session(tokenHash) } }, ...also]);
}

export interface ThrottleItem {
  failures: number;
  lockedUntil?: number;
}

/** Failed sign-ins in a row for a username. */
export async function getThrottle(db: Db, username: string) {
  const result = await db.doc.send(new GetCommand({ TableName: db.tableName, Key: keys.loginThrottle(username), ConsistentRead: true }));
  return result.Item as (ThrottleItem & Record<string, unknown>) | undefined;
}

/**
 * Counts one more failure (with its history record in the same transaction); returns the count
 * read back after it, so the caller can lock the name.
 */
export async function addThrottleFailure(db: Db, username: string, expiresAt: number, also: TransactItem[] = []) {
  await transact(db, [
    {
      Update: {
        Key: keys.loginThrottle(username),
        UpdateExpression: 'ADD failures :one SET #ttl = :ttl',
        ExpressionAttributeNames: { '#ttl': 'ttl' },
        ExpressionAttributeValues: { ':one': 1, ':ttl': Math.ceil(expiresAt / 1000) },
      },
    },
    ...also,
  ]);
  return Number((await getThrottle(db, username))?.failures ?? 1);
}

export async function lockThrottle(db: Db, username: string, lockedUntil: number) {
  await db.doc.send(
    new UpdateCommand({
      TableName: db.tableName,
      Key: keys.loginThrottle(username),
      UpdateExpression: 'SET lockedUntil = :until, failures = :zero, #ttl = :ttl',
      ExpressionAttributeNames: { '#ttl': 'ttl' },
      ExpressionAttributeValues: { ':until': lockedUntil, ':zero': 0, ':ttl': Math.ceil(lockedUntil / 1000) + 60 },
    }),
  );
}

export async function clearThrottle(db: Db, username: string) {
  await db.doc.send(new DeleteCommand({ TableName: db.tableName, Key: keys.loginThrottle(username) }));
}

/** The admin password set from Settings > Security, if any (otherwise the configured one holds). */
export async function getAdminCredentials(db: Db) {
  const result = await db.doc.send(new GetCommand({ TableName: db.tableName, Key: keys.adminCredentials(), ConsistentRead: true }));
  return result.Item as { passwordHash: string; version: number } | undefined;
}

export async function putAdminCredentials(
  db: Db,
  passwordHash: string,
  expectedVersion: number | undefined,
  also: TransactItem[] = [],
  now = new Date(),
) {
  await transact(db, [
    {
      Put: {
        Item: { ...keys.adminCredentials(), passwordHash, updatedAt: now.toISOString(), version: (expectedVersion ?? 0) + 1 },
        ConditionExpression: expectedVersion === undefined ? 'attribute_not_exists(pk)' : 'version = :v',
        ...(expectedVersion === undefined ? {} : { ExpressionAttributeValues: { ':v': expectedVersion } }),
      },
    },
    ...also,
  ]);
}
