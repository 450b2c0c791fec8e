import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { z } from 'zod';
import type { Db } from '../db/client.ts';
import { keys } from '../db/keys.ts';
import { batchGet, queryAll, querySearchPage, stripKeys } from '../db/query.ts';
import { failedConditions, transact, type TransactItem } from '../db/write.ts';
import { DomainError, notFound, staleVersion } from '../error.ts';
import { normalizeSearch, type ListOrder } from '../shared.schema.ts';
import { customerSearchText, phoneDigits, phoneSearchDigits } from './customer.rules.ts';
import type { createCustomerInput, CustomerInfo, updateCustomerInput } from './customer.schema.ts';

export const duplicateEmail = () => new DomainError('conflict', 'A customer with this email address already exists');

/**
 * The customer attribute holding the id of its Primary address of a type: adding a new Primary
 * moves it conditionally, so two at once cannot both stay Primary.
 */
export const defaultAddressAttribute = (addressType: string) => `defaultAddress#${addressType}`;

export function fromItem(item: Record<string, unknown>): CustomerInfo {
  const { purchaseCount, completedPurchases, searchText, phoneDigits, ...customer } = stripKeys(item) as unknown as CustomerInfo & {
    purchaseCount: number;
    completedPurchases: number;
    searchText?: string;
    phoneDigits?: string;
  };
  for (const name of Object.keys(customer)) {
    if (name.startsWith('defaultAddress#')) delete (customer as unknown as Record<string, unknown>)[name];
  }
  return { ...customer, phone: customer.phone ?? '' };
}

/** What a customer is searched by, stored beside its fields (SPEC: name, email, phone). */
const searchFields = (fields: { name: string; email: string; phone?: string }) => ({
  searchText: customerSearchText(fields),
  phoneDigits: phoneDigits(fields.phone),
});

export function customerItem(input: z.output<typeof createCustomerInput>, id: string, now: Date) {
  const createdAt = now.toISOString();
  return {
    ...keys.customer(id),
    ...keys.customersByCreated(createdAt, id),
    id,
    ...input,
    purchaseCount: 0,
    completedPurchases: 0,
    ...searchFields(input),
    createdAt,
    updatedAt: createdAt,
    version: 1,
  };
}

/** The Puts of a new customer and of the claim on its e-mail address, both refused if taken (position 1: the e-mail). */
export function customerPuts(item: ReturnType<typeof customerItem>): TransactItem[] {
  return [
    { Put: { Item: item, ConditionExpression: 'attribute_not_exists(pk)' } },
    { Put: { Item: emailClaim(item.email, item.id), ConditionExpression: 'attribute_not_exists(pk)' } },
  ];
}

/** The item that holds an e-mail address for one customer. */
export const emailClaim = (email: string, customerId: string) => ({ ...keys.customerEmail(email), customerId });

/** What happens to a customer's counters: transactions, and completed ones, added. */
export interface CustomerCounterDelta {
  transactions: number;
  completed: number;
}

/**
 * The update that adds a delta to a customer's transaction counts, conditional on the counts
 * read in `item` (a racing write makes the caller read again and retry), and what it changes
 * on the dashboard totals: unique customers (any transaction) and active ones (a completed one).
 */
export function customerCountersUpdate(item: Record<string, unknown>, delta: CustomerCounterDelta) {
  const transactions = Number(item.purchaseCount ?? 0);
  const completed = Number(item.completedPurchases ?? 0);
  const update: TransactItem = {
    Update: {
      Key: keys.customer(String(item.id)),
      UpdateExpression: 'SET purchaseCount = :purchases, completedPurchases = :completed',
      ConditionExpression:
        '(attribute_not_exists(purchaseCount) OR purchaseCount = :seenPurchases) AND ' +
        '(attribute_not_exists(completedPurchases) OR completedPurchases = :seenCompleted)',
      ExpressionAttributeValues: {
        ':purchases': transactions + delta.transactions,
        ':completed': completed + delta.completed,
        ':seenPurchases': transactions,
        ':seenCompleted': completed,
      },
    },
  };
  const totals = {
    uniqueCustomers: transactions === 0 && delta.transactions > 0 ? 1 : 0,
    // a full refund can take a customer's last sale away: no longer active
    activeCustomers: completed === 0 && delta.completed > 0 ? 1 : completed > 0 && completed + delta.completed === 0 ? -1 : 0,
  };
  return { update, totals };
}

/**
 * The update that makes `addressId` the customer's Primary address of a type, conditional on
 * the one it replaces (`seen`), so two new Primaries at once cannot both win.
 */
