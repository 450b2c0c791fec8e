import type { z } from 'zod';
import type { Db } from '../db/client.ts';
import { keys } from '../db/keys.ts';
import { queryAll, stripKeys } from '../db/query.ts';
import { batchWrite, type TransactItem } from '../db/write.ts';
import type { AddressInfo, createAddressInput } from './address.schema.ts';

export const fromItem = (item: Record<string, unknown>) => stripKeys(item) as unknown as AddressInfo;

/** The stored address, in its customer's partition. */
export function addressItem(id: string, input: z.output<typeof createAddressInput>) {
  return { ...keys.address(input.customerId, id), id, ...input };
}

/** A customer's addresses: reads only that customer's partition. */
export async function listAddressItems(db: Db, customerId: string) {
  return queryAll(db, {
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': keys.customer(customerId).pk, ':prefix': keys.addressPrefix },
  });
}

/** The update that takes the Primary mark off an address (a new Primary of its type took it). */
export const addressDemotion = (customerId: string, id: string): TransactItem => ({
  Update: { Key: keys.address(customerId, id), UpdateExpression: 'SET isDefault = :no', ExpressionAttributeValues: { ':no': false } },
});

/**
 * Deletes whatever addresses a deleted customer's partition still holds: those beyond what its
 * delete took at once, or one added while it ran (adds check the customer exists, so none after).
 */
export async function deleteLeftoverAddresses(db: Db, customerId: string) {
  const left = await listAddressItems(db, customerId);
  await batchWrite(
    db,
    left.map((item) => ({ DeleteRequest: { Key: { pk: String(item.pk), sk: String(item.sk) } } })),
  );
}
