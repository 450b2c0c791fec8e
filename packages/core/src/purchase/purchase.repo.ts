import { GetCommand, QueryCommand, type QueryCommandInput, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { Db } from '../db/client.ts';
import { keys } from '../db/keys.ts';
import { batchGet, queryAll, querySearchPage, stripKeys } from '../db/query.ts';
import { batchWrite, failedConditions, forEachLimited, isConditionFailure, retry, transact, withRetry } from '../db/write.ts';
import { notFound } from '../error.ts';
import { applyCustomerPurchaseDeltas } from '../customer/customer.repo.ts';
import { applyEventCounterDeltas } from '../event/event.repo.ts';
import { normalizeSearch, type ListOrder } from '../shared.schema.ts';
import { addToStats, statsIncrement } from '../stats/stats.repo.ts';
import { conversionMilli } from '../stats/stats.rules.ts';
import { formatCents, parseAmountToCents } from './money.ts';
import { transactionSearchText } from './purchase.rules.ts';
import type { createTransactionInput, PurchaseStatus, TransactionInfo, TransactionRow } from './purchase.schema.ts';

interface PurchaseItem {
  id: string;
  eventId: string;
  customerId: string;
  amountCents: number;
  status: PurchaseStatus;
  purchaseDate: string;
  paymentMethod: string;
  createdAt: string;
  /** the event's title and the customer's name, kept fresh on rename: the list shows them without a join */
  eventTitle?: string;
  customerName?: string;
  /** lower-cased text the transactions search matches (purchase.rules.ts) */
  searchText?: string;
}

type CreateInput = z.output<typeof createTransactionInput>;

/** The API's shape (SPEC §7): the stored names and search text stay inside. */
export function fromItem(item: Record<string, unknown>): TransactionInfo {
  const { amountCents, createdAt, eventTitle, customerName, searchText, ...purchase } = stripKeys(item) as unknown as PurchaseItem;
  return { ...purchase, amount: formatCents(amountCents), status: purchase.status ?? 'pending' };
}

/** The transactions screen's row: the purchase with its event's title and customer's name. */
export function rowFromItem(item: Record<string, unknown>): TransactionRow {
  return {
    ...fromItem(item),
    eventTitle: typeof item.eventTitle === 'string' ? item.eventTitle : null,
    customerName: typeof item.customerName === 'string' ? item.customerName : null,
  };
}

/** The stored purchase: keys for its customer's partition, the transactions list and its event's purchases. */
function purchaseItem(input: CreateInput, names: { eventTitle: string; customerName: string }, id: string, now: Date) {
  const amountCents = parseAmountToCents(input.amount)!;
  const purchaseDate = input.purchaseDate ? new Date(input.purchaseDate).toISOString() : now.toISOString();
  const item: PurchaseItem & Record<string, unknown> = {
    ...keys.purchase(input.customerId, purchaseDate, id),
    ...keys.transactionsByDate(purchaseDate, id),
    ...keys.purchasesByEvent(input.eventId, purchaseDate, id),
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
  };
  return item;
}

const get = (db: Db, key: { pk: string; sk: string }) =>
  db.doc.send(new GetCommand({ TableName: db.tableName, Key: key, ConsistentRead: true })).then((r) => r.Item);

/**
 * Records a purchase with every counter it moves, in one transaction: the event's sales,
 * completed purchases and conversion rank; the customer's purchase counts; the dashboard
 * totals (transactions, revenue, ticket sales, active and unique customers, conversion sum).
 * Each update is conditional on the counts it read, so concurrent purchases retry instead of
 * double-counting a first purchase.
 */
export async function recordPurchase(db: Db, input: CreateInput, now = new Date()) {
  const completed = input.status === 'completed';
  const id = randomUUID();

  return withRetry(async () => {
    const [event, customer] = await Promise.all([get(db, keys.event(input.eventId)), get(db, keys.customer(input.customerId))]);
    if (!event) throw notFound('Event');
    if (!customer) throw notFound('Customer');
    const item = purchaseItem(input, { eventTitle: String(event.title), customerName: String(customer.name) }, id, now);
    const amountCents = item.amountCents;
    const views = Number(event.pageViews ?? 0);
    const eventCompleted = Number(event.completedPurchases ?? 0);
    const customerPurchases = Number(customer.purchaseCount ?? 0);
    const customerCompleted = Number(customer.completedPurchases ?? 0);
    const conversionBefore = conversionMilli(eventCompleted, views);
    const conversionAfter = conversionMilli(eventCompleted + 1, views);

    try {
      await transact(db, [
        { Put: { Item: item, ConditionExpression: 'attribute_not_exists(pk)' } },
        completed
          ? {
              Update: {
                Key: keys.event(input.eventId),
                UpdateExpression: 'SET completedPurchases = :next, gsi2sk = :rank ADD salesCents :amount',
                ConditionExpression: 'completedPurchases = :seen AND pageViews = :views',
                ExpressionAttributeValues: {
                  ':next': eventCompleted + 1,
                  ':seen': eventCompleted,
                  ':views': views,
                  ':rank': keys.eventsByConversion(conversionAfter, input.eventId).gsi2sk,
                  ':amount': amountCents,
                },
              },
            }
          : { ConditionCheck: { Key: keys.event(input.eventId), ConditionExpression: 'attribute_exists(pk)' } },
        {
          Update: {
            Key: keys.customer(input.customerId),
            UpdateExpression: 'SET purchaseCount = :purchases, completedPurchases = :completed',
            ConditionExpression:
              '(attribute_not_exists(purchaseCount) OR purchaseCount = :seenPurchases) AND (attribute_not_exists(completedPurchases) OR completedPurchases = :seenCompleted)',
            ExpressionAttributeValues: {
              ':purchases': customerPurchases + 1,
              ':completed': customerCompleted + (completed ? 1 : 0),
              ':seenPurchases': customerPurchases,
              ':seenCompleted': customerCompleted,
            },
          },
        },
        statsIncrement({
          transactionCount: 1,
          transactionAmountCents: amountCents,
          uniqueCustomers: customerPurchases === 0 ? 1 : 0,
          ...(completed
            ? {
                ticketSalesCents: amountCents,
                activeCustomers: customerCompleted === 0 ? 1 : 0,
                conversionSumMilli: conversionAfter - conversionBefore,
              }
            : {}),
        }),
      ]);
    } catch (error) {
      if (failedConditions(error)?.length) return retry;
      throw error;
    }
    return fromItem(item);
  });
}

/**
 * Records many purchases at once (bulk loads, the bench): the purchases go in with
 * BatchWriteItem, then the counters they move are applied as sums, a few conditional updates
 * per 25 events or customers, so every figure ends up exactly what recordPurchase would have
 * made of them one by one. Unknown events or customers are refused before anything is written.
 * Not atomic as a whole: a failure half-way leaves purchases written whose counters are not
 * (the dashboard would under-count); run it from a job that can be re-run on a fresh table.
 */
export async function importPurchases(
  db: Db,
  inputs: readonly CreateInput[],
  options: { now?: Date; concurrency?: number; onProgress?: (written: number) => void } = {},
) {
  const now = options.now ?? new Date();
  const eventIds = [...new Set(inputs.map((i) => i.eventId))];
  const customerIds = [...new Set(inputs.map((i) => i.customerId))];
  const [events, customers] = await Promise.all([
    batchGet(db, eventIds.map(keys.event), { consistent: true }),
    batchGet(db, customerIds.map(keys.customer), { consistent: true }),
  ]);
  const titles = new Map(events.map((e) => [String(e.id), String(e.title)]));
  const names = new Map(customers.map((c) => [String(c.id), String(c.name)]));
  if (titles.size !== eventIds.length) throw notFound('Event');
  if (names.size !== customerIds.length) throw notFound('Customer');

  const items = inputs.map((input) =>
    purchaseItem(input, { eventTitle: titles.get(input.eventId)!, customerName: names.get(input.customerId)! }, randomUUID(), now),
  );
  await batchWrite(db, items.map((Item) => ({ PutRequest: { Item } })), options);

  const eventDeltas = new Map<string, { completed: number; salesCents: number; views: number }>();
  const customerDeltas = new Map<string, { purchases: number; completed: number }>();
  const totals = { transactionCount: 0, transactionAmountCents: 0, ticketSalesCents: 0 };
  for (const item of items) {
    const completed = item.status === 'completed';
    const event = eventDeltas.get(item.eventId) ?? { completed: 0, salesCents: 0, views: 0 };
    if (completed) {
      event.completed += 1;
      event.salesCents += item.amountCents;
    }
    eventDeltas.set(item.eventId, event);
    const customer = customerDeltas.get(item.customerId) ?? { purchases: 0, completed: 0 };
    customer.purchases += 1;
    customer.completed += completed ? 1 : 0;
    customerDeltas.set(item.customerId, customer);
    totals.transactionCount += 1;
    totals.transactionAmountCents += item.amountCents;
    totals.ticketSalesCents += completed ? item.amountCents : 0;
  }
  await applyEventCounterDeltas(db, eventDeltas);
  await applyCustomerPurchaseDeltas(db, customerDeltas);
  await addToStats(db, totals);
  return items.length;
}

/** All transactions, newest first (GET /api/transactions). */
export function listTransactionItems(db: Db) {
  return queryAll(db, {
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.transactionsByDate('', '').gsi1pk },
    ScanIndexForward: false,
  });
}

