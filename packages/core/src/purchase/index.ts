import type { Db } from '../db/client.ts';
import { fn } from '../fn.ts';
import { fromItem, listTransactionItems, recordPurchase } from './purchase.repo.ts';
import { createTransactionInput } from './purchase.schema.ts';

/** Records a purchase and every counter it moves (POST /api/transactions). */
export const create = fn(createTransactionInput, (db, input) => recordPurchase(db, input));

/** Every transaction, newest first. */
export async function list(db: Db) {
  return (await listTransactionItems(db)).map(fromItem);
}
