import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { Db } from '../db/client.ts';
import { keys } from '../db/keys.ts';
import { queryAll, stripKeys } from '../db/query.ts';
import { failedConditions, retry, transact, withRetry, type TransactItem } from '../db/write.ts';
import { notFound } from '../error.ts';
import { defaultAddressAttribute, getCustomerItem } from '../customer/customer.repo.ts';
import type { AddressInfo, createAddressInput } from './address.schema.ts';

export const fromItem = (item: Record<string, unknown>) => stripKeys(item) as unknown as AddressInfo;

/** A customer's addresses: reads only that customer's partition. */
export async function listAddressItems(db: Db, customerId: string) {
  return queryAll(db, {
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': keys.customer(customerId).pk, ':prefix': keys.addressPrefix },
  });
}

/**
 * Adds an address to an existing customer. A new default (Primary) address of a type takes
 * the mark from the previous one in the same transaction, conditional on the customer's record
 * of which address holds it (read again and retried when a concurrent add moved it).
 */
export async function insertAddress(db: Db, input: z.output<typeof createAddressInput>) {
  const id = randomUUID();
  const { customerId, ...fields } = input;
  const item = { ...keys.address(customerId, id), id, customerId, ...fields };
  if (!input.isDefault) {
    try {
      await transact(db, [
        { ConditionCheck: { Key: keys.customer(customerId), ConditionExpression: 'attribute_exists(pk)' } },
        { Put: { Item: item } },
      ]);
    } catch (error) {
      if (failedConditions(error)?.includes(0)) throw notFound('Customer');
      throw error;
    }
    return fromItem(item);
  }

  const slot = defaultAddressAttribute(input.addressType);
  return withRetry(async () => {
    const [customer, addresses] = await Promise.all([getCustomerItem(db, customerId, true), listAddressItems(db, customerId)]);
    if (!customer) throw notFound('Customer');
    const seen = customer[slot] as string | undefined;
    // Addresses stored before the customer recorded its Primary are demoted too.
    const previous = new Set(addresses.filter((a) => a.isDefault && a.addressType === input.addressType).map((a) => String(a.id)));
    if (seen) previous.add(seen);
    const demoted: TransactItem[] = [...previous].map((previousId) => ({
      Update: { Key: keys.address(customerId, previousId), UpdateExpression: 'SET isDefault = :no', ExpressionAttributeValues: { ':no': false } },
    }));
    try {
      await transact(db, [
        {
          Update: {
            Key: keys.customer(customerId),
            UpdateExpression: 'SET #slot = :id',
            ConditionExpression: seen === undefined ? 'attribute_exists(pk) AND attribute_not_exists(#slot)' : '#slot = :seen',
            ExpressionAttributeNames: { '#slot': slot },
            ExpressionAttributeValues: { ':id': id, ...(seen === undefined ? {} : { ':seen': seen }) },
          },
        },
        { Put: { Item: item } },
        ...demoted,
      ]);
    } catch (error) {
      if (failedConditions(error)?.length) return retry;
      throw error;
    }
    return fromItem(item);
  });
}
