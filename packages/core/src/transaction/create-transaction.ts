import { randomUUID } from 'node:crypto';
import { customerErased, customerExists, customerWithCountsKeys } from '../customer/customer.repo.ts';
import { saleWrites } from '../counters/sale.ts';
import { keys } from '../db/keys.ts';
import { getNamed } from '../db/query.ts';
import type { Db } from '../db/client.ts';
import { failedConditions, retry, transact } from '../db/write.ts';
import { notFound } from '../error.ts';
import { eventCountersMoved } from '../event/counters.ts';
import { auditPut, type AuditInput } from '../audit/audit.repo.ts';
import { diffFields } from '../audit/audit.rules.ts';
import { systemActor, type Actor } from '../fn.ts';
import { idempotencyOf, writeOnce } from '../idempotency/idempotency.repo.ts';
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
  const completed = input.status === 'completed';
  const id = randomUUID();
  const idempotency = idempotencyOf('transactions.create', input, actor);
  const recorded = await writeOnce<TransactionInfo>(db, idempotency, async (keep) => {
    // One round trip for the three items a purchase reads: on an on-sale night every read counts.
    const { event, ...customer } = await getNamed(
      db,
      { event: keys.event(input.eventId), ...customerWithCountsKeys(input.customerId) },
      { consistent: true },
    );
    if (!event) throw notFound('Event');
    if (!customer.item) throw notFound('Customer');
    if (customer.item.erasedAt) throw customerErased();
    const item = transactionItem(input, { eventTitle: String(event.title), customerName: String(customer.item.name) }, id, now);
    const counters = saleWrites(item, { kind: 'record', completed }, customer.counts);
    const answer = fromItem(item);
    const announced = await webhookOutbox(db, 'transaction.created', answer, now);
    try {
      await transact(db, [
        transactionPut(item),
        transactionPointerPut(item),
        ...counters.items,
        // A customer with no transaction yet may be deleted meanwhile: the first one checks it is still there.
        ...(counters.unique ? [customerExists(input.customerId)] : []),
        auditPut(createdRecord(item, actor), now),
        ...announced,
        ...keep(answer),
      ]);
    } catch (error) {
      if (failedConditions(error)?.length) return retry;
      throw error;
    }
    return answer;
  });
  if (completed) await eventCountersMoved(db, input.eventId);
  return recorded;
}

/** The history record of a new transaction: every field it was recorded with. */
function createdRecord(item: TransactionItem, actor: Actor): AuditInput {
  const shown = { ...item, amount: formatCents(item.amountCents) };
  return {
    actor,
    action: 'create',
    entity: 'transaction',
    entityId: item.id,
    summary:
      `Recorded ${shown.amount} (${item.status}) by ${item.customerName ?? 'Unknown Customer'} ` +
      `for ${item.eventTitle ?? 'Unknown Event'}`,
    changes: diffFields(undefined, shown, ['eventId', 'customerId', 'amount', 'status', 'paymentMethod', 'purchaseDate']),
    notable: item.status === 'failed',
  };
}
