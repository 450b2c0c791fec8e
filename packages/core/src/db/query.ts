import {
  BatchGetCommand,
  type BatchGetCommandOutput,
  QueryCommand,
  type QueryCommandInput,
} from '@aws-sdk/lib-dynamodb';
import type { Db } from './client.ts';
import { DomainError } from '../error.ts';

type QueryInput = Omit<QueryCommandInput, 'TableName' | 'ExclusiveStartKey'>;

/** Runs a Query to the end of the result set, following LastEvaluatedKey past each 1 MB page. */
export async function queryAll(db: Db, input: QueryInput): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await db.doc.send(
      new QueryCommand({ ...input, TableName: db.tableName, ExclusiveStartKey: start }),
    );
    items.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start);
  return items;
}

/** Runs one Query page of at most `limit` items, from an opaque cursor. */
export async function queryPage(
  db: Db,
  input: QueryInput & { Limit: number },
  cursor?: string | null,
): Promise<{ items: Record<string, unknown>[]; nextCursor: string | null }> {
  const page = await db.doc
    .send(
      new QueryCommand({
        ...input,
        TableName: db.tableName,
        ExclusiveStartKey: cursor ? decodeCursor(cursor) : undefined,
      }),
    )
    .catch((error: unknown) => {
      // A cursor that decodes but names no key of this query: the client's mistake, not ours.
      if (cursor && error instanceof Error && error.name === 'ValidationException') throw invalidCursor();
      throw error;
    });
  return {
    items: page.Items ?? [],
    nextCursor: page.LastEvaluatedKey ? encodeCursor(page.LastEvaluatedKey) : null,
  };
}

function encodeCursor(key: Record<string, unknown>) {
  return Buffer.from(JSON.stringify(key)).toString('base64url');
}

function decodeCursor(cursor: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // fall through to the typed error below
  }
  throw invalidCursor();
}

/** A cursor the client altered or took from another list (400). */
const invalidCursor = () => new DomainError('invalid', 'The page cursor is not valid');

/** Gets many items by key (BatchGetItem, 100 keys a call), retrying unprocessed keys. */
export async function batchGet(
  db: Db,
  keyList: { pk: string; sk: string }[],
): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  for (let i = 0; i < keyList.length; i += 100) {
    let pending: Record<string, unknown>[] | undefined = keyList.slice(i, i + 100);
    for (let attempt = 0; pending && pending.length > 0; attempt++) {
      if (attempt > 0) await new Promise((r) => setTimeout(r, Math.min(1000, 25 * 2 ** attempt)));
      const result: BatchGetCommandOutput = await db.doc.send(
        new BatchGetCommand({ RequestItems: { [db.tableName]: { Keys: pending } } }),
      );
      items.push(...(result.Responses?.[db.tableName] ?? []));
      pending = result.UnprocessedKeys?.[db.tableName]?.Keys;
      if (attempt > 8 && pending?.length) throw new Error('BatchGetItem kept returning unprocessed keys');
    }
  }
  return items;
}

/** Removes the table's key attributes from a stored item. */
export function stripKeys<T extends Record<string, unknown>>(item: T) {
  const { pk, sk, gsi1pk, gsi1sk, gsi2pk, gsi2sk, ttl, ...rest } = item;
  return rest;
}
