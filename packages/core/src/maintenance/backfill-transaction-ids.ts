import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from '../db/client.ts';
import { keys } from '../db/keys.ts';
import { mergedAll } from '../db/merge.ts';
import { batchWrite } from '../db/write.ts';
import { transactionPointerPut, transactionsByDate, type TransactionItem } from '../transaction/transaction.repo.ts';

const migration = keys.migration('transaction-pointers-v1');

/**
 * Transactions written before the transaction view lack the item that finds them by id. This
 * writes one for each (reading the transactions list once), then records that it ran. Safe to run
 * again and beside live writes: a pointer names where its transaction lives, which never changes.
 */
export async function backfillTransactionPointers(db: Db, options: { tableIsNew?: boolean } = {}) {
  const done = await db.doc.send(new GetCommand({ TableName: db.tableName, Key: migration, ConsistentRead: true }));
  if (done.Item) return { updated: 0 };
  let updated = 0;
  if (!options.tableIsNew) {
    const transactions = await mergedAll(db, transactionsByDate());
    const pointers = transactions.map((t) => transactionPointerPut(t as unknown as TransactionItem).Put!.Item as Record<string, unknown>);
    updated = await batchWrite(
      db,
      pointers.map((Item) => ({ PutRequest: { Item } })),
    );
  }
  await db.doc.send(new PutCommand({ TableName: db.tableName, Item: { ...migration, ranAt: new Date().toISOString(), updated } }));
  return { updated };
}
