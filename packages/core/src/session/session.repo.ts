import { DeleteCommand, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import type { Db } from '../db/client.ts';
import { keys } from '../db/keys.ts';
import { transact, type TransactItem } from '../db/write.ts';
import { queryPartition } from '../db/query.ts';

export interface SessionItem {
  /** the public id shown in Manage Sessions; never the token */
  id?: string;
  username: string;
  /** the member (absent on sessions from before members: the first member's) */
  userId?: string;
  createdAt: string;
  expiresAt: number;
  lastSeenAt?: string;
  userAgent?: string;
  ip?: string;
  /** when the password was last confirmed in this session (ms since the epoch): opens account changes */
  confirmedAt?: number;
  /** the member's session epoch it was issued under (absent on sessions from before epochs: 0) */
  epoch?: number;
}

/** A stored session with the hash of its token (from its key). */
export type StoredSession = SessionItem & { id: string; tokenHash: string };

const fromItem = (item: Record<string, unknown>): StoredSession => ({
  id: String(item.id ?? ''),
  tokenHash: String(item.pk).slice('SESSION#'.length),
  username: String(item.username),
  ...(typeof item.userId === 'string' ? { userId: item.userId } : {}),
  createdAt: String(item.createdAt),
  expiresAt: Number(item.expiresAt),
  lastSeenAt: (item.lastSeenAt as string | undefined) ?? String(item.createdAt),
  userAgent: (item.userAgent as string | undefined) ?? '',
  ip: (item.ip as string | undefined) ?? '',
  ...(typeof item.confirmedAt === 'number' ? { confirmedAt: item.confirmedAt } : {}),
  epoch: Number(item.epoch ?? 0),
});

/** Stores a session under the hash of its token, listed by creation; TTL removes it after it expires. */
export async function putSession(db: Db, tokenHash: string, session: SessionItem, also: TransactItem[] = []) {
  const id = session.id ?? randomUUID();
  const Item = {
    ...keys.session(tokenHash),
    ...keys.sessionsByCreated(session.createdAt, id),
    lastSeenAt: session.createdAt,
    ...session,
    id,
    ttl: Math.ceil(session.expiresAt / 1000),
  };
  // with its history record (`also`) in the same transaction
  await transact(db, [{ Put: { Item } }, ...also]);
  return id;
}

/** A session by token hash (every signed-in call the cache cannot answer), read strongly: a revoke is seen at once. */
export async function getSession(db: Db, tokenHash: string) {
  const result = await db.doc.send(new GetCommand({ TableName: db.tableName, Key: keys.session(tokenHash), ConsistentRead: true }));
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

/** Opens the window for account changes in this session, with its history record; false when the session has gone. */
export async function confirmSession(db: Db, tokenHash: string, confirmedAt: number, also: TransactItem[]) {
  try {
    await transact(db, [
      {
        Update: {
          Key: keys.session(tokenHash),
          UpdateExpression: 'SET confirmedAt = :at',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeValues: { ':at': confirmedAt },
        },
      },
      ...also,
    ]);
    return true;
  } catch (error) {
    if (error instanceof Error && error.name === 'TransactionCanceledException') return false;
    throw error;
  }
}

/**
 * The session that changed the password moves on to the member's new epoch, in the password's
 * own transaction: it stays signed in while every other one ends. Fails (its condition) when the
 * session has ended meanwhile.
 */
export const sessionEpochUpdate = (tokenHash: string, epoch: number): TransactItem => ({
  Update: {
    Key: keys.session(tokenHash),
    UpdateExpression: 'SET epoch = :epoch',
    ConditionExpression: 'attribute_exists(pk)',
    ExpressionAttributeValues: { ':epoch': epoch },
  },
});

/** Manage Sessions: every stored session, newest first (expired ones linger until TTL removes them). */
export async function listSessionItems(db: Db) {
  const items = await queryPartition(db, 'gsi1', 'SESSIONS', 'newest');
  return items.map(fromItem);
}

export async function deleteSession(db: Db, tokenHash: string, also: TransactItem[] = []) {
  if (also.length === 0) await db.doc.send(new DeleteCommand({ TableName: db.tableName, Key: keys.session(tokenHash) }));
  else await transact(db, [{ Delete: { Key: keys.session(tokenHash) } }, ...also]);
}
