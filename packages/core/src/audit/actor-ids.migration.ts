import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from '../db/client.ts';
import { keys } from '../db/keys.ts';
import { queryPages } from '../db/query.ts';
import { conditional, forEachLimited } from '../db/write.ts';
import type { Migration } from '../maintenance/migration.ts';
import { feedMonths, memberIdOfUsername } from './audit.repo.ts';

/**
 * The member a record from before actor ids names, read from its text: a username, or an API
 * token's `token:<name> (<owner>)` (usernames hold no parentheses, so the owner is what the last
 * ` (` opens, whatever the token's name). A failed sign-in names whoever was typed, not someone
 * acting: no member. Which token acted is not known from the text: those records match their
 * owner, not one token.
 */
async function memberOf(db: Db, record: { actor?: unknown; action?: unknown }, found: Map<string, string | undefined>) {
  const actor = String(record.actor ?? '');
  if (record.action === 'sign_in_failed' || actor === 'system') return undefined;
  const owner = actor.startsWith('token:') && actor.endsWith(')') ? actor.slice(actor.lastIndexOf(' (') + 2, -1) : actor;
  if (!found.has(owner)) found.set(owner, await memberIdOfUsername(db, owner));
  return found.get(owner);
}

/**
 * Data migration `audit-actor-ids-v1`: gives every history record from before actor ids its
 * `actorMemberId` (null when no member acted), so `?actor=` matches ids only. Walks the feed's
 * months once; each update is conditional on the record still having none, so it can run again,
 * or beside new writes, without harm. For the migrations list (run once, locally and on AWS);
 * until it has run, the feed matches such records by the member's exact username (audit.repo.ts).
 */
export async function backfillAuditActorIds(db: Db, outOfTime: () => boolean = () => false) {
  const found = new Map<string, string | undefined>();
  let updated = 0;
  for await (const month of feedMonths(db, new Date().toISOString().slice(0, 7))) {
    for (const partition of keys.auditFeedPartitions(month)) {
      const pages = queryPages(db, {
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :pk',
        FilterExpression: 'attribute_not_exists(actorMemberId)',
        ExpressionAttributeValues: { ':pk': partition },
      });
      for await (const records of pages) {
        await forEachLimited(records, 8, async (record) => {
          const memberId = await memberOf(db, record, found);
          const given = new UpdateCommand({
            TableName: db.tableName,
            Key: { pk: record.pk, sk: record.sk },
            UpdateExpression: 'SET actorMemberId = :member',
            ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(actorMemberId)',
            ExpressionAttributeValues: { ':member': memberId ?? null },
          });
          if (await conditional(db.doc.send(given))) updated += 1;
        });
        if (outOfTime()) return { updated, done: false };
      }
    }
  }
  return { updated, done: true };
}

export const auditActorIds: Migration = {
  name: 'audit-actor-ids-v1',
  run: (db, { outOfTime }) => backfillAuditActorIds(db, outOfTime),
};
