import { fn } from '../fn.ts';
import { fromItem, pageEntityAuditItems, pageFeedItems } from './audit.repo.ts';
import { listAuditInput } from './audit.schema.ts';

/** GET /api/audit: one entity's history (entity and id), or the whole feed, newest first. */
export const list = fn(listAuditInput, async (db, input) => {
  const page =
    input.entity && input.id
      ? await pageEntityAuditItems(db, input.entity, input.id, input.limit, input.cursor)
      : await pageFeedItems(db, input);
  const items = page.items.map(fromItem);
  return { items, nextCursor: page.nextCursor };
});
