import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { Db } from '../db/client.ts';
import { keys } from '../db/keys.ts';
import { queryAll, queryPage, stripKeys } from '../db/query.ts';
import { failedConditions, retry, transact, withRetry } from '../db/write.ts';
import { notFound } from '../error.ts';
import { statsIncrement } from '../event/event.repo.ts';
import { conversionMilli } from '../stats/stats.rules.ts';
import { formatCents, parseAmountToCents } from './money.ts';
import type { createTransactionInput, PurchaseStatus, TransactionInfo } from './purchase.schema.ts';

interface PurchaseItem {
  id: string;
  eventId: string;
  customerId: string;
  amountCents: number;
  status: PurchaseStatus;
  purchaseDate: string;
  paymentMethod: string;
  createdAt: string;
}

export function fromItem(item: Record<string, unknown>): TransactionInfo {
  const { amountCents, createdAt, ...purchase } = stripKeys(item) as unknown as PurchaseItem;
  return { ...purchase, amount: formatCents(amountCents), status: purchase.status ?? 'pending' };
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
export async function recordPurchase(db: Db, input: z.output<typeof createTransactionInput>, now = new Date()) {
  const amountCents = parseAmountToCents(input.amount)!;
  const completed = input.status === 'completed';
  const id = randomUUID();
  const purchaseDate = input.purchaseDate ? new Date(input.purchaseDate).toISOString() : now.toISOString();
  const item: PurchaseItem & Record<string, unknown> = {
    ...keys.purchase(input.customerId, purchaseDate, id),
    ...keys.transactionsByDate(purchaseDate, id),
    id,
    eventId: input.eventId,
    customerId: input.customerId,
    amountCents,
    status: input.status,
    purchaseDate,
    paymentMethod: input.paymentMethod,
    createdAt: now.toISOString(),
  };

  return withRetry(async () => {
    const [event, customer] = await Promise.all([get(db, keys.event(input.eventId)), get(db, keys.customer(input.customerId))]);
    if (!event) throw notFound('Event');
    if (!customer) throw notFound('Customer');
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

/** All transactions, newest first (GET /api/transactions). */
export function listTransactionItems(db: Db) {
  return queryAll(db, {
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.transactionsByDate('', '').gsi1pk },
    ScanIndexForward: false,
  });
}

/** One page of transactions, newest first (the transactions screen at any size). */
export function pageTransactionItems(db: Db, limit: number, cursor?: string | null) {
  return queryPage(
    db,
    {
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.transactionsByDate('', '').gsi1pk },
      ScanIndexForward: false,
      Limit: limit,
    },
    cursor,
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
