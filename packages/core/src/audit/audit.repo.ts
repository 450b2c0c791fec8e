import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import type { Db } from '../db/client.ts';
import { keys } from '../db/keys.ts';
import { mergedSearchPage } from '../db/merge.ts';
import { queryPage, queryPages, stripKeys } from '../db/query.ts';
import { companion, type Companion, type TransactItem } from '../db/write.ts';
import { DomainError } from '../error.ts';
import type { Actor } from '../fn.ts';
import type { AuditChange, AuditEntity, AuditEntry } from './audit.schema.ts';

/** What a write says about itself; the record adds its id, time and keys. */
export interface AuditInput {
  actor: Actor;
  action: string;
  entity: AuditEntity;
  entityId: string;
  summary: string;
  changes?: AuditChange[];
  /** shown behind the bell: refunds, failed payments, failed sign-ins */
  notable?: boolean;
  /** security events (entity `auth`): the client address the request came from */
  address?: string;
}

/** Months this process has committed a mark for, per table: later records of the month need none. */
const markedMonths = new WeakMap<Db, Set<string>>();
const marked = (db: Db) => markedMonths.get(db) ?? markedMonths.set(db, new Set()).get(db)!;

/**
 * The mark of a month that holds records, written in the same transaction as a record of it (so a
 * month with records always has its mark), by the first of them in each process: one write per
 * process and month, not a hot item every record writes.
 */
const monthMark = (month: string): Companion => ({
  key: `audit-month#${month}`,
  item: (db) => (marked(db).has(month) ? undefined : { Put: { Item: { ...keys.auditMonth(month), month } } }),
  committed: (db) => void marked(db).add(month),
});

/** A member acting, and from where: the history's actor and, for security events, its address. */
export interface MemberActor {
  userId: string;
  username: string;
  address: string;
}

/** The history's actor for a member acting. */
export const memberActor = (member: { userId: string; username: string }): Actor => ({ name: member.username, memberId: member.userId });

/** A security event's history record (entity `auth`, filed under the member): never a secret, a code or a token. */
export const securityEvent = (actor: MemberActor, action: string, summary: string, notable = false) =>
  auditPut({ actor: memberActor(actor), action, entity: 'auth', entityId: actor.username, summary, address: actor.address, notable });

/**
 * The history record's Put, to ride in the same TransactWriteItems as the change it records, so
 * no change exists without its record. Its own partition serves one entity's history; gsi1 a
 * partition per month serves the whole feed, and its month's mark comes along (monthMark).
 */
export function auditPut(input: AuditInput, now = new Date(), id: string = randomUUID()): TransactItem {
  const at = now.toISOString();
  const { notable, changes = [], actor, ...fields } = input;
  return {
    Put: {
      Item: {
        ...keys.audit(input.entity, input.entityId, at, id),
        ...keys.auditFeed(at, id),
        id,
        at,
        ...fields,
        actor: actor.name,
        // the ids `?actor=` matches; null when no member acts (system, a failed sign-in), so a
        // record always says, and records from before the ids are told apart (actorFilter)
        actorMemberId: actor.memberId ?? null,
        ...(actor.tokenId ? { actorTokenId: actor.tokenId } : {}),
        changes,
        ...(notable ? { notable: true } : {}),
      },
    },
    [companion]: monthMark(at.slice(0, 7)),
  };
}

