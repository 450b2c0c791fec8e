import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { z } from 'zod';
import type { Db } from '../db/client.ts';
import { keys } from '../db/keys.ts';
import { mergedSearchPage, type MergedQuery } from '../db/merge.ts';
import { queryAll, queryPages, stripKeys } from '../db/query.ts';
import { isConditionFailure, type TransactItem as TransactWrite } from '../db/write.ts';
import { normalizeSearch, type ListOrder } from '../shared.schema.ts';
import { isOrder, lineInfos, orderFieldNames } from '../order/order.repo.ts';
import type { TicketInfo } from '../order/order.schema.ts';
import { formatCents, parseAmountToCents } from './money.ts';
import { transactionSearchText } from './transaction.rules.ts';
import type {
  createTransactionInput,
  TransactionDetail,
  TransactionInfo,
  TransactionRow,
  TransactionStatus,
} from './transaction.schema.ts';

export interface TransactionItem {
  id: string;
  eventId: string;
  customerId: string;
  amountCents: number;
  status: TransactionStatus;
  purchaseDate: string;
  paymentMethod: string;
  createdAt: string;
  /** the event's title and the customer's name, kept fresh on rename: the list shows them without a join */
  eventTitle?: string;
  customerName?: string;
  /** lower-cased text the transactions search matches (transaction.rules.ts) */
  searchText?: string;
  /** absent on transactions written before refunds: read as 0 */
  version?: number;
  refundedCents?: number;
  refunds?: StoredRefund[];
  /** the latest generation of day figures that counts it (counters/day-zone.ts); absent: 0 */
  dayGen?: number;
}

/** A refund as stored on its transaction, oldest first. */
export interface StoredRefund {
  id: string;
  amountCents: number;
  reason: string;
  createdAt: string;
}

export type CreateInput = z.output<typeof createTransactionInput>;

/** The API's shape (SPEC §7): the stored names and search text stay inside. */
export function fromItem(item: Record<string, unknown>): TransactionInfo {
  const stored = stripKeys(item);
  for (const name of orderFieldNames) delete stored[name];
  const { amountCents, createdAt, eventTitle, customerName, searchText, version, refundedCents, refunds, ...purchase } =
    stored as unknown as TransactionItem;
  return { ...purchase, amount: formatCents(amountCents), status: purchase.status ?? 'pending' };
}

/** The transactions screen's row: the transaction with its event's title and customer's name. */
export function rowFromItem(item: Record<string, unknown>): TransactionRow {
  return {
    ...fromItem(item),
    eventTitle: typeof item.eventTitle === 'string' ? item.eventTitle : null,
    customerName: typeof item.customerName === 'string' ? item.customerName : null,
  };
}

/**
 * The transaction view (GET /api/transactions/{id}): the row plus its version and refunds, and
 * for an order read with its tickets, its lines, subtotal, fee and tickets.
 */
export function detailFromItem(item: Record<string, unknown>, tickets?: TicketInfo[]): TransactionDetail {
  const stored = item as unknown as TransactionItem;
  const order =
    tickets && isOrder(item)
      ? {
          lines: lineInfos(item.lines),
          subtotal: formatCents(item.subtotalCents),
          serviceFee: formatCents(item.serviceFeeCents),
          tickets,
        }
      : {};
  return {
    ...rowFromItem(item),
    version: Number(stored.version ?? 0),
    refundedAmount: formatCents(Number(stored.refundedCents ?? 0)),
    refunds: (stored.refunds ?? []).map((r) => ({
      id: r.id,
      amount: formatCents(r.amountCents),
      reason: r.reason,
      createdAt: r.createdAt,
    })),
    ...order,
  };
}

/** The stored transaction: keys for its customer's partition, the transactions list and its event's transactions. */
export function transactionItem(input: CreateInput, names: { eventTitle: string; customerName: string }, id: string, now: Date) {
  const amountCents = parseAmountToCents(input.amount)!;
  const purchaseDate = input.purchaseDate ? new Date(input.purchaseDate).toISOString() : now.toISOString();
  const item: TransactionItem & Record<string, unknown> = {
    ...keys.transaction(input.customerId, purchaseDate, id),
    ...keys.transactionsByDate(purchaseDate, id),
    ...keys.transactionsByEvent(input.eventId, purchaseDate, id),
    id,
    eventId: input.eventId,
    customerId: input.customerId,
    amountCents,
    status: input.status,
    purchaseDate,
    paymentMethod: input.paymentMethod,
    createdAt: now.toISOString(),
    eventTitle: names.eventTitle,
    customerName: names.customerName,
    searchText: transactionSearchText({ ...names, amountCents, status: input.status }),
    version: 1,
  };
  return item;
}

/** The Put of a new transaction, refused if its id is taken. */
export const transactionPut = (item: Record<string, unknown>): TransactWrite => ({
  Put: { Item: item, ConditionExpression: 'attribute_not_exists(pk)' },
});

/** Where a transaction lives, by its id: written with it, so the transaction view finds it with two GetItems. */
export const transactionPointerPut = (item: TransactionItem): TransactWrite => ({
  Put: {
    Item: { ...keys.transactionPointer(item.id), customerId: item.customerId, purchaseDate: item.purchaseDate },
    ConditionExpression: 'attribute_not_exists(pk)',
  },
});

/** One transaction by id (the transaction view, status changes, refunds): its pointer, then the item. */
export async function getTransactionItemById(db: Db, id: string, consistent = false) {
  const pointer = await db.doc.send(
    new GetCommand({ TableName: db.tableName, Key: keys.transactionPointer(id), ConsistentRead: consistent }),
  );
  if (!pointer.Item) return undefined;
  const { customerId, purchaseDate } = pointer.Item as { customerId: string; purchaseDate: string };
  const result = await db.doc.send(
    new GetCommand({ TableName: db.tableName, Key: keys.transaction(customerId, purchaseDate, id), ConsistentRead: consistent }),
  );
  return result.Item;
}

