import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from './client.ts';
import { isConditionFailure } from './write.ts';
import { staleVersion } from '../error.ts';

/**
 * Creates or updates a single versioned item (SEO, CTA, content blocks, settings): sets the
 * given fields, fills defaults only where absent, bumps the version, and refuses the write
 * when the client's version is no longer the stored one.
 */
export async function upsertVersioned(
  db: Db,
  /** who lost the race, with its verb: 'This SEO data was' */
  what: string,
  key: { pk: string; sk: string },
  set: Record<string, unknown>,
  defaults: Record<string, unknown>,
  expectedVersion: number | undefined,
) {
  const setNames = Object.keys(set).filter((k) => set[k] !== undefined);
  const defaultNames = Object.keys(defaults).filter((k) => !setNames.includes(k));
  const clauses = [
    ...setNames.map((k) => `#${k} = :${k}`),
    ...defaultNames.map((k) => `#${k} = if_not_exists(#${k}, :${k})`),
    'version = if_not_exists(version, :zero) + :one',
  ];
  try {
    const result = await db.doc.send(
      new UpdateCommand({
        TableName: db.tableName,
        Key: key,
        UpdateExpression: `SET ${clauses.join(', ')}`,
        ConditionExpression:
          expectedVersion === undefined
            ? undefined
            : expectedVersion === 0
              ? 'attribute_not_exists(version)'
              : 'version = :expected',
        ExpressionAttributeNames: Object.fromEntries([...setNames, ...defaultNames].map((k) => [`#${k}`, k])),
        ExpressionAttributeValues: {
          ...Object.fromEntries(setNames.map((k) => [`:${k}`, set[k]])),
          ...Object.fromEntries(defaultNames.map((k) => [`:${k}`, defaults[k]])),
          ':zero': 0,
          ':one': 1,
          ...(expectedVersion === undefined || expectedVersion === 0 ? {} : { ':expected': expectedVersion }),
        },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return result.Attributes!;
  } catch (error) {
    if (isConditionFailure(error)) throw staleVersion(what);
    throw error;
  }
}
