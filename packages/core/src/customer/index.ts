import { z } from 'zod';
import type { Db } from '../db/client.ts';
import { notFound } from '../error.ts';
import { fn } from '../fn.ts';
import { fromItem as purchaseFromItem, listCustomerPurchaseItems } from '../purchase/purchase.repo.ts';
import { fromItem as addressFromItem, listAddressItems } from '../address/address.repo.ts';
import { fromItem, getCustomerItem, insertCustomer, listCustomerItems, pageCustomerItems, updateCustomerItem } from './customer.repo.ts';
import { createCustomerInput, customerIdInput, updateCustomerInput } from './customer.schema.ts';

export const create = fn(createCustomerInput, (db, input) => insertCustomer(db, input));
export const update = fn(updateCustomerInput, (db, input) => updateCustomerItem(db, input));

export const get = fn(customerIdInput, async (db, { id }) => fromItem(await requireCustomer(db, id)));

async function requireCustomer(db: Db, id: string) {
  const item = await getCustomerItem(db, id);
  if (!item) throw notFound('Customer');
  return item;
}

/** Every customer, newest first. */
export async function list(db: Db) {
  return (await listCustomerItems(db)).map(fromItem);
}

export const page = fn(
  z.object({ limit: z.number().int().min(1).max(100).default(25), cursor: z.string().max(2000).nullish() }),
  async (db, { limit, cursor }) => {
    const result = await pageCustomerItems(db, limit, cursor);
    return { items: result.items.map(fromItem), nextCursor: result.nextCursor };
  },
);

/** A customer's purchases, newest first (the Purchase History tab). */
export const purchases = fn(customerIdInput, async (db, { id }) => {
  const [, items] = await Promise.all([requireCustomer(db, id), listCustomerPurchaseItems(db, id)]);
  return items.map(purchaseFromItem);
});

/** A customer's addresses (the Address Book tab). */
export const addresses = fn(customerIdInput, async (db, { id }) => {
  const [, items] = await Promise.all([requireCustomer(db, id), listAddressItems(db, id)]);
  return items.map(addressFromItem);
});
