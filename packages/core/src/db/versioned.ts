import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { auditPut, type AuditInput } from '../audit/audit.repo.ts';
import type { AuditChange } from '../audit/audit.schema.ts';
import type { Db } from './client.ts';
import { failedConditions, retry, transact, withRetry, type TransactItem } from './write.ts';
import { staleVersion } from '../error.ts';

/** The history record of a versioned save: what it says, and the changes between the stored item and the saved one. */
export interface VersionedAudit {
  record: Omit<AuditInput, 'changes'>;
  changes: (before: Record<string, unknown> | undefined, after: Record<string, unknown>) => AuditChange[];
}

/**
 * Creates or updates a single versioned item (SEO, CTA, content blocks, settings): sets the
 * given fields, fills defaults only where absent, bumps the version, and refuses the write
 * when the client's version is no longer the stored one. The item is read first, so the history
 * record (written in the same transaction) holds before and after; the write is conditional on
 * the version read, and a save without a version that raced another reads again and retries.
 */
export async function upsertVersioned(
  db: Db,
  /** who lost the race, with its verb: 'This SEO data was' */
  what: string,
  key: { pk: string; sk: string },
  set: Record<string, unknown>,
  defaults: Record<string, unknown>,
  expectedVersion: number | undefined,
  audit: VersionedAudit,
  /** what the save also writes, given the item as read (a change of zone: settings/index.ts); a failed condition of theirs reads again */
  derive?: (before: Record<string, unknown> | undefined) => Promise<TransactItem[]>,
) {
  const setNames = Object.keys(set).filter((k) => set[k] !== undefined);
  const defaultNames = Object.keys(defaults).filter((k) => !setNames.includes(k));
  return withRetry(async () => {
    const before = (await db.doc.send(new GetCommand({ TableName: db.tableName, Key: key, ConsistentRead: true }))).Item;
    const derived = (await derive?.(before)) ?? [];
    const seen = before?.version === undefined ? 0 : Number(before.version);
    if (expectedVersion !== undefined && expectedVersion !== seen) throw staleVersion(what);
    const after: Record<string, unknown> = { ...key, ...before, version: seen + 1 };
    for (const k of setNames) after[k] = set[k];
    for (const k of defaultNames) if (after[k] === undefined) after[k] = defaults[k];
    const clauses = [
      ...setNames.map((k) => `#${k} = :${k}`),
      ...defaultNames.map((k) => `#${k} = if_not_exists(#${k}, :${k})`),
      'version = :next',
    ];
    try {
      await transact(db, [
        {
          Update: {
            Key: key,
            UpdateExpression: `SET ${clauses.join(', ')}`,
            ConditionExpression: seen === 0 ? 'attribute_not_exists(version)' : 'version = :seen',
            ExpressionAttributeNames: Object.fromEntries([...setNames, ...defaultNames].map((k) => [`#${k}`, k])),
            ExpressionAttributeValues: {
              ...Object.fromEntries(setNames.map((k) => [`:${k}`, set[k]])),
              ...Object.fromEntries(defaultNames.map((k) => [`:${k}`, defaults[k]])),
              ':next': seen + 1,
              ...(seen === 0 ? {} : { ':seen': seen }),
            },
          },
        },
        auditPut({ ...audit.record, changes: audit.changes(before, after) }),
        ...derived,
      ]);
    } catch (error) {
      const failed = failedConditions(error);
      if (!failed?.length) throw error;
      if (!failed.includes(0)) return retry; // a derived item moved on meanwhile: read again
      if (expectedVersion !== undefined) throw staleVersion(what);
      return retry;
    }
    return after;
  });
}
