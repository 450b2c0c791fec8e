import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from '../db/client.ts';
import { keys } from '../db/keys.ts';
import { queryPartition } from '../db/query.ts';
import { transact, type TransactItem } from '../db/write.ts';
import type { ApiTokenInfo, ApiTokenScope } from './api-token.schema.ts';

/** An expired token stays listed (as expired) this long before TTL removes it. */
const keepExpiredMs = 7 * 24 * 60 * 60_000;

export type StoredApiToken = ApiTokenInfo & {
  tokenHash: string;
  /** the member who created and owns it (absent on tokens from before members: the first member's) */
  ownerId?: string;
  createdBy?: string;
  /** the owner's token epoch it was issued under (absent on tokens from before epochs: 0) */
  epoch: number;
};

const fromItem = (item: Record<string, unknown>): StoredApiToken => ({
  id: String(item.id),
  name: String(item.name),
  scope: item.scope as ApiTokenScope,
  createdAt: String(item.createdAt),
  expiresAt: (item.expiresAt as string | null | undefined) ?? null,
  tokenHash: String(item.pk).slice('TOKEN#'.length),
  ...(typeof item.ownerId === 'string' ? { ownerId: item.ownerId } : {}),
  ...(typeof item.createdBy === 'string' ? { createdBy: item.createdBy } : {}),
  epoch: Number(item.epoch ?? 0),
});

/** Stores a token under the hash of its value, listed by creation, with its history record (`also`). */
export async function putApiToken(
  db: Db,
  tokenHash: string,
  info: ApiTokenInfo,
  owner: { ownerId: string; createdBy: string; epoch: number },
  also: TransactItem[],
) {
  const ttl = info.expiresAt ? Math.ceil((Date.parse(info.expiresAt) + keepExpiredMs) / 1000) : undefined;
  const Item = { ...keys.apiToken(tokenHash), ...keys.apiTokensByCreated(info.createdAt, info.id), ...info, ...owner, ttl };
  await transact(db, [{ Put: { Item, ConditionExpression: 'attribute_not_exists(pk)' } }, ...also]);
}

/** A token by the hash of its value (every bearer call the cache cannot answer), read strongly: a revoke is seen at once. */
export async function getApiToken(db: Db, tokenHash: string) {
  const result = await db.doc.send(new GetCommand({ TableName: db.tableName, Key: keys.apiToken(tokenHash), ConsistentRead: true }));
  return result.Item ? fromItem(result.Item) : undefined;
}

/** Settings > Security > API tokens: all of them, newest first. */
export async function listApiTokenItems(db: Db) {
  const items = await queryPartition(db, 'gsi1', 'TOKENS', 'newest');
  return items.map(fromItem);
}

export async function deleteApiToken(db: Db, tokenHash: string, also: TransactItem[]) {
  await transact(db, [{ Delete: { Key: keys.apiToken(tokenHash) } }, ...also]);
}
