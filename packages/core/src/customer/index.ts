import { auditPut } from '../audit/audit.repo.ts';
import { diffFields } from '../audit/audit.rules.ts';
import { randomUUID } from 'node:crypto';
import type { Db } from '../db/client.ts';
import { failedConditions, retry, transact, withRetry } from '../db/write.ts';
import { notFound, staleVersion } from '../error.ts';
import { keys } from '../db/keys.ts';
import { queryPage, queryPages } from '../db/query.ts';
import { fn } from '../fn.ts';
import { listPageInput } from '../shared.schema.ts';
import {
  customerHasTransactionItems,
  fromItem as transactionFromItem,
  rowFromItem as transactionRowFromItem,
  listCustomerTransactionItems,
} from '../transaction/transaction.repo.ts';
import { announce, webhookOutbox } from '../webhook/outbox.ts';
import { currentEndpoints } from '../webhook/webhook.repo.ts';
import { deleteLeftoverAddresses, fromItem as addressFromItem, listAddressItems } from '../address/address.repo.ts';
import { customerCounts } from '../counters/customer-counts.ts';
import { dayState, dayStateFor, dayTargets, newDayGen } from '../counters/day-zone.ts';
import { zoneDay } from '../counters/figures.ts';
import { counterWrites } from '../counters/moves.ts';
import { getStatsItem } from '../stats/stats.repo.ts';
import {
  newCustomerWrites,
  customerDeletes,
  customerItem,
  customerPuts,
  duplicateEmail,
  fromItem,
  getCustomerItem,
  getCustomerWithCounts,
  hasTransactions,
  pageCustomerItems,
  updateCustomerItem,
} from './customer.repo.ts';
import { historyErasureJob, personalTerms, workErasure } from './customer-erasure.ts';
import { renameCustomerJob } from './rename.job.ts';
import { createCustomerInput, customerIdInput, customersPageInput, deleteCustomerInput, updateCustomerInput } from './customer.schema.ts';

/** Puts a customer, claims its e-mail address, counts it (totals and its day's new customers) and records it, in one transaction. */
export const create = fn(createCustomerInput, async (db, input, actor) => {
  const now = new Date();
  const days = await dayState(db);
  const item = { ...customerItem(input, randomUUID(), now, zoneDay(now, days.zone)), dayGen: newDayGen(days) };
  const record = { actor, action: 'create', entity: 'customer' as const, entityId: item.id, summary: `Created ${item.name}` };
  try {
    await transact(db, [
      ...customerPuts(item),
      ...counterWrites({ totals: { customerCount: 1 } }),
      ...newCustomerWrites(item, dayTargets(days), 1),
      auditPut({ ...record, changes: diffFields(undefined, item, ['name', 'email', 'phone']) }),
      ...(await webhookOutbox(db, 'customer.created', fromItem(item))),
    ]);
  } catch (error) {
    if (failedConditions(error)?.includes(1)) throw duplicateEmail();
    throw error;
  }
  return fromItem(item);
});
/**
 * Saves an edit; a new name also goes onto the customer's transactions (the transactions list
 * shows and searches it) by a rename job queued in the same transaction, worked after the answer.
 */
export const update = fn(updateCustomerInput, async (db, input, actor) => {
  const endpoints = await currentEndpoints(db);
  const { customer } = await updateCustomerItem(db, input, (before, after) => [
    ...announce(endpoints, 'customer.updated', after),
    auditPut({
      actor,
      action: 'update',
      entity: 'customer',
      entityId: input.id,
      summary: `Edited ${input.name}`,
      changes: diffFields(before, input, ['name', 'email', 'phone']),
    }),
    ...(String(before.name) !== input.name ? [renameCustomerJob.queue(input.id, { name: input.name }, new Date())] : []),
  ]);
  return customer;
});

/**
 * DELETE /api/customers/{id}: a customer with no transactions goes with its addresses, its COUNTS
 * item and its e-mail claim (the address can register again), in one transaction that moves back
 * what its creation counted (customers, its day's new customers) and records `deleted` without
 * their name or e-mail. One with transactions is refused: their sales stay counted.
 */