/** Items one searched page may evaluate: bounds a search's cost and time per request. */
export const maxScannedPerPage = 3000;

/**
 * One page of transactions by date, newest first unless asked otherwise (the transactions screen
 * at any size), optionally searched over the whole history with the stored search text.
 */
export function pageTransactionItems(db: Db, page: { limit: number; cursor?: string | null; q?: string | null; order?: ListOrder }) {
  const term = normalizeSearch(page.q);
  return querySearchPage(
    db,
    {
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk',
      ...(term ? { FilterExpression: 'contains(searchText, :q)' } : {}),
      ExpressionAttributeValues: { ':pk': keys.transactionsByDate('', '').gsi1pk, ...(term ? { ':q': term } : {}) },
      ScanIndexForward: page.order === 'asc',
    },
    { limit: page.limit, cursor: page.cursor, maxScanned: maxScannedPerPage },
  );
}

/** A customer's purchases, newest first: reads only that customer's partition. */
export function listCustomerPurchaseItems(db: Db, customerId: string) {
  return queryAll(db, {
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': keys.customer(customerId).pk, ':prefix': keys.purchasePrefix },
    ScanIndexForward: false,
  });
}

/**
 * Rows with names. Purchases written before names were kept on them (until the backfill has
 * run) get theirs from their events and customers, one BatchGetItem for the lot.
 */
