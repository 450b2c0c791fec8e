import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import type { Db } from '../db/client.ts';
import { keys } from '../db/keys.ts';
import { queryAll } from '../db/query.ts';

export interface SessionItem {
  /** the public id shown in Manage Sessions; never the token */
  id?: string;
  username: string;
  createdAt: string;
  expiresAt: number;
  lastSeenAt?: string;
  userAgent?: string;
  ip?: string;
}

/** A stored session with the hash of its token (from its key). */
export type StoredSession = SessionItem & { id: string; tokenHash: string };

const fromItem = (item: Record<string, unknown>): StoredSession => ({
  id: String(item.id ?? ''),
  tokenHash: String(item.pk).slice('SESSION#'.length),
  username: String(item.username),
  createdAt: String(item.createdAt),
  expiresAt: Number(item.expiresAt),
  lastSeenAt: (item.lastSeenAt as string | undefined) ?? String(item.createdAt),
  userAgent: (item.userAgent as string | undefined) ?? '',
  ip: (item.ip as string | undefined) ?? '',
});

/** Stores a session under the hash of its token, listed by creation; TTL removes it after it expires. */
export async function putSession(db: Db, tokenHash: string, session: SessionItem) {
  const id = session.id ?? randomUUID();
  await db.doc.send(
    new PutCommand({
      TableName: db.tableName,
      Item: {
        ...keys.session(tokenHash),
        ...keys.sessionsByCreated(session.createdAt, id),
        lastSeenAt: session.createdAt,
        ...session,
        id,
        ttl: Math.ceil(session.expiresAt / 1000),
      },
    }),
  );
  return id;
}

/** A session by token hash (every signed-in call the cache cannot answer). */
export async function getSession(db: Db, tokenHash: string) {
  const result = await db.doc.send(new GetCommand({ TableName: db.tableName, Key: keys.session(tokenHash) }));
  return result.Item ? fromItem(result.Item) : undefined;
}

/** Records that a session was used; never brings back a session deleted meanwhile. */
export async function touchSession(db: Db, tokenHash: string, lastSeenAt: string) {
  try {
    await db.doc.send(
      new UpdateCommand({
        TableName: db.tableName,
        Key: keys.session(tokenHash),
        UpdateExpression: 'SET lastSeenAt = :at',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':at': lastSeenAt },
      }),
    );
  } catch (error) {
    if (!(error instanceof Error && error.name === 'ConditionalCheckFailedException')) throw error;
  }
}

/** Manage Sessions: every stored session, newest first (expired ones linger until TTL removes them). */
export async function listSessionItems(db: Db) {
  const items = await queryAll(db, {
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': 'SESSIONS' },
    ScanIndexForward: false,
  });
  return items.map(fromItem);
}

export async function deleteSession(db: Db, tokenHash: string) {
  await db.doc.send(new DeleteCommand({ TableName: db.tableName, Key: keys.session(tokenHash) }));
}

/** The admin password set from Settings > Security, if any (otherwise the configured one holds). */
export async function getAdminCredentials(db: Db) {
  const result = await db.doc.send(new GetCommand({ TableName: db.tableName, Key: keys.adminCredentials(), ConsistentRead: true }));
  return result.Item as { passwordHash: string; version: number } | undefined;
}

export async function putAdminCredentials(db: Db, passwordHash: string, expectedVersion: number | undefined, now = new Date()) {
  await db.doc.send(
    new PutCommand({
      TableName: db.tableName,
      Item: { ...keys.adminCredentials(), passwordHash, updatedAt: now.toISOString(), version: (expectedVersion ?? 0) + 1 },
      ConditionExpression: expectedVersion === undefined ? 'attribute_not_exists(pk)' : 'version = :v',
      ExpressionAttributeValues: expectedVersion === undefined ? undefined : { ':v': expectedVersion },
    }),
  );
}
