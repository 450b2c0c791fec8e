import { auditPut } from '../audit/audit.repo.ts';
import { diffFields } from '../audit/audit.rules.ts';
import { randomUUID } from 'node:crypto';
import {
  customerErased,
  customerExists,
  defaultAddressAttribute,
  defaultAddressClaim,
  getCustomerItem,
} from '../customer/customer.repo.ts';
import { failedConditions, retry, transact, withRetry } from '../db/write.ts';
import { notFound } from '../error.ts';
import { fn } from '../fn.ts';
import { addressDemotion, addressItem, fromItem, listAddressItems } from './address.repo.ts';
import { createAddressInput } from './address.schema.ts';

/**
 * Adds an address to an existing customer. A new default (Primary) address of a type takes
 * the mark from the previous one in the same transaction, conditional on the customer's record
 * of which address holds it (read again and retried when a concurrent add moved it).
 */
export const create = fn(createAddressInput, async (db, input, actor) => {
  const id = randomUUID();
  const { customerId } = input;
  const item = addressItem(id, input);
  const record = auditPut({
    actor,
    action: 'address.create',
    entity: 'customer',
    entityId: customerId,
    summary: `Added a ${input.isDefault ? 'primary ' : ''}${input.addressType} address`,
    changes: diffFields(
      undefined,
      item,
      Object.keys(input).filter((k) => k !== 'customerId'),
    ),
  });
  if (!input.isDefault) {
    try {
      await transact(db, [customerExists(customerId), { Put: { Item: item } }, record]);
    } catch (error) {
      if (failedConditions(error)?.includes(0))
        throw (await getCustomerItem(db, customerId, true)) ? customerErased() : notFound('Customer');
      throw error;
    }
    return fromItem(item);
  }

  return withRetry(async () => {
    const [customer, addresses] = await Promise.all([getCustomerItem(db, customerId, true), listAddressItems(db, customerId)]);
    if (!customer) throw notFound('Customer');
    if (customer.erasedAt) throw customerErased();
    const seen = customer[defaultAddressAttribute(input.addressType)] as string | undefined;
    // Addresses stored before the customer recorded its Primary are demoted too.
    const previous = new Set(addresses.filter((a) => a.isDefault && a.addressType === input.addressType).map((a) => String(a.id)));
    if (seen) previous.add(seen);
    try {
      await transact(db, [
        defaultAddressClaim(customerId, input.addressType, id, seen),
        { Put: { Item: item } },
        ...[...previous].map((previousId) => addressDemotion(customerId, previousId)),
        record,
      ]);
    } catch (error) {
      if (failedConditions(error)?.length) return retry;
      throw error;
    }
    return fromItem(item);
  });
});
