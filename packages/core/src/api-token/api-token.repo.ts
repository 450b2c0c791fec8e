import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from '../db/client.ts';
import { keys } from '../db/keys.ts';
import { queryAll } from '../db/query.ts';
import type { ApiTokenInfo, ApiTokenScope } from './api-token.schema.ts';

/** An expired token stays listed (as expired) this long before TTL removes it. */
const keepExpiredMs = 7 * 24 * 60 * 60_000;

export type StoredApiToken = ApiTokenInfo & { tokenHash: string };

const fromItem = (item: Record<string, unknown>): StoredApiToken => ({
  id: String(item.id),
  name: String(item.name),
  scope: item.scope as ApiTokenScope,
  createdAt: String(item.createdAt),
  expiresAt: (item.expiresAt as string | null | undefined) ?? null,
  tokenHash: String(item.pk).slice('TOKEN#'.length),
});

/** Stores a token under the hash of its value, listed by creation. */
export async function putApiToken(db: Db, tokenHash: string, info: ApiTokenInfo) {
  const ttl = info.expiresAt ? Math.ceil((Date.parse(info.expiresAt) + keepExpiredMs) / 1000) : undefined;
  await db.doc.send(
    new PutCommand({
      TableName: db.tableName,
      Item: { ...keys.apiToken(tokenHash), ...keys.apiTokensByCreated(info.createdAt, info.id), ...info, ttl },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
}

/** A token by the hash of its value (every bearer call the cache cannot answer). */
export async function getApiToken(db: Db, tokenHash: string) {
  const result = await db.doc.send(new GetCommand({ TableName: db.tableName, Key: keys.apiToken(tokenHash) }));
  return result.Item ? fromItem(result.Item) : undefined;
}

/** Settings > Security > API tokens: all of them, newest first. */
export async function listApiTokenItems(db: Db) {
  const items = await queryAll(db, {
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': 'TOKENS' },
    ScanIndexForward: false,
  });
  return items.map(fromItem);
}

export async function deleteApiToken(db: Db, tokenHash: string) {
  await db.doc.send(new DeleteCommand({ TableName: db.tableName, Key: keys.apiToken(tokenHash) }));
}
