import { randomUUID } from 'node:crypto';
import { customerErased, customerExists, customerWithCountsKeys } from '../customer/customer.repo.ts';
import { dayState, dayTargets, newDayGen } from '../counters/day-zone.ts';
import { saleWrites } from '../counters/sale.ts';
import { keys } from '../db/keys.ts';
import { getNamed } from '../db/query.ts';
import type { Db } from '../db/client.ts';
import { failedConditions, retry, transact, type TransactItem } from '../db/write.ts';
import { notFound } from '../error.ts';
import { eventCountersMoved } from '../event/counters.ts';
import { auditPut, type AuditInput } from '../audit/audit.repo.ts';
import { diffFields } from '../audit/audit.rules.ts';
import { systemActor, type Actor } from '../fn.ts';
import { idempotencyOf, writeOnce, type AnswerKeeping, type Idempotency } from '../idempotency/idempotency.repo.ts';
import { webhookOutbox } from '../webhook/outbox.ts';
import { formatCents } from './money.ts';
import type { TransactionInfo } from './transaction.schema.ts';
import {
  fromItem,
  transactionItem,
  transactionPointerPut,
  transactionPut,
  type CreateInput,
  type TransactionItem,
} from './transaction.repo.ts';

/**
 * What a sale writes beside a plain purchase (an order: core/order/place-order.ts): fields on the
 * transaction item, more items in its transaction, its own answer (also the webhook's body), what
 * its history record adds, and how the transaction is sent (an order's takes its tickets with it).
 */
export interface SaleParts<T> {
  input: CreateInput;
  /** the item's extra fields, given the takes the write chose */
  fields?: (takes: unknown[]) => object;
  items?: (item: TransactionItem) => TransactItem[];
  answer?: (info: TransactionInfo, item: TransactionItem & Record<string, unknown>) => T;
  /** what the history record says beside the transaction's fields */
  recorded?: { summary: string; changes: NonNullable<AuditInput['changes']> };
  /** lands `own(takes)` in one TransactWriteItems (default: as it is, with no takes) */
  write?: (own: (takes: unknown[]) => Promise<TransactItem[]>) => Promise<unknown>;
}

/**
 * Records a transaction with every counter it moves, in one DynamoDB transaction: the
 * transaction and its id's pointer (both refused if the id is taken); what a recorded sale moves
 * (counters/sale.ts: the customer's counts, conditional only on a first transaction or first
 * sale; ADDs on one shard of the totals, the event's counters, refused while the event is being
 * deleted, and, completed, its purchase day's figures); its history record; with an
 * Idempotency-Key, the answer, so a retry with that key gets it again and records nothing.
 * Nothing shared by buyers is read and written back, so an on-sale's purchases do not collide;
 * the event's copy of its counters (lists, rank) is refreshed after.
 */
export async function createTransaction(db: Db, input: CreateInput, actor = systemActor, now = new Date()) {
  return recordSale<TransactionInfo>(db, idempotencyOf('transactions.create', input, actor), async () => ({ input }), actor, now);
}

/**
 * The one way a sale is recorded (a purchase, an order): `prepare` runs in each attempt (an
 * order's checks and take plan), then the transaction as createTransaction describes it, with
 * the parts the sale adds. A failed condition of its own items tries again (or answers the
 * request that won with the same Idempotency-Key).
 */
export async function recordSale<T>(
  db: Db,
  idempotency: Idempotency | undefined,
  prepare: () => Promise<SaleParts<T>>,
  actor: Actor,
  now = new Date(),
  keeping?: AnswerKeeping<T>,
) {
  let completed = false;
  let eventId = '';
  const recorded = await writeOnce<T>(
    db,
    idempotency,
    async (keep) => {
      const parts = await prepare();
      const { input } = parts;
      ({ eventId } = input);
      completed = input.status === 'completed';
      // One round trip for the three items a purchase reads: on an on-sale night every read counts.
      const [{ event, ...customer }, days] = await Promise.all([
        getNamed(db, { event: keys.event(input.eventId), ...customerWithCountsKeys(input.customerId) }, { consistent: true }),
        dayState(db), // its day figures' zone and generation: cached, so mostly no read at all
      ]);
      if (!event) throw notFound('Event');
      if (!customer.item) throw notFound('Customer');
      if (customer.item.erasedAt) throw customerErased();
      const names = { eventTitle: String(event.title), customerName: String(customer.item.name) };
      // counted in every generation of day figures there is, the one being rebuilt too (counters/day-zone.ts)
      const base = { ...transactionItem(input, names, randomUUID(), now), dayGen: newDayGen(days) };
      const counters = saleWrites(base, { kind: 'record', completed }, customer.counts, dayTargets(days));
      let answer: T | undefined;
      const own = async (takes: unknown[]) => {
        const item = { ...base, ...parts.fields?.(takes) };
        answer = parts.answer ? parts.answer(fromItem(item), item) : (fromItem(item) as T);
        return [
          transactionPut(item),
          transactionPointerPut(item),
          ...counters.items,
          // A customer with no transaction yet may be deleted meanwhile: the first one checks it is still there.
          ...(counters.unique ? [customerExists(input.customerId)] : []),
          auditPut(createdRecord(item, actor, parts.recorded), now),
          ...(await webhookOutbox(db, 'transaction.created', answer, now)),
          ...(parts.items?.(item) ?? []),
          ...keep(answer),
        ];
      };
      try {
        await (parts.write ? parts.write(own) : own([]).then((items) => transact(db, items)));
      } catch (error) {
        if (failedConditions(error)?.length) return retry;
        throw error;
      }
      return answer!;
    },
    keeping,
  );
  if (completed) await eventCountersMoved(db, eventId);
  return recorded;
}

/** The history record of a new transaction: every field it was recorded with, and what the sale adds. */
function createdRecord(item: TransactionItem, actor: Actor, added: SaleParts<unknown>['recorded']): AuditInput {
  const shown = { ...item, amount: formatCents(item.amountCents) };
  return {
    actor,
    action: 'create',
    entity: 'transaction',
    entityId: item.id,
    summary:
      `Recorded ${shown.amount} (${item.status}) by ${item.customerName ?? 'Unknown Customer'} ` +
      `for ${item.eventTitle ?? 'Unknown Event'}${added ? `: ${added.summary}` : ''}`,
    changes: [
      ...diffFields(undefined, shown, ['eventId', 'customerId', 'amount', 'status', 'paymentMethod', 'purchaseDate']),
      ...(added?.changes ?? []),
    ],
    notable: item.status === 'failed',
  };
}