const remove = fn(deleteCustomerInput, async (db, input, actor) => {
  await withRetry(async () => {
    const [{ item, counts }, addresses, anyTransaction] = await Promise.all([
      getCustomerWithCounts(db, input.id, true),
      listAddressItems(db, input.id),
      customerHasTransactionItems(db, input.id),
    ]);
    if (!item) throw notFound('Customer');
    const terms = await personalTerms(db, item);
    if (anyTransaction || customerCounts(counts).transactions > 0) throw hasTransactions();
    if (input.version !== undefined && input.version !== Number(item.version)) throw staleVersion('This customer was');
    try {
      await transact(db, [
        ...customerDeletes(
          item,
          addresses.map((a) => String(a.id)),
          Number(item.version),
        ),
        ...counterWrites({ totals: { customerCount: -1 } }),
        ...newCustomerWrites(item, dayTargets(await dayStateFor(db, Number(item.dayGen ?? 0)), Number(item.dayGen ?? 0)), -1),
        auditPut({ actor, action: 'deleted', entity: 'customer', entityId: input.id, summary: 'Deleted the customer and their addresses' }),
        // the person leaves the history written about them too
        historyErasureJob(input.id, terms, new Date()),
      ]);
    } catch (error) {
      // an edit, a first purchase or an address came in between: read again
      if (failedConditions(error)?.length) return retry;
      throw error;
    }
    return true;
  });
  await deleteLeftoverAddresses(db, input.id);
  await workErasure(db, input.id);
});
export { remove as delete };
export { erase } from './customer-erasure.ts';

export const get = fn(customerIdInput, async (db, { id }) => fromItem(await requireCustomer(db, id)));

async function requireCustomer(db: Db, id: string) {
  const item = await getCustomerItem(db, id);
  if (!item) throw notFound('Customer');
  return item;
}

/** A page of customers, newest first, searched on the server: the customers screen at any size. */
export const page = fn(customersPageInput, async (db, input) => {
  const result = await pageCustomerItems(db, input);
  return { ...result, items: result.items.map(fromItem) };
});

/** How many customers there are, from the dashboard totals (one GetItem). */
export async function totals(db: Db) {
  return { totalCustomers: (await getStatsItem(db))?.customerCount ?? 0 };
}

/** A customer's transactions, newest first (GET /api/customers/{id}/purchases). */
export const transactions = fn(customerIdInput, async (db, { id }) => {
  const [, items] = await Promise.all([requireCustomer(db, id), listCustomerTransactionItems(db, id)]);
  return items.map(transactionFromItem);
});

/** A customer's addresses (the Address Book tab). */
export const addresses = fn(customerIdInput, async (db, { id }) => {
  const [, items] = await Promise.all([requireCustomer(db, id), listAddressItems(db, id)]);
  return items.map(addressFromItem);
});

/** The Purchase History tab: the customer's transactions with their events' titles, no list of events needed. */
export const transactionHistory = fn(customerIdInput, async (db, { id }) => {
  const [, items] = await Promise.all([requireCustomer(db, id), listCustomerTransactionItems(db, id)]);
  return items.map(transactionRowFromItem);
});

const byCreated = () => ({
  IndexName: 'gsi1',
  KeyConditionExpression: 'gsi1pk = :pk',
  ExpressionAttributeValues: { ':pk': keys.customersByCreated('', '').gsi1pk },
  ScanIndexForward: false,
});

/** Every customer, newest first, a Query page at a time (GET /api/customers streams them). */
export async function* listPages(db: Db) {
  for await (const items of queryPages(db, byCreated())) yield items.map(fromItem);
}

/** At most `limit` customers, newest first, from a cursor (GET /api/customers?limit=N&cursor=C). */
export const listPage = fn(listPageInput, async (db, input) => {
  const { items, nextCursor } = await queryPage(db, { ...byCreated(), Limit: input.limit }, input.cursor);
  return { items: items.map(fromItem), nextCursor };
});
