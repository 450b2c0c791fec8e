import type { Db } from '../db/client.ts';
import { fn } from '../fn.ts';
import { fromItem, listTransactionItems, pageTransactionItems, createTransaction, toRows } from './transaction.repo.ts';
import { createTransactionInput, transactionsPageInput } from './transaction.schema.ts';

/** Records a purchase and every counter it moves (POST /api/transactions). */
export const create = fn(createTransactionInput, (db, input) => createTransaction(db, input));

/** Every transaction, newest first. */
export async function list(db: Db) {
  return (await listTransactionItems(db)).map(fromItem);
}

/**
 * A page of transactions, newest first, with event titles and customer names: the transactions
 * screen at any size. A search looks through the whole history, a bounded stretch per page.
 */
export const page = fn(transactionsPageInput, async (db, input) => {
  const result = await pageTransactionItems(db, input);
  return { ...result, items: await toRows(db, result.items) };
});
