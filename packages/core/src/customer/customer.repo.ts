import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { z } from 'zod';
import type { DayGen } from '../counters/day-zone.ts';
import { utcDay, zoneDay } from '../counters/figures.ts';
import { counterWrites } from '../counters/moves.ts';
import type { Db } from '../db/client.ts';
import { keys } from '../db/keys.ts';
import { batchGet, getNamed, querySearchPage, stripKeys } from '../db/query.ts';
import { failedConditions, transact, type TransactItem } from '../db/write.ts';
import { DomainError, notFound, staleVersion } from '../error.ts';
import { normalizeSearch, type ListOrder } from '../shared.schema.ts';
import { customerSearchText, phoneDigits, phoneSearchDigits } from './customer.rules.ts';
import type { createCustomerInput, CustomerInfo, updateCustomerInput } from './customer.schema.ts';

/** An erased customer is kept for their sales, never changed again (nor given new purchases or addresses). */
export const customerErased = () => new DomainError('conflict', 'This customer was erased and can no longer be changed');

export const duplicateEmail = () => new DomainError('conflict', 'A customer with this email address already exists');

/**
 * The customer attribute holding the id of its Primary address of a type: adding a new Primary
 * moves it conditionally, so two at once cannot both stay Primary.
 */
export const defaultAddressAttribute = (addressType: string) => `defaultAddress#${addressType}`;

