import type { Db } from '../db/client.ts';
import { keys } from '../db/keys.ts';
import { partitionPages } from '../db/merge.ts';
import { failedConditions, forEachLimited, transact } from '../db/write.ts';
import type { Migration } from '../maintenance/migration.ts';
import { isOrder } from '../order/order.repo.ts';
import type { TicketInfo } from '../order/order.schema.ts';
import { transactionsByDate } from '../transaction/transaction.repo.ts';
import { perType, ticketCounterAdd } from './counters.ts';
import { getCodeItem, writeTicketRecords, type TicketOrder } from './ticket.repo.ts';

/**
 * One order from before ticket records: its records written (those missing), and once (its code
 * item marked `counted` in the same transaction) its tickets added to the door counts, or, when it
 * failed or was refunded in full already, its code item marked void instead.
 */
async function convertOrder(db: Db, order: Record<string, unknown> & TicketOrder & { codePrefix: string; status: string }) {
  const codes = await getCodeItem(db, order.codePrefix);
  if (!codes) return 0;
  const tickets = (codes.tickets ?? []) as TicketInfo[];
  await writeTicketRecords(db, order, tickets);
  if (codes.counted) return 1;
  const voided = order.status === 'failed' || order.status === 'refunded';
  const counter = voided ? null : ticketCounterAdd(order.eventId, perType(tickets, 1));
  try {
    await transact(db, [
      {
        Update: {
          Key: keys.ticketCodes(order.codePrefix),
          UpdateExpression: voided ? 'SET counted = :yes, voidedAt = if_not_exists(voidedAt, :now)' : 'SET counted = :yes',
          ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(counted)',
          ExpressionAttributeValues: { ':yes': true, ...(voided ? { ':now': new Date().toISOString() } : {}) },
        },
      },
      ...(counter ? [counter] : []),
    ]);
  } catch (error) {
    // counted meanwhile by another run
    if (!failedConditions(error)?.length) throw error;
  }
  return 1;
}

/** tickets-v1: every order's tickets as records of their own, and the door counts, for orders placed before them. */
export const ticketRecords: Migration = {
  name: 'tickets-v1',
  async run(db, { outOfTime }) {
    let updated = 0;
    for await (const page of partitionPages(db, transactionsByDate())) {
      const orders = page.filter((item) => isOrder(item)) as unknown as Parameters<typeof convertOrder>[1][];
      await forEachLimited(orders, 4, async (order) => void (updated += await convertOrder(db, order)));
      if (outOfTime()) return { updated, done: false };
    }
    return { updated };
  },
};
