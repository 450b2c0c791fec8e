import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { addressItem } from '../address/address.repo.ts';
import type { createAddressInput } from '../address/address.schema.ts';
import type { Db } from '../db/client.ts';
import { keys } from '../db/keys.ts';
import { batchGet } from '../db/query.ts';
import { batchWrite, failedConditions, retry, transact, withRetry, type WriteRequest } from '../db/write.ts';
import { notFound } from '../error.ts';
import { customerCountersUpdate, type CustomerCounterDelta } from '../counters/customer-counts.ts';
import { dayState, dayTargets, newDayGen } from '../counters/day-zone.ts';
import { zoneDay } from '../counters/figures.ts';
import { applyMoves, counterWrites } from '../counters/moves.ts';
import { customerItem, defaultAddressAttribute, duplicateEmail, emailClaim, fromItem } from './customer.repo.ts';
import type { createCustomerInput } from './customer.schema.ts';

// Bulk loads (the bench, the import tests): BatchWriteItem for new items, counters applied as sums.

export type ImportCustomerInput = z.output<typeof createCustomerInput> & {
  addresses?: Omit<z.output<typeof createAddressInput>, 'customerId'>[];
};

/**
 * Puts many new customers at once, with their e-mail claims and addresses, using
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
  const days = await dayState(db);
  const writes: WriteRequest[] = [];
  const customers = inputs.map(({ addresses = [], ...input }, i) => {
    const id = randomUUID();
    const item: Record<string, unknown> = {
      ...customerItem(input, id, new Date(start + i), zoneDay(new Date(start + i), days.zone)),
      dayGen: newDayGen(days),
    };
    for (const address of addresses) {
      const addressId = randomUUID();
      // The first Primary of a type is the one the customer records (see defaultAddressAttribute).
      const slot = defaultAddressAttribute(address.addressType);
      const isDefault = address.isDefault && item[slot] === undefined;
      if (isDefault) item[slot] = addressId;
      writes.push({ PutRequest: { Item: addressItem(addressId, { ...address, customerId: id, isDefault }) } });
    }
    writes.push({ PutRequest: { Item: item } }, { PutRequest: { Item: emailClaim(input.email, id) } });
    return fromItem(item);
  });
  await batchWrite(db, writes, options);
  // in each generation of day figures (two while a rebuild runs), the days their creation counts on
  const perDay = dayTargets(days).flatMap((gen) => {
    const counted = new Map<string, number>();
    for (const customer of customers)
      counted.set(zoneDay(customer.createdAt, gen.zone), (counted.get(zoneDay(customer.createdAt, gen.zone)) ?? 0) + 1);
    return [...counted].map(([date, newCustomers]) => ({ days: [{ date, add: { newCustomers } }], gens: [gen] }));
  });
  await applyMoves(db, [{ totals: { customerCount: customers.length } }, ...perDay]);
  return customers;
}

/**
 * Adds sums of transactions to many customers: per 25 customers, one transaction of the same
 * conditional counter updates a single transaction makes (retried when a live one raced it),
 * with the dashboard's unique and active customer counts.
 */
export async function applyCustomerCounterDeltas(db: Db, deltas: ReadonlyMap<string, CustomerCounterDelta>) {
  const ids = [...deltas.keys()];
  for (let i = 0; i < ids.length; i += 25) {
    const chunk = ids.slice(i, i + 25);
    await withRetry(async () => {
      const [items, counts] = await Promise.all([
        batchGet(db, chunk.map(keys.customer), { consistent: true }),
        batchGet(db, chunk.map(keys.customerCounts), { consistent: true }),
      ]);
      if (items.length !== chunk.length) throw notFound('Customer');
      const countsOf = new Map(counts.map((c) => [String(c.pk), c]));
      const changes = items.map((item) =>
        customerCountersUpdate(String(item.id), countsOf.get(String(item.pk)), deltas.get(String(item.id))!),
      );
      const sum = (name: 'uniqueCustomers' | 'activeCustomers') => changes.reduce((total, c) => total + c.totals[name], 0);
      try {
        const totals = { uniqueCustomers: sum('uniqueCustomers'), activeCustomers: sum('activeCustomers') };
        await transact(db, [...changes.flatMap((c) => c.update ?? []), ...counterWrites({ totals })]);
      } catch (error) {
        if (failedConditions(error)?.length) return retry;
        throw error;
      }
      return true;
    });
  }
}
