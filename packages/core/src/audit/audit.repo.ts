import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import type { Db } from '../db/client.ts';
import { keys } from '../db/keys.ts';
import { queryPage, stripKeys } from '../db/query.ts';
import type { TransactItem } from '../db/write.ts';
import { DomainError } from '../error.ts';
import type { AuditChange, AuditEntity, AuditEntry } from './audit.schema.ts';

/** What a write says about itself; the record adds its id, time and keys. */
export interface AuditInput {
  actor: string;
  action: string;
  entity: AuditEntity;
  entityId: string;
  summary: string;
  changes?: AuditChange[];
  /** shown behind the bell: refunds, failed payments, failed sign-ins */
  notable?: boolean;
}

/**
 * The history record's Put, to ride in the same TransactWriteItems as the change it records, so
 * no change exists without its record. Its own partition serves one entity's history; gsi1 a
 * partition per month serves the whole feed.
 */
export function auditPut(input: AuditInput, now = new Date()): TransactItem {
  const at = now.toISOString();
  const id = randomUUID();
  const { notable, changes = [], ...fields } = input;
  return {
    Put: {
      Item: {
        ...keys.audit(input.entity, input.entityId, at, id),
        ...keys.auditFeed(at, id),
        id,
        at,
        ...fields,
        changes,
        ...(notable ? { notable: true } : {}),
      },
    },
  };
}

export function fromItem(item: Record<string, unknown>): AuditEntry {
  const { notable, ...entry } = stripKeys(item);
  return entry as unknown as AuditEntry;
}

/** One entity's history, newest first: its own partition. */
export function pageEntityAuditItems(db: Db, entity: AuditEntity, entityId: string, limit: number, cursor?: string | null) {
  const { pk } = keys.audit(entity, entityId, '', '');
  return queryPage(
    db,
    { KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': pk }, ScanIndexForward: false, Limit: limit },
    cursor,
  );
}

/** The history began in this month: the feed walks back no further. */
export const feedStartMonth = '2026-11';
/** Items one page of a filtered feed may evaluate: bounds its cost and time. */
const maxScannedPerPage = 3000;

const previousMonth = (month: string) => {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return m === 1 ? `${year - 1}-12` : `${year}-${String(m - 1).padStart(2, '0')}`;
};

interface FeedCursor {
  month: string;
  key?: Record<string, unknown>;
}

const encode = (cursor: FeedCursor) => Buffer.from(JSON.stringify(cursor)).toString('base64url');

function decode(cursor: string): FeedCursor {
  try {
    const value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as FeedCursor;
    if (/^\d{4}-\d{2}$/.test(value.month)) return value;
  } catch {
    // the typed error below
  }
  throw new DomainError('invalid', 'The page cursor is not valid');
}

/**
 * The whole feed, newest first, optionally only one entity kind or the notable records: a Query
 * per month partition, walking months backwards from the cursor's (now's) to the first. The
 * cursor holds the month and the key within it, so the next page goes on exactly there.
 */
export async function pageFeedItems(
  db: Db,
  page: { limit: number; cursor?: string | null; entity?: AuditEntity; notable?: boolean },
  now = new Date(),
) {
  const filters = [...(page.entity ? ['entity = :entity'] : []), ...(page.notable ? ['notable = :true'] : [])];
  let { month, key } = page.cursor ? decode(page.cursor) : { month: now.toISOString().slice(0, 7), key: undefined };
  const items: Record<string, unknown>[] = [];
  let scanned = 0;
  while (month >= feedStartMonth) {
    const needed = page.limit - items.length;
    const result = await db.doc
      .send(
        new QueryCommand({
          TableName: db.tableName,
          IndexName: 'gsi1',
          KeyConditionExpression: 'gsi1pk = :pk',
          ...(filters.length ? { FilterExpression: filters.join(' AND ') } : {}),
          ExpressionAttributeValues: {
            ':pk': keys.auditFeed(`${month}-01`, '').gsi1pk,
            ...(page.entity ? { ':entity': page.entity } : {}),
            ...(page.notable ? { ':true': true } : {}),
          },
          ScanIndexForward: false,
          Limit: filters.length ? Math.max(needed, 100) : needed,
          ExclusiveStartKey: key,
        }),
      )
      .catch((error: unknown) => {
        if (key && error instanceof Error && error.name === 'ValidationException')
          throw new DomainError('invalid', 'The page cursor is not valid');
        throw error;
      });
    scanned += result.ScannedCount ?? 0;
    const found = result.Items ?? [];
    if (found.length >= needed) {
      items.push(...found.slice(0, needed));
      const last = items[items.length - 1]!;
      const more = found.length > needed || result.LastEvaluatedKey !== undefined || previousMonth(month) >= feedStartMonth;
      const lastKey = { pk: last.pk, sk: last.sk, gsi1pk: last.gsi1pk, gsi1sk: last.gsi1sk };
      return { items, nextCursor: more ? encode({ month, key: lastKey }) : null };
    }
    items.push(...found);
    key = result.LastEvaluatedKey;
    if (!key) month = previousMonth(month);
    if (scanned >= maxScannedPerPage && month >= feedStartMonth) return { items, nextCursor: encode({ month, key }) };
  }
  return { items, nextCursor: null };
}
