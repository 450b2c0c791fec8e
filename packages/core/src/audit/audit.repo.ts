import { randomUUID } from 'node:crypto';
import type { Db } from '../db/client.ts';
import { keys } from '../db/keys.ts';
import { mergedSearchPage } from '../db/merge.ts';
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
  /** the month's merged-list cursor (db/merge.ts) */
  at?: string;
}

const encode = (cursor: FeedCursor) => Buffer.from(JSON.stringify(cursor)).toString('base64url');

function decode(cursor: string): FeedCursor {
  try {
    const value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as FeedCursor;
    if (/^\d{4}-\d{2}$/.test(value.month) && (value.at === undefined || typeof value.at === 'string')) return value;
  } catch {
    // the typed error below
  }
  throw new DomainError('invalid', 'The page cursor is not valid');
}

/**
 * The whole feed, newest first, optionally only one entity kind or the notable records: per
 * month, the month's partitions (one per shard, db/shards.ts) merged by time, walking months
 * backwards from the cursor's (now's) to the first. The cursor holds the month and the position
 * within it, so the next page goes on exactly there.
 */
export async function pageFeedItems(
  db: Db,
  page: { limit: number; cursor?: string | null; entity?: AuditEntity; notable?: boolean },
  now = new Date(),
) {
  const filters = [...(page.entity ? ['entity = :entity'] : []), ...(page.notable ? ['notable = :true'] : [])];
  let { month, at } = page.cursor ? decode(page.cursor) : { month: now.toISOString().slice(0, 7), at: undefined };
  const items: Record<string, unknown>[] = [];
  let scanned = 0;
  while (month >= feedStartMonth) {
    const result = await mergedSearchPage(
      db,
      {
        IndexName: 'gsi1',
        partitions: keys.auditFeedPartitions(month),
        ...(filters.length
          ? {
              FilterExpression: filters.join(' AND '),
              ExpressionAttributeValues: { ...(page.entity ? { ':entity': page.entity } : {}), ...(page.notable ? { ':true': true } : {}) },
            }
          : {}),
        ScanIndexForward: false,
      },
      { limit: page.limit - items.length, cursor: at, ...(filters.length ? { maxScanned: maxScannedPerPage - scanned } : {}) },
    );
    scanned += result.scanned;
    items.push(...result.items);
    at = result.nextCursor ?? undefined;
    if (!at) month = previousMonth(month);
    const more = at !== undefined || month >= feedStartMonth;
    if (items.length >= page.limit || (filters.length && scanned >= maxScannedPerPage)) {
      return { items, nextCursor: more ? encode({ month, at }) : null };
    }
  }
  return { items, nextCursor: null };
}
