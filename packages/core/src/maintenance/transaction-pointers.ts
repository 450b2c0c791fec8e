import type { Db } from '../db/client.ts';
import { mergedAll } from '../db/merge.ts';
import { batchWrite } from '../db/write.ts';
import { transactionPointerPut, transactionsByDate, type TransactionItem } from '../transaction/transaction.repo.ts';
import type { Migration } from './migration.ts';

/**
 * Transactions written before the transaction view lack the item that finds them by id. This
 * writes one for each (reading the transactions list once). Safe to run again and beside live
 * writes: a pointer names where its transaction lives, which never changes.
 */
export const transactionPointers: Migration = {
  name: 'transaction-pointers-v1',
  async run(db: Db) {
    const transactions = await mergedAll(db, transactionsByDate());
    const pointers = transactions.map((t) => transactionPointerPut(t as unknown as TransactionItem).Put!.Item as Record<string, unknown>);
    const updated = await batchWrite(
      db,
      pointers.map((Item) => ({ PutRequest: { Item } })),
    );
    return { updated };
  },
};
