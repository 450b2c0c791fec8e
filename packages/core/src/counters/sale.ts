import type { TransactItem } from '../db/write.ts';
import { customerCountersUpdate, type CustomerCounterDelta } from './customer-counts.ts';
import type { DayGen } from './day-zone.ts';
import type { DayMove } from './days.ts';
import { counterWrites, type Moves } from './moves.ts';

/** A sale as its counters need it. */
export interface Sale {
  eventId: string;
  customerId: string;
  amountCents: number;
  /** the day its purchase counts on */
  purchaseDate: string;
}

/** A change of a sale: recorded, completed later, failed, or (part) refunded. */
export type SaleChange =
  | { kind: 'record'; completed: boolean }
  | { kind: 'complete' }
  | { kind: 'fail' }
  | { kind: 'refund'; amountCents: number; at: string; ends: boolean };

/**
 * The one account of what a change of a sale moves. A sale (a completed purchase, until a full
 * refund ends it) counts on the dashboard's ticket sales, its event's completed purchases and
 * sales, its purchase day's purchases and revenue (whenever it becomes one), and its customer's
 * completed count (active customers); a refund counts on the day it is made. Days are the
 * business's, in each generation of `gens` (counters/day-zone.ts: dayTargets). Every transaction,
 * whatever its status, counts once on the totals (count, amount), on its customer (unique
 * customers) and on its event (what an event's delete checks). Pure: no item is read.
 */
export function saleMoves(sale: Sale, change: SaleChange, gens: readonly DayGen[]): { moves: Moves; customer: CustomerCounterDelta } {
  const { eventId, amountCents: amount, purchaseDate } = sale;
  const sold = (sign: 1 | -1, cents: number) => ({
    totals: { ticketSalesCents: sign * cents },
    event: { id: eventId, add: { completedPurchases: sign as number, salesCents: sign * cents } },
  });
  const purchaseDay = { date: purchaseDate, eventId, add: { purchases: 1, revenueCents: amount } };
  switch (change.kind) {
    case 'record': {
      const moves = change.completed ? sold(1, amount) : { totals: {}, event: { id: eventId, add: {} } };
      return {
        moves: {
          totals: { ...moves.totals, transactionCount: 1, transactionAmountCents: amount },
          event: { id: eventId, add: { ...moves.event.add, transactions: 1 } },
          days: change.completed ? [purchaseDay] : [],
          gens,
        },
        customer: { transactions: 1, completed: change.completed ? 1 : 0 },
      };
    }
    case 'complete':
      return { moves: { ...sold(1, amount), days: [purchaseDay], gens }, customer: { transactions: 0, completed: 1 } };
    case 'fail':
      return { moves: {}, customer: { transactions: 0, completed: 0 } };
    case 'refund': {
      const ended = sold(-1, change.amountCents);
      if (!change.ends) ended.event.add.completedPurchases = 0;
      return {
        moves: { ...ended, days: [{ date: change.at, eventId, add: { refundsCents: change.amountCents } }], gens },
        customer: { transactions: 0, completed: change.ends ? -1 : 0 },
      };
    }
  }
}

/**
 * The writes of a change of a sale, to ride in its TransactWriteItems: the customer's COUNTS
 * (conditional where it moves unique or active customers, on `counts` as read) and every counter
 * saleMoves names, on one shard. `unique`: whether this made the customer's first transaction.
 */
export function saleWrites(
  sale: Sale,
  change: SaleChange,
  counts: Record<string, unknown> | undefined,
  gens: readonly DayGen[],
  now = new Date(),
) {
  const { moves, customer } = saleMoves(sale, change, gens);
  if (customer.transactions === 0 && customer.completed === 0) return { items: counterWrites(moves, now), unique: false };
  const counted = customerCountersUpdate(sale.customerId, counts, customer, change.kind === 'record');
  const totals = { ...moves.totals, ...nonZero(counted.totals) };
  const items: TransactItem[] = [...(counted.update ? [counted.update] : []), ...counterWrites({ ...moves, totals }, now)];
  return { items, unique: counted.totals.uniqueCustomers > 0 };
}

const nonZero = (figures: Record<string, number>) => Object.fromEntries(Object.entries(figures).filter(([, n]) => n !== 0));

/** A stored transaction as its day figures need it. */
export interface SaleRecord extends Sale {
  status?: string;
  refunds?: readonly { amountCents: number; createdAt: string }[];
}

/**
 * Everything a transaction has moved on the day figures, as one list: what saleMoves moved over
 * its whole life added up (a sale ever completed: its purchase day's purchase and revenue; each
 * refund on its own day). What a rebuild of the days (counters/rebuild.job.ts) counts for it.
 * Only a pending transaction changes status, to completed or failed, so one that is completed or
 * refunded (partly or fully) was completed once.
 */
export function saleDayMoves(record: SaleRecord): DayMove[] {
  const { eventId, amountCents, purchaseDate, status, refunds = [] } = record;
  const sold = status === 'completed' || status === 'partially_refunded' || status === 'refunded';
  return [
    ...(sold ? [{ date: purchaseDate, eventId, add: { purchases: 1, revenueCents: amountCents } }] : []),
    ...refunds.map((refund) => ({ date: refund.createdAt, eventId, add: { refundsCents: refund.amountCents } })),
  ];
}
