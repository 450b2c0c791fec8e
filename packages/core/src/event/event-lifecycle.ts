import { announce } from '../webhook/outbox.ts';
import type { Actor } from '../fn.ts';
import { currentEndpoints } from '../webhook/webhook.repo.ts';
import type { Db } from '../db/client.ts';
import { keys } from '../db/keys.ts';
import { failedConditions, retry, transact, withRetry } from '../db/write.ts';
import { notFound, staleVersion } from '../error.ts';
import { auditPut } from '../audit/audit.repo.ts';
import { diffFields } from '../audit/audit.rules.ts';
import { conversionMilli } from '../stats/stats.rules.ts';
import { canBeUpcoming } from './event.rules.ts';
import { fromItem, getEventItem } from './event.repo.ts';

// Archiving (issue 20) takes an event off the screens' lists (it moves to its own gsi1 partition,
// and leaves the conversion rank and the upcoming index) and keeps every figure it counts in.
// Deleting, for a mistake with no transactions, is event-delete.ts's.

/**
 * Archives (`archived`) or unarchives an event, conditional on the version read (the client's,
 * when sent, must be that one). Already so: answered as it is, so a retry changes nothing.
 */
export async function setArchived(db: Db, input: { id: string; version?: number | undefined }, archived: boolean, actor: Actor) {
  const endpoints = await currentEndpoints(db);
  return withRetry(async () => {
    const now = new Date().toISOString();
    const before = await getEventItem(db, input.id, true);
    if (!before) throw notFound('Event');
    if ((before.archivedAt !== undefined) === archived) return fromItem(before);
    const seen = Number(before.version ?? 0);
    if (input.version !== undefined && input.version !== seen) throw staleVersion('This event was');
    const id = input.id;
    const after: Record<string, unknown> = { ...before, updatedAt: now, version: seen + 1 };
    let update: { UpdateExpression: string; ExpressionAttributeValues: Record<string, unknown> };
    if (archived) {
      after.archivedAt = now;
      update = {
        UpdateExpression: 'SET archivedAt = :now, updatedAt = :now, version = :next, gsi1pk = :gsi1pk REMOVE gsi2pk, gsi4pk, gsi4sk',
        ExpressionAttributeValues: { ':gsi1pk': keys.archivedEventsByCreated('', id).gsi1pk },
      };
    } else {
      delete after.archivedAt;
      const rank = keys.eventsByConversion(conversionMilli(Number(before.completedPurchases ?? 0), Number(before.pageViews ?? 0)), id);
      const upcoming = canBeUpcoming(String(before.status)) ? keys.upcomingEvents(String(before.date), id) : undefined;
      update = {
        UpdateExpression:
          'SET updatedAt = :now, version = :next, gsi1pk = :gsi1pk, gsi2pk = :gsi2pk, gsi2sk = :gsi2sk' +
          `${upcoming ? ', gsi4pk = :gsi4pk, gsi4sk = :gsi4sk' : ''} REMOVE archivedAt`,
        ExpressionAttributeValues: {
          ':gsi1pk': keys.eventsByCreated('', id).gsi1pk,
          ':gsi2pk': rank.gsi2pk,
          ':gsi2sk': rank.gsi2sk,
          ...(upcoming ? { ':gsi4pk': upcoming.gsi4pk, ':gsi4sk': upcoming.gsi4sk } : {}),
        },
      };
    }
    try {
      await transact(db, [
        {
          Update: {
            Key: keys.event(id),
            UpdateExpression: update.UpdateExpression,
            ConditionExpression: 'version = :version',
            ExpressionAttributeValues: { ...update.ExpressionAttributeValues, ':now': now, ':next': seen + 1, ':version': seen },
          },
        },
        auditPut({
          actor,
          action: archived ? 'archived' : 'unarchived',
          entity: 'event',
          entityId: id,
          summary: `${archived ? 'Archived' : 'Unarchived'} ${String(before.title)}`,
          changes: diffFields(before, after, ['archivedAt']),
        }),
        // unarchived, it is on the lists again: an update as far as an integration can tell
        ...announce(endpoints, archived ? 'event.archived' : 'event.updated', fromItem(after)),
      ]);
    } catch (error) {
      if (!failedConditions(error)?.includes(0)) throw error;
      if (input.version !== undefined) throw staleVersion('This event was');
      return retry;
    }
    return fromItem(after);
  });
}
