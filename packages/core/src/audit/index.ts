import { fn } from '../fn.ts';
import type { Db } from '../db/client.ts';
import { fromItem, memberIdOfUsername, pageEntityAuditItems, pageFeedItems, type ActorFilter } from './audit.repo.ts';
import { listAuditInput } from './audit.schema.ts';

/** GET /api/audit: one entity's history (entity and id), or the whole feed, newest first. */
export const list = fn(listAuditInput, async (db, input) => {
  const page =
    input.entity && input.id
      ? await pageEntityAuditItems(db, input.entity, input.id, input.limit, input.cursor)
      : await pageFeedItems(db, { ...input, actor: input.actor ? await actorFilter(db, input.actor) : undefined });
  const items = page.items.map(fromItem);
  return { items, nextCursor: page.nextCursor };
});

/** `?actor=`: a username (its member's id), else a member's or an API token's id as given. */
async function actorFilter(db: Db, actor: string): Promise<ActorFilter> {
  const memberId = await memberIdOfUsername(db, actor);
  return memberId ? { id: memberId, username: actor.toLowerCase() } : { id: actor };
}