export function fromItem(item: Record<string, unknown>): CustomerInfo {
  const { searchText, phoneDigits, countedDay, ...customer } = stripKeys(item) as unknown as CustomerInfo & {
    searchText?: string;
    phoneDigits?: string;
    countedDay?: string;
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

/**
 * A new customer's item. `countedDay`: the day its creation counts on (the business's zone then);
 * a delete takes the customer off that same day whatever the zone has become since.
 */
export function customerItem(input: z.output<typeof createCustomerInput>, id: string, now: Date, countedDay: string) {
  const createdAt = now.toISOString();
  return {
    ...keys.customer(id),
    ...keys.customersByCreated(createdAt, id),
    id,
    ...input,
    ...searchFields(input),
    createdAt,
    countedDay,
    updatedAt: createdAt,
    version: 1,
  };
}

/** The day a customer's creation was counted on: stored since issue 32, else (counted before it) its UTC day. */
export const countedDayOf = (item: Record<string, unknown>) => (item.countedDay as string | undefined) ?? utcDay(String(item.createdAt));

/**
 * The day a customer's creation counts on in a generation of day figures: generation 0 kept it on
 * the item (its days were keyed in whatever zone was set then); a later one (a rebuild:
 * counters/rebuild.job.ts) keys every day in its own zone.
 */
export const customerDayIn = (item: Record<string, unknown>, { gen, zone }: DayGen) =>
  gen === 0 ? countedDayOf(item) : zoneDay(String(item.createdAt), zone);

/** What a customer's creation (1) or delete (-1) moves on the day figures of each generation in `gens`. */
export const newCustomerWrites = (item: Record<string, unknown>, gens: readonly DayGen[], count: 1 | -1) =>
  gens.flatMap((gen) => counterWrites({ days: [{ date: customerDayIn(item, gen), add: { newCustomers: count } }], gens: [gen] }));

/** The Puts of a new customer and of the claim on its e-mail address, both refused if taken (position 1: the e-mail). */
export function customerPuts(item: ReturnType<typeof customerItem>): TransactItem[] {
  return [
    { Put: { Item: item, ConditionExpression: 'attribute_not_exists(pk)' } },
    { Put: { Item: emailClaim(item.email, item.id), ConditionExpression: 'attribute_not_exists(pk)' } },
  ];
}

/** The item that holds an e-mail address for one customer. */
export const emailClaim = (email: string, customerId: string) => ({ ...keys.customerEmail(email), customerId });

export { customerCounts } from '../counters/customer-counts.ts';

/** A customer and its COUNTS item, in one BatchGetItem. */
export function getCustomerWithCounts(db: Db, id: string, consistent = false) {
  return getNamed(db, customerWithCountsKeys(id), { consistent });
}

/** The keys getCustomerWithCounts reads, for a caller that reads them with more in one call. */
export const customerWithCountsKeys = (id: string) => ({ item: keys.customer(id), counts: keys.customerCounts(id) });

/**
 * The update that makes `addressId` the customer's Primary address of a type, conditional on
 * the one it replaces (`seen`), so two new Primaries at once cannot both win.
 */
export function defaultAddressClaim(customerId: string, addressType: string, addressId: string, seen: string | undefined): TransactItem {
  return {
    Update: {
      Key: keys.customer(customerId),
      UpdateExpression: 'SET #slot = :id',
      ConditionExpression: `attribute_not_exists(erasedAt) AND ${seen === undefined ? 'attribute_exists(pk) AND attribute_not_exists(#slot)' : '#slot = :seen'}`,
      ExpressionAttributeNames: { '#slot': defaultAddressAttribute(addressType) },
      ExpressionAttributeValues: { ':id': addressId, ...(seen === undefined ? {} : { ':seen': seen }) },
    },
  };
}

export const hasTransactions = () => new DomainError('conflict', 'This customer has transactions; erase them instead');

/** Addresses deleted in the customer's own transaction; any beyond go right after (deleteLeftoverAddresses). */
export const addressesDeletedAtOnce = 80;

/**
 * The Deletes of a customer with no transactions, for one TransactWriteItems: the customer (on
 * the version read or sent: position 0), its COUNTS item (no transaction counted there, so a first
 * purchase racing in makes one of the two lose: position 1), the claim on its e-mail address (if
 * it is this customer's) and its addresses.
 */
export function customerDeletes(current: Record<string, unknown>, addressIds: readonly string[], version: number): TransactItem[] {
  const id = String(current.id);
  const noneCounted = 'attribute_not_exists(purchaseCount) OR purchaseCount = :zero';
  return [
    {
      // on the day generation read too: a rebuild counting the customer meanwhile makes the delete read again
      Delete: {
        Key: keys.customer(id),
        ConditionExpression: `version = :version AND ${current.dayGen === undefined ? 'attribute_not_exists(dayGen)' : 'dayGen = :dayGen'}`,
        ExpressionAttributeValues: { ':version': version, ...(current.dayGen === undefined ? {} : { ':dayGen': current.dayGen }) },
      },
    },
    { Delete: { Key: keys.customerCounts(id), ConditionExpression: noneCounted, ExpressionAttributeValues: { ':zero': 0 } } },
    {
      Delete: {
        Key: keys.customerEmail(String(current.email)),
        ConditionExpression: 'attribute_not_exists(pk) OR customerId = :id',
        ExpressionAttributeValues: { ':id': id },
      },
    },
    ...addressIds.slice(0, addressesDeletedAtOnce).map((addressId) => ({ Delete: { Key: keys.address(id, addressId) } })),
  ];
}

/** A check that the customer exists and was not erased, to ride in a transaction that needs it. */
export const customerExists = (id: string): TransactItem => ({
  ConditionCheck: { Key: keys.customer(id), ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(erasedAt)' },
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
  /** what rides in the same transaction: the record, a rename job, the announcement (given the customer as it will read) */
  alongside: (before: Record<string, unknown>, after: CustomerInfo) => TransactItem[],
  now = new Date(),
) {
  const current = await getCustomerItem(db, input.id, true);
  if (!current) throw notFound('Customer');
  if (current.erasedAt) throw customerErased();
  const version = input.version ?? Number(current.version);
  const update = {
    Key: keys.customer(input.id),
    UpdateExpression:
      'SET #name = :name, email = :email, phone = :phone, searchText = :searchText, phoneDigits = :phoneDigits, updatedAt = :now ADD version :one',
    ConditionExpression: 'version = :version AND attribute_not_exists(erasedAt)',
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
  const customer = fromItem({
    ...current,
    name: input.name,
    email: input.email,
    phone: input.phone,
    updatedAt: now.toISOString(),
    version: version + 1,
  });
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
      ...alongside(current, customer),
    ]);
  } catch (error) {
    const failed = failedConditions(error);
    if (failed?.includes(1)) throw duplicateEmail();
    if (failed?.includes(0)) {
      throw staleVersion('This customer was');
    }
    throw error;
  }
  return { customer, previousName: String(current.name) };
}
