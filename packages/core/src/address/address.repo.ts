import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { Db } from '../db/client.ts';
import { keys } from '../db/keys.ts';
import { queryAll, stripKeys } from '../db/query.ts';
import { failedConditions, transact, type TransactItem } from '../db/write.ts';
import { notFound } from '../error.ts';
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
 * the mark from the previous one in the same transaction.
 */
export async function insertAddress(db: Db, input: z.output<typeof createAddressInput>) {
  const id = randomUUID();
  const { customerId, ...fields } = input;
  const item = { ...keys.address(customerId, id), id, customerId, ...fields };
  const demoted: TransactItem[] = input.isDefault
    ? (await listAddressItems(db, customerId))
        .filter((a) => a.isDefault && a.addressType === input.addressType)
        .map((a) => ({
          Update: { Key: keys.address(customerId, String(a.id)), UpdateExpression: 'SET isDefault = :no', ExpressionAttributeValues: { ':no': false } },
        }))
    : [];
  try {
    await transact(db, [
      { ConditionCheck: { Key: keys.customer(customerId), ConditionExpression: 'attribute_exists(pk)' } },
      { Put: { Item: item } },
      ...demoted,
    ]);
  } catch (error) {
    if (failedConditions(error)?.includes(0)) throw notFound('Customer');
    throw error;
  }
  return fromItem(item);
}