const get = (db: Db, key: { pk: string; sk: string }) =>
  db.doc.send(new GetCommand({ TableName: db.tableName, Key: key, ConsistentRead: true })).then((r) => r.Item);

/** Every transaction, newest first unless `asc`: the gsi1 partitions of all transactions, merged by date. */
export const transactionsByDate = (order: ListOrder = 'desc'): MergedQuery => ({
  IndexName: 'gsi1',
  partitions: keys.transactionsPartitions(),
  ScanIndexForward: order === 'asc',
});

/** Items one searched page may evaluate: bounds a search's cost and time per request. */
export const maxScannedPerPage = 3000;

/**
 * One page of transactions, newest first (the transactions screen at any size), optionally
 * searched over the whole history with the stored search text.
 */
export function pageTransactionItems(db: Db, page: { limit: number; cursor?: string | null; q?: string | null; order?: ListOrder }) {
  const term = normalizeSearch(page.q);
  return mergedSearchPage(
    db,
    {
      ...transactionsByDate(page.order),
      ...(term ? { FilterExpression: 'contains(searchText, :q)', ExpressionAttributeValues: { ':q': term } } : {}),
    },
    { limit: page.limit, cursor: page.cursor, ...(term ? { maxScanned: maxScannedPerPage } : {}) },
  );
}

/** A customer's transactions, newest first: reads only that customer's partition. */
export function listCustomerTransactionItems(db: Db, customerId: string) {
  return queryAll(db, {
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': keys.customer(customerId).pk, ':prefix': keys.transactionPrefix },
    ScanIndexForward: false,
  });
}

/** Whether a customer has any transaction: one item of its partition read at most (a delete is refused if so). */
export async function customerHasTransactionItems(db: Db, customerId: string) {
  const result = await db.doc.send(
    new QueryCommand({
      TableName: db.tableName,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': keys.customer(customerId).pk, ':prefix': keys.transactionPrefix },
      ConsistentRead: true,
      Limit: 1,
    }),
  );
  return (result.Items?.length ?? 0) > 0;
}

/** A customer's transactions, newest first, a Query page at a time (the customer's data export). */
export const customerTransactionPages = (db: Db, customerId: string, pageSize: number) =>
  queryPages(
    db,
    {
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': keys.customer(customerId).pk, ':prefix': keys.transactionPrefix },
      ScanIndexForward: false,
    },
    pageSize,
  );

/**
 * Sets the new name and search text on one transaction, conditional on the other name it was
 * computed from, so a rename of the event and one of the customer at the same time both land.
 */
export async function renameTransaction(db: Db, found: Record<string, unknown>, patch: { eventTitle?: string; customerName?: string }) {
  let item: Record<string, unknown> | undefined = found;
  for (let attempt = 0; item && attempt < 10; attempt++) {
    const seen = { eventTitle: item.eventTitle as string | undefined, customerName: item.customerName as string | undefined };
    const next = { eventTitle: patch.eventTitle ?? seen.eventTitle, customerName: patch.customerName ?? seen.customerName };
    const condition = (name: 'eventTitle' | 'customerName') =>
      seen[name] === undefined ? `attribute_not_exists(${name})` : `${name} = :seen_${name}`;
    const names = (['eventTitle', 'customerName'] as const).filter((name) => next[name] !== undefined);
    try {
      await db.doc.send(
        new UpdateCommand({
          TableName: db.tableName,
          Key: { pk: item.pk, sk: item.sk },
          UpdateExpression: `SET ${names.map((name) => `${name} = :${name}`).join(', ')}, searchText = :searchText`,
          ConditionExpression: `attribute_exists(pk) AND ${condition('eventTitle')} AND ${condition('customerName')}`,
          ExpressionAttributeValues: {
            ...Object.fromEntries(names.map((name) => [`:${name}`, next[name]])),
            ':searchText': transactionSearchText({ ...next, amountCents: Number(item.amountCents), status: item.status as string }),
            ...(seen.eventTitle === undefined ? {} : { ':seen_eventTitle': seen.eventTitle }),
            ...(seen.customerName === undefined ? {} : { ':seen_customerName': seen.customerName }),
          },
        }),
      );
      return true;
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
      item = await get(db, { pk: String(item.pk), sk: String(item.sk) });
    }
  }
  return false;
}

/**
 * A transaction's answer as an Idempotency-Key keeps it: without the customer's name or the
 * refunds' reasons (text an erasure scrubs, which must not live on where it cannot reach), which
 * a replay reads again from the transaction (refunds by id: they are only ever appended).
 */
export const detailKeeping = (db: Db) => ({
  stored: ({ customerName: _name, refunds, ...answer }: TransactionDetail) => ({ ...answer, refundIds: refunds.map((r) => r.id) }),
  replayed: async (stored: unknown) => {
    const { refundIds, ...answer } = stored as Omit<TransactionDetail, 'customerName' | 'refunds'> & { refundIds: string[] };
    const current = detailFromItem((await getTransactionItemById(db, answer.id, true)) ?? {});
    const refunds = refundIds.flatMap((id) => current.refunds.filter((refund) => refund.id === id));
    // in the first answer's key order (detailFromItem's), so the replay is the same text
    const values: Record<string, unknown> = { ...answer, customerName: current.customerName, refunds };
    return Object.fromEntries(Object.keys(current).map((key) => [key, values[key]])) as unknown as TransactionDetail;
  },
});
