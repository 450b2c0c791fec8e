import { fromItem as addressFromItem, listAddressItems } from '../address/address.repo.ts';
import { entityAuditPages, fromItem as auditFromItem } from '../audit/audit.repo.ts';
import type { AuditEntity } from '../audit/audit.schema.ts';
import type { CustomerInfo } from '../customer/customer.schema.ts';
import type { Db } from '../db/client.ts';
import { forEachLimited } from '../db/write.ts';
import { isOrder, orderTickets } from '../order/order.repo.ts';
import type { TicketInfo } from '../order/order.schema.ts';
import { rowFromItem } from '../transaction/transaction.repo.ts';
import { customerTransactionPages, detailFromItem } from '../transaction/transaction.repo.ts';

/** Transactions a Query page brings: each brings its own history, read a few at a time. */
const pageSize = 100;

/** One entity's whole history, newest first (a transaction's is a handful of records). */
async function historyOf(db: Db, entity: AuditEntity, id: string) {
  const entries = [];
  for await (const items of entityAuditPages(db, entity, id)) entries.push(...items.map(auditFromItem));
  return entries;
}

/** The items of pages as the inside of a JSON array, comma-separated across pages. */
async function* arrayItems<T>(pages: AsyncIterable<T[]>, shape: (items: T[]) => Promise<unknown[]> | unknown[]) {
  let first = true;
  for await (const items of pages) {
    let text = '';
    for (const value of await shape(items)) {
      text += (first ? '' : ',') + JSON.stringify(value);
      first = false;
    }
    yield text;
  }
}

/**
 * Everything held about one person (GDPR art. 15), as one JSON document written as it is read:
 * the customer, their addresses, their history (addresses' records are filed under it), then
 * their transactions newest first, each as GET /api/transactions/{id} shows it (refunds and an
 * order's tickets with their attendees included) with its own history, a Query page at a time. The customer was read by the caller
 * (a 404 before anything is sent).
 */
export function customerData(db: Db, customer: CustomerInfo) {
  async function* chunks() {
    const addresses = (await listAddressItems(db, customer.id)).map(addressFromItem);
    yield (
      `{"exportedAt":${JSON.stringify(new Date().toISOString())},"customer":${JSON.stringify(customer)},` +
      `"addresses":${JSON.stringify(addresses)},"history":[`
    );
    yield* arrayItems(entityAuditPages(db, 'customer', customer.id), (items) => items.map(auditFromItem));
    yield '],"transactions":[';
    yield* arrayItems(customerTransactionPages(db, customer.id, pageSize), async (items) => {
      const [rows, histories, tickets] = [items.map(rowFromItem), new Map<string, unknown[]>(), new Map<string, TicketInfo[]>()];
      await forEachLimited(items, 16, async (item) => {
        histories.set(String(item.id), await historyOf(db, 'transaction', String(item.id)));
        // an order's tickets: who each is for (attendees leave with the customer's erasure too)
        if (isOrder(item)) tickets.set(String(item.id), await orderTickets(db, item.codePrefix));
      });
      return items.map((item, i) => ({
        ...detailFromItem(item, tickets.get(String(item.id))),
        eventTitle: rows[i]!.eventTitle,
        customerName: rows[i]!.customerName,
        history: histories.get(String(item.id)),
      }));
    });
    yield ']}';
  }
  return { filename: `customer-${customer.id}.json`, chunks: chunks() };
}
