import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { Db } from '../db/client.ts';
import { keys } from '../db/keys.ts';
import { queryAll, queryPage, stripKeys } from '../db/query.ts';
import { failedConditions, transact } from '../db/write.ts';
import { DomainError, notFound, staleVersion } from '../error.ts';
import { statsIncrement } from '../event/event.repo.ts';
import type { createCustomerInput, CustomerInfo, updateCustomerInput } from './customer.schema.ts';

const duplicateEmail = () => new DomainError('conflict', 'A customer with this email address already exists');

/**
 * The customer attribute holding the id of its Primary address of a type: adding a new Primary
 * moves it conditionally, so two at once cannot both stay Primary.
 */
export const defaultAddressAttribute = (addressType: string) => `defaultAddress#${addressType}`;

export function fromItem(item: Record<string, unknown>): CustomerInfo {
  const { purchaseCount, completedPurchases, ...customer } = stripKeys(item) as unknown as CustomerInfo & {
    purchaseCount: number;
    completedPurchases: number;
  };
  for (const name of Object.keys(customer)) {
    if (name.startsWith('defaultAddress#')) delete (customer as unknown as Record<string, unknown>)[name];
  }
  return { ...customer, phone: customer.phone ?? '' };
}

/** Puts a customer, claims its e-mail address and counts it, in one transaction. */
export async function insertCustomer(db: Db, input: z.output<typeof createCustomerInput>, now = new Date()) {
  const id = randomUUID();
  const createdAt = now.toISOString();
  const item = {
    ...keys.customer(id),
    ...keys.customersByCreated(createdAt, id),
    id,
    ...input,
    purchaseCount: 0,
    completedPurchases: 0,
    createdAt,
    updatedAt: createdAt,
    version: 1,
  };
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

/** One page of customers, newest first. */
export function pageCustomerItems(db: Db, limit: number, cursor?: string | null) {
  return queryPage(
    db,
    {
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.customersByCreated('', '').gsi1pk },
      ScanIndexForward: false,
      Limit: limit,
    },
    cursor,
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
    UpdateExpression: 'SET #name = :name, email = :email, phone = :phone, updatedAt = :now ADD version :one',
    ConditionExpression: 'version = :version',
    ExpressionAttributeNames: { '#name': 'name' },
    ExpressionAttributeValues: {
      ':name': input.name,
      ':email': input.email,
      ':phone': input.phone,
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
  return fromItem({
    ...current,
    name: input.name,
    email: input.email,
    phone: input.phone,
    updatedAt: now.toISOString(),
    version: version + 1,
  });
}