export async function toRows(db: Db, items: Record<string, unknown>[]): Promise<TransactionRow[]> {
  const rows = items.map(rowFromItem);
  const eventIds = [...new Set(rows.filter((r) => r.eventTitle === null).map((r) => r.eventId))];
  const customerIds = [...new Set(rows.filter((r) => r.customerName === null).map((r) => r.customerId))];
  if (eventIds.length + customerIds.length === 0) return rows;
  const found = await batchGet(db, [...eventIds.map(keys.event), ...customerIds.map(keys.customer)]);
  const titles = new Map(found.filter((i) => i.sk === 'EVENT').map((i) => [String(i.id), String(i.title)]));
  const names = new Map(found.filter((i) => i.sk === 'CUSTOMER').map((i) => [String(i.id), String(i.name)]));
  return rows.map((r) => ({
    ...r,
    eventTitle: r.eventTitle ?? titles.get(r.eventId) ?? null,
    customerName: r.customerName ?? names.get(r.customerId) ?? null,
  }));
}

/** After an event's title changed: its purchases that still carry another title get the new one. */
export function refreshEventTitle(db: Db, eventId: string, title: string) {
  return refreshNames(
    db,
    {
      IndexName: 'gsi2',
      KeyConditionExpression: 'gsi2pk = :pk',
      FilterExpression: 'eventTitle <> :name',
      ExpressionAttributeValues: { ':pk': keys.purchasesByEvent(eventId, '', '').gsi2pk, ':name': title },
    },
    { eventTitle: title },
  );
}

/** After a customer's name changed: their purchases (in their own partition) get the new one. */
export function refreshCustomerName(db: Db, customerId: string, name: string) {
  return refreshNames(
    db,
    {
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      FilterExpression: 'customerName <> :name',
      ExpressionAttributeValues: { ':pk': keys.customer(customerId).pk, ':prefix': keys.purchasePrefix, ':name': name },
    },
    { customerName: name },
  );
}

/** Purchases renamed per Query page (bounded memory), this many updates in flight. */
const renameBatch = 500;
const renameConcurrency = 8;

async function refreshNames(
  db: Db,
  query: Omit<QueryCommandInput, 'TableName'>,
  patch: { eventTitle?: string; customerName?: string },
) {
  let start: Record<string, unknown> | undefined;
  let renamed = 0;
  do {
    const page = await db.doc.send(new QueryCommand({ ...query, TableName: db.tableName, Limit: renameBatch, ExclusiveStartKey: start }));
    await forEachLimited(page.Items ?? [], renameConcurrency, async (item) => {
      if (await renamePurchase(db, item, patch)) renamed += 1;
    });
    start = page.LastEvaluatedKey;
  } while (start);
  return renamed;
}

/**
 * Sets the new name and search text on one purchase, conditional on the other name it was
 * computed from, so a rename of the event and one of the customer at the same time both land.
 */
async function renamePurchase(db: Db, found: Record<string, unknown>, patch: { eventTitle?: string; customerName?: string }) {
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
