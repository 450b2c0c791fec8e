import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { Db } from '../db/client.ts';
import { keys } from '../db/keys.ts';
import { batchGet, queryAll, querySearchPage, stripKeys } from '../db/query.ts';
import { batchWrite, failedConditions, retry, transact, withRetry, type TransactItem, type WriteRequest } from '../db/write.ts';
import { DomainError, notFound, staleVersion } from '../error.ts';
import type { createAddressInput } from '../address/address.schema.ts';
import { normalizeSearch, type ListOrder } from '../shared.schema.ts';
import { addToStats, statsIncrement } from '../stats/stats.repo.ts';
import { customerSearchText, phoneDigits, phoneSearchDigits } from './customer.rules.ts';
import type { createCustomerInput, CustomerInfo, updateCustomerInput } from './customer.schema.ts';

const duplicateEmail = () => new DomainError('conflict', 'A customer with this email address already exists');

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

function customerItem(input: z.output<typeof createCustomerInput>, id: string, now: Date) {
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

/** Puts a customer, claims its e-mail address and counts it, in one transaction. */
export async function insertCustomer(db: Db, input: z.output<typeof createCustomerInput>, now = new Date()) {
  const id = randomUUID();
  const item = customerItem(input, id, now);
  try {
    await transact(db, [
      { Put: { Item: item, ConditionExpression: 'attribute_not_exists(pk)' } },
      { Put: { Item: { ...keys.customerEmail(input.email), customerId: id }, ConditionExpression: 'attribute_not_exists(pk)' } },
      statsIncrement({ customerCount: 1 }),
    ]);
  } catch (error) {
    if (failedConditions(error)?.includes(1)) throw duplicateEmail();
    throw error;
  }
  return fromItem(item);
}

export type ImportCustomerInput = z.output<typeof createCustomerInput> & {
  addresses?: Omit<z.output<typeof createAddressInput>, 'customerId'>[];
};

/**
 * Puts many new customers at once (bulk loads), with their e-mail claims and addresses, using
 * BatchWriteItem, then counts them in the dashboard totals. BatchWriteItem takes no conditions,
 * so e-mail uniqueness is checked first (within the batch, and against the stored claims): a
 * customer created with one of these addresses while the import runs is not caught.
 */
export async function importCustomers(
  db: Db,
  inputs: readonly ImportCustomerInput[],
  options: { now?: Date; concurrency?: number; onProgress?: (written: number) => void } = {},
) {
  const claims = inputs.map((input) => keys.customerEmail(input.email));
  if (new Set(claims.map((c) => c.pk)).size !== claims.length) throw duplicateEmail();
  if ((await batchGet(db, claims, { consistent: true })).length > 0) throw duplicateEmail();

  const start = (options.now ?? new Date()).getTime();
  const writes: WriteRequest[] = [];
  const customers = inputs.map(({ addresses = [], ...input }, i) => {
    const id = randomUUID();
    const item: Record<string, unknown> = customerItem(input, id, new Date(start + i));
    for (const address of addresses) {
      const addressId = randomUUID();
      // The first Primary of a type is the one the customer records (see defaultAddressAttribute).
      const slot = defaultAddressAttribute(address.addressType);
      const isDefault = address.isDefault && item[slot] === undefined;
      if (isDefault) item[slot] = addressId;
      writes.push({ PutRequest: { Item: { ...keys.address(id, addressId), id: addressId, customerId: id, ...address, isDefault } } });
    }
    writes.push({ PutRequest: { Item: item } }, { PutRequest: { Item: { ...keys.customerEmail(input.email), customerId: id } } });
    return fromItem(item);
  });
  await batchWrite(db, writes, options);
  await addToStats(db, { customerCount: customers.length });
  return customers;
}

/**
 * Adds sums of purchases to many customers (bulk loads): per 25 customers, one transaction of
 * updates conditional on the counts just read, with the dashboard's unique and active customer
 * counts moved for those who had none before, as recordPurchase does one by one.
 */
export async function applyCustomerPurchaseDeltas(db: Db, deltas: ReadonlyMap<string, { purchases: number; completed: number }>) {
  const ids = [...deltas.keys()];
  for (let i = 0; i < ids.length; i += 25) {
    const chunk = ids.slice(i, i + 25);
    await withRetry(async () => {
      const items = await batchGet(db, chunk.map(keys.customer), { consistent: true });
      if (items.length !== chunk.length) throw notFound('Customer');
      let uniqueCustomers = 0;
      let activeCustomers = 0;
      const updates: TransactItem[] = items.map((item) => {
        const id = String(item.id);
        const delta = deltas.get(id)!;
        const purchases = Number(item.purchaseCount ?? 0);
        const completed = Number(item.completedPurchases ?? 0);
        if (purchases === 0 && delta.purchases > 0) uniqueCustomers += 1;
        if (completed === 0 && delta.completed > 0) activeCustomers += 1;
        return {
          Update: {
            Key: keys.customer(id),
            UpdateExpression: 'SET purchaseCount = :purchases, completedPurchases = :completed',
            ConditionExpression:
              '(attribute_not_exists(purchaseCount) OR purchaseCount = :seenPurchases) AND (attribute_not_exists(completedPurchases) OR completedPurchases = :seenCompleted)',
            ExpressionAttributeValues: {
              ':purchases': purchases + delta.purchases,
              ':completed': completed + delta.completed,
              ':seenPurchases': purchases,
              ':seenCompleted': completed,
            },
          },
        };
      });
      try {
        await transact(db, [...updates, statsIncrement({ uniqueCustomers, activeCustomers })]);
      } catch (error) {
        if (failedConditions(error)?.length) return retry;
        throw error;
      }
      return true;
    });
  }
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
      ...(term ? { FilterExpression: digits ? 'contains(searchText, :q) OR contains(phoneDigits, :digits)' : 'contains(searchText, :q)' } : {}),
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
export async function updateCustomerItem(db: Db, input: z.output<typeof updateCustomerInput>, now = new Date()) {
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
    if (emailChanged) {
      await transact(db, [
        { Update: update },
        { Put: { Item: { ...keys.customerEmail(input.email), customerId: input.id }, ConditionExpression: 'attribute_not_exists(pk)' } },
        { Delete: { Key: keys.customerEmail(String(current.email)) } },
      ]);
    } else {
      await db.doc.send(new UpdateCommand({ TableName: db.tableName, ...update }));
    }
  } catch (error) {
    const failed = failedConditions(error);
    if (failed?.includes(1)) throw duplicateEmail();
    if (failed?.includes(0) || (error instanceof Error && error.name === 'ConditionalCheckFailedException')) {
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