export function defaultAddressClaim(customerId: string, addressType: string, addressId: string, seen: string | undefined): TransactItem {
  return {
    Update: {
      Key: keys.customer(customerId),
      UpdateExpression: 'SET #slot = :id',
      ConditionExpression: seen === undefined ? 'attribute_exists(pk) AND attribute_not_exists(#slot)' : '#slot = :seen',
      ExpressionAttributeNames: { '#slot': defaultAddressAttribute(addressType) },
      ExpressionAttributeValues: { ':id': addressId, ...(seen === undefined ? {} : { ':seen': seen }) },
    },
  };
}

/** A check that the customer exists, to ride in a transaction that needs it. */
export const customerExists = (id: string): TransactItem => ({
  ConditionCheck: { Key: keys.customer(id), ConditionExpression: 'attribute_exists(pk)' },
});

/** Many customers by id at once (names for transaction rows, bulk loads): BatchGetItem. */
export function getCustomerItems(db: Db, ids: readonly string[], options: { consistent?: boolean } = {}) {
  return batchGet(db, ids.map(keys.customer), options);
}

/** One customer by id. */
export async function getCustomerItem(db: Db, id: string, consistent = false) {
  const result = await db.doc.send(new GetCommand({ TableName: db.tableName, Key: keys.customer(id), ConsistentRead: consistent }));
  return result.Item;
}

/** All customers, newest first (customers page). */
export function listCustomerItems(db: Db) {
  return queryAll(db, {
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.customersByCreated('', '').gsi1pk },
    ScanIndexForward: false,
  });
}

/** Items one searched page of customers may evaluate. */
export const maxScannedPerPage = 3000;

/**
 * One page of customers by creation, newest first unless asked otherwise, searched on the server
 * over name, e-mail and phone (a term that reads like a phone number also matches the phone's digits).
 */
export function pageCustomerItems(db: Db, page: { limit: number; cursor?: string | null; q?: string | null; order?: ListOrder }) {
  const term = normalizeSearch(page.q);
  const digits = term ? phoneSearchDigits(term) : null;
  return querySearchPage(
    db,
    {
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk',
      ...(term
        ? { FilterExpression: digits ? 'contains(searchText, :q) OR contains(phoneDigits, :digits)' : 'contains(searchText, :q)' }
        : {}),
      ExpressionAttributeValues: {
        ':pk': keys.customersByCreated('', '').gsi1pk,
        ...(term ? { ':q': term } : {}),
        ...(digits ? { ':digits': digits } : {}),
      },
      ScanIndexForward: page.order === 'asc',
    },
    { limit: page.limit, cursor: page.cursor, maxScanned: maxScannedPerPage },
  );
}

/**
 * Updates name, e-mail and phone, conditional on the version (the client's, or the one just
 * read). A changed e-mail moves its uniqueness claim in the same transaction.
 */
export async function updateCustomerItem(
  db: Db,
  input: z.output<typeof updateCustomerInput>,
  record: (before: Record<string, unknown>) => TransactItem,
  now = new Date(),
) {
  const current = await getCustomerItem(db, input.id, true);
  if (!current) throw notFound('Customer');
  const version = input.version ?? Number(current.version);
  const update = {
    Key: keys.customer(input.id),
    UpdateExpression:
      'SET #name = :name, email = :email, phone = :phone, searchText = :searchText, phoneDigits = :phoneDigits, updatedAt = :now ADD version :one',
    ConditionExpression: 'version = :version',
    ExpressionAttributeNames: { '#name': 'name' },
    ExpressionAttributeValues: {
      ':name': input.name,
      ':email': input.email,
      ':phone': input.phone,
      ':searchText': searchFields(input).searchText,
      ':phoneDigits': searchFields(input).phoneDigits,
      ':now': now.toISOString(),
      ':one': 1,
      ':version': version,
    },
  };
  const emailChanged = keys.customerEmail(input.email).pk !== keys.customerEmail(String(current.email)).pk;
  try {
    await transact(db, [
      { Update: update },
      ...(emailChanged
        ? [
            {
              Put: { Item: { ...keys.customerEmail(input.email), customerId: input.id }, ConditionExpression: 'attribute_not_exists(pk)' },
            },
            { Delete: { Key: keys.customerEmail(String(current.email)) } },
          ]
        : []),
      record(current),
    ]);
  } catch (error) {
    const failed = failedConditions(error);
    if (failed?.includes(1)) throw duplicateEmail();
    if (failed?.includes(0)) {
      throw staleVersion('This customer was');
    }
    throw error;
  }
  const customer = fromItem({
    ...current,
    name: input.name,
    email: input.email,
    phone: input.phone,
    updatedAt: now.toISOString(),
    version: version + 1,
  });
  return { customer, previousName: String(current.name) };
}
