import type { Db } from '../db/client.ts';
import { failedConditions, forEachLimited, retry, transact } from '../db/write.ts';
import { idempotencyOf, writeOnce } from '../idempotency/idempotency.repo.ts';
import { DomainError, notFound } from '../error.ts';
import { mergedPage, mergedPages } from '../db/merge.ts';
import { fn } from '../fn.ts';
import { listPageInput } from '../shared.schema.ts';
import { isOrder, orderTickets } from '../order/order.repo.ts';
import { refundTransaction } from './refund-transaction.ts';
import { changeTransactionStatus } from './status-transaction.ts';
import { createTransaction } from './create-transaction.ts';
import {
  detailFromItem,
  fromItem,
  getTransactionItemById,
  pageTransactionItems,
  rowFromItem,
  transactionsByDate,
} from './transaction.repo.ts';
import {
  bulkTransactionsInput,
  createRefundInput,
  createTransactionInput,
  transactionIdInput,
  transactionsPageInput,
  updateTransactionStatusInput,
  type BulkResult,
} from './transaction.schema.ts';

/** Records a transaction and every counter it moves (POST /api/transactions). */
export const create = fn(createTransactionInput, (db, input, actor) => createTransaction(db, input, actor));

/** The transaction view (GET /api/transactions/{id}): the listed fields, its version and refunds. */
export const get = fn(transactionIdInput, async (db, { id }) => {
  const item = await getTransactionItemById(db, id);
  if (!item) throw notFound('Transaction');
  return detailFromItem(item, isOrder(item) ? await orderTickets(db, item.codePrefix) : undefined);
});

/** POST /api/transactions/{id}/status: a pending transaction becomes completed or failed. */
export const updateStatus = fn(updateTransactionStatusInput, (db, input, actor) => changeTransactionStatus(db, input, actor));

/** POST /api/transactions/{id}/refunds: part or all of what remains goes back. */
export const createRefund = fn(createRefundInput, (db, input, actor) => refundTransaction(db, input, actor));

/** Ids a bulk action works on at once: a few transactions in flight, not a hundred. */
const bulkConcurrency = 4;

/**
 * POST /api/transactions/bulk: each id done or refused on its own, in the order sent. With an
 * Idempotency-Key each id's change is keyed under it too, so a retry (or ten at once) changes
 * each transaction once, and the whole answer is recorded for the next retry.
 */
export const bulk = fn(bulkTransactionsInput, async (db, input, actor) => {
  const idempotency = idempotencyOf('transactions.bulk', input, actor);
  return writeOnce<{ results: BulkResult[] }>(db, idempotency, async (keep) => {
    const results: BulkResult[] = new Array(input.ids.length);
    let busy = false;
    await forEachLimited(input.ids, bulkConcurrency, async (id, index) => {
      const idempotencyKey = idempotency && `${idempotency.key}#${index}`;
      try {
        const done =
          input.action === 'refund'
            ? await refundTransaction(db, { id, reason: input.reason!, idempotencyKey }, actor)
            : await changeTransactionStatus(
                db,
                { id, status: input.action === 'complete' ? 'completed' : 'failed', idempotencyKey },
                actor,
              );
        results[index] = { id, ok: true, status: done.status };
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        busy ||= error.kind === 'unavailable';
        results[index] = { id, ok: false, error: error.message };
      }
    });
    const answer = { results };
    // An id refused only because the store was busy is not an answer to keep: a retry tries it again.
    const record = busy ? [] : keep(answer);
    if (record.length === 0) return answer;
    try {
      await transact(db, record);
    } catch (error) {
      if (failedConditions(error)?.length) return retry;
      throw error;
    }
    return answer;
  });
});

/**
 * A page of transactions, newest first, with event titles and customer names: the transactions
 * screen at any size. A search looks through the whole history, a bounded stretch per page.
 */
export const page = fn(transactionsPageInput, async (db, input) => {
  const result = await pageTransactionItems(db, input);
  return { ...result, items: result.items.map(rowFromItem) };
});

/** Every transaction, newest first, a page at a time (GET /api/transactions streams them). */
export async function* listPages(db: Db) {
  for await (const items of mergedPages(db, transactionsByDate())) yield items.map(fromItem);
}

/** At most `limit` transactions, newest first, from a cursor (GET /api/transactions?limit=N&cursor=C). */
export const listPage = fn(listPageInput, async (db, input) => {
  const { items, nextCursor } = await mergedPage(db, transactionsByDate(), input.limit, input.cursor);
  return { items: items.map(fromItem), nextCursor };
});
