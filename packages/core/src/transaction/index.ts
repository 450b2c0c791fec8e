import { getCustomerItems } from '../customer/customer.repo.ts';
import type { Db } from '../db/client.ts';
import { getEventItems } from '../event/event.repo.ts';
import { keys } from '../db/keys.ts';
import { queryPage, queryPages } from '../db/query.ts';
import { fn } from '../fn.ts';
import { listPageInput } from '../shared.schema.ts';
import { createTransaction } from './create-transaction.ts';
import { fromItem, listTransactionItems, pageTransactionItems, rowFromItem } from './transaction.repo.ts';
import { createTransactionInput, transactionsPageInput, type TransactionRow } from './transaction.schema.ts';

/** Records a transaction and every counter it moves (POST /api/transactions). */
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
  return { ...result, items: await withNames(db, result.items) };
});

/**
 * Rows with names. Transactions written before names were kept on them (until the backfill has
 * run) get theirs from their events and customers, one BatchGetItem each for the lot.
 */
export async function withNames(db: Db, items: Record<string, unknown>[]): Promise<TransactionRow[]> {
  const rows = items.map(rowFromItem);
  const eventIds = [...new Set(rows.filter((r) => r.eventTitle === null).map((r) => r.eventId))];
  const customerIds = [...new Set(rows.filter((r) => r.customerName === null).map((r) => r.customerId))];
  if (eventIds.length + customerIds.length === 0) return rows;
  const [events, customers] = await Promise.all([getEventItems(db, eventIds), getCustomerItems(db, customerIds)]);
  const titles = new Map(events.map((i) => [String(i.id), String(i.title)]));
  const names = new Map(customers.map((i) => [String(i.id), String(i.name)]));
  return rows.map((r) => ({
    ...r,
    eventTitle: r.eventTitle ?? titles.get(r.eventId) ?? null,
    customerName: r.customerName ?? names.get(r.customerId) ?? null,
  }));
}

const byDate = () => ({
  IndexName: 'gsi1',
  KeyConditionExpression: 'gsi1pk = :pk',
  ExpressionAttributeValues: { ':pk': keys.transactionsByDate('', '').gsi1pk },
  ScanIndexForward: false,
});

/** Every transaction, newest first, a Query page at a time (GET /api/transactions streams them). */
export async function* listPages(db: Db) {
  for await (const items of queryPages(db, byDate())) yield items.map(fromItem);
}

/** At most `limit` transactions, newest first, from a cursor (GET /api/transactions?limit=N&cursor=C). */
export const listPage = fn(listPageInput, async (db, input) => {
  const { items, nextCursor } = await queryPage(db, { ...byDate(), Limit: input.limit }, input.cursor);
  return { items: items.map(fromItem), nextCursor };
});