export function fromItem(item: Record<string, unknown>): AuditEntry {
  const { notable, actorMemberId, actorTokenId, ...entry } = stripKeys(item);
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

/** One entity's whole history, newest first, a Query page at a time (a customer's data export). */
export function entityAuditPages(db: Db, entity: AuditEntity, entityId: string) {
  const { pk } = keys.audit(entity, entityId, '', '');
  // consistent: an erasure reading it must see a record committed just before
  return queryPages(db, {
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': pk },
    ScanIndexForward: false,
    ConsistentRead: true,
  });
}

/**
 * Months whose records may be older than the month marks (the feed began in 2026-11, before months
 * were marked): walked even unmarked, so no record stored before is lost. A fixed pair, read only
 * at the very end of the feed, so it never makes the newest page dearer.
 */
const unmarkedMonths = ['2026-12', '2026-11'];
/** Items one page of a filtered feed may evaluate: bounds its cost and time. */
const maxScannedPerPage = 3000;
/** Months one page may read: a filter that matches nothing in years still answers quickly, with a cursor. */
const maxMonthsPerPage = 12;

/**
 * The months of the feed from `from` back, newest first: the marked ones, read a dozen marks a
 * Query, and the unmarked pair. Empty months are never visited, so what a page costs follows
 * the months it shows, never the length of the history.
 */
export async function* feedMonths(db: Db, from: string): AsyncGenerator<string> {
  let unmarked = unmarkedMonths.filter((month) => month <= from);
  let start: Record<string, unknown> | undefined;
  do {
    const page = await db.doc.send(
      new QueryCommand({
        TableName: db.tableName,
        KeyConditionExpression: 'pk = :pk AND sk <= :from',
        ExpressionAttributeValues: { ':pk': keys.auditMonthsPartition, ':from': from },
        ScanIndexForward: false,
        // A mark written a moment ago counts: the month it opens is the newest page.
        ConsistentRead: true,
        Limit: 12,
        ExclusiveStartKey: start,
      }),
    );
    for (const { sk } of page.Items ?? []) {
      const month = String(sk);
      while (unmarked[0] !== undefined && unmarked[0] > month) yield unmarked.shift()!;
      unmarked = unmarked.filter((m) => m !== month);
      yield month;
    }
    start = page.LastEvaluatedKey;
  } while (start);
  yield* unmarked;
}

/**
 * `?actor=` as stored ids: a member's id (a username names its member), or an API token's id.
 * `username`: records from before ids were stored (no `actorMemberId` at all) match by the
 * member's own username, until the actor-ids migration has given them their ids.
 */
export interface ActorFilter {
  id: string;
  username?: string;
}

/** The member a username names (its claim), for `?actor=<username>`. */
export async function memberIdOfUsername(db: Db, username: string) {
  const claim = await db.doc.send(new GetCommand({ TableName: db.tableName, Key: keys.username(username), ConsistentRead: true }));
  return claim.Item ? String(claim.Item.userId) : undefined;
}

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
 * month, the month's partitions (one per shard, db/shards.ts) merged by time, walking back
 * through the months that hold records (feedMonths) from the cursor's (now's). The cursor holds
 * the month and the position within it, so the next page goes on exactly there.
 */
export async function pageFeedItems(
  db: Db,
  page: { limit: number; cursor?: string | null; entity?: AuditEntity; notable?: boolean; actor?: ActorFilter },
  now = new Date(),
) {
  const filters = [
    ...(page.entity ? ['entity = :entity'] : []),
    ...(page.notable ? ['notable = :true'] : []),
    // one member's changes (their API tokens' included), or one token's, by the ids stored
    ...(page.actor
      ? [
          `(actorMemberId = :actorId OR actorTokenId = :actorId${page.actor.username ? ' OR (attribute_not_exists(actorMemberId) AND actor = :username)' : ''})`,
        ]
      : []),
  ];
  const values = {
    ...(page.entity ? { ':entity': page.entity } : {}),
    ...(page.notable ? { ':true': true } : {}),
    ...(page.actor ? { ':actorId': page.actor.id } : {}),
    ...(page.actor?.username ? { ':username': page.actor.username } : {}),
  };
  const from = page.cursor ? decode(page.cursor) : { month: now.toISOString().slice(0, 7), at: undefined };
  const months = feedMonths(db, from.month);
  const nextMonth = async () => (await months.next()).value ?? undefined;
  let month = await nextMonth();
  let at = from.at;
  const items: Record<string, unknown>[] = [];
  let scanned = 0;
  let monthsRead = 0;
  while (month !== undefined) {
    const result = await mergedSearchPage(
      db,
      {
        IndexName: 'gsi1',
        partitions: keys.auditFeedPartitions(month),
        ...(filters.length
          ? {
              FilterExpression: filters.join(' AND '),
              ExpressionAttributeValues: values,
            }
          : {}),
        ScanIndexForward: false,
      },
      { limit: page.limit - items.length, cursor: at, ...(filters.length ? { maxScanned: maxScannedPerPage - scanned } : {}) },
    );
    scanned += result.scanned;
    items.push(...result.items);
    at = result.nextCursor ?? undefined;
    if (!at) {
      month = await nextMonth();
      monthsRead += 1;
    }
    if (items.length >= page.limit || (filters.length && scanned >= maxScannedPerPage) || monthsRead >= maxMonthsPerPage) {
      return { items, nextCursor: month !== undefined ? encode({ month, at }) : null };
    }
  }
  return { items, nextCursor: null };
}
