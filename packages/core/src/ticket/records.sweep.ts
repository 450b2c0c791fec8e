import type { Db } from '../db/client.ts';
import { keys } from '../db/keys.ts';
import { forEachLimited } from '../db/write.ts';
import type { Sweep } from '../jobs/registry.ts';
import { dueItems } from '../webhook/webhook.repo.ts';
import { getCodeItem, ticketRecordsWritten, writeOrderRecords } from './ticket.repo.ts';

/**
 * The orders whose tickets' records a crash left unwritten (their code item still due a minute
 * after its commit, order/order.repo.ts): each order's missing records written, then its mark
 * removed. Safe to repeat and to race its order's own writer (a record is put only if absent).
 * Up to `limit` per shard of the due index a run; the rest on the next.
 */
export async function sweepTicketRecords(db: Db, now: Date, limit = 100) {
  const pages = await Promise.all(keys.ticketRecordsDuePartitions().map((pk) => dueItems(db, pk, now, limit)));
  let written = 0;
  await forEachLimited(
    pages.flatMap((page) => page.items),
    4,
    async (due) => {
      // gsi1sk is `<dueAt>#<prefix>` (keys.ticketRecordsDue)
      const prefix = String(due.gsi1sk).split('#').pop()!;
      const codes = await getCodeItem(db, prefix);
      if (codes && (await writeOrderRecords(db, codes))) written += 1;
      await ticketRecordsWritten(db, prefix, String(due.gsi1sk));
    },
  );
  return { written, more: pages.some((page) => page.after !== undefined) };
}

/** The sweep as background work (core/background.ts). */
export const ticketRecordsSweep: Sweep = {
  name: 'ticket-records',
  async run(db, { now }) {
    const { written, more } = await sweepTicketRecords(db, now);
    return { changed: written, more };
  },
};
