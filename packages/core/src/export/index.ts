import type { Db } from '../db/client.ts';
import { keys } from '../db/keys.ts';
import { mergedPages } from '../db/merge.ts';
import { batchGet, queryPages } from '../db/query.ts';
import { customerCounts } from '../customer/customer.repo.ts';
import { forEachLimited } from '../db/write.ts';
import { fn } from '../fn.ts';
import { rowFromItem } from '../transaction/transaction.repo.ts';
import { businessTimeZone } from '../settings/index.ts';
import { dayBounds, isoWithOffset, localDate, today } from '../time/zone.ts';
import { csvRow, plainDecimal } from './csv.rules.ts';
import { customersCsvHeader, transactionsCsvHeader, transactionsExportInput } from './export.schema.ts';

/** Rows a Query page brings: the export writes them before it reads on. */
const pageSize = 500;

/** A purchase that brought money (not pending or failed): its amount less what was refunded of it. */
export const netCents = (item: Record<string, unknown>) =>
  item.status === 'pending' || item.status === 'failed' || item.status === undefined
    ? 0
    : Number(item.amountCents ?? 0) - Number(item.refundedCents ?? 0);

/** The index range of purchase dates from one local day to another, inclusive, either end open. */
function dateCondition(sortKey: string, zone: string, from?: string, to?: string) {
  const lower = from ? dayBounds(from, zone).start.toISOString() : undefined;
  // the last millisecond before the next day starts; '~' sorts after '#id'
  const upper = to ? `${new Date(dayBounds(to, zone).end.getTime() - 1).toISOString()}~` : undefined;
  const values = { ...(lower ? { ':from': lower } : {}), ...(upper ? { ':to': upper } : {}) };
  if (lower && upper) return { expression: ` AND ${sortKey} BETWEEN :from AND :to`, values };
  if (lower) return { expression: ` AND ${sortKey} >= :from`, values };
  if (upper) return { expression: ` AND ${sortKey} <= :to`, values };
  return { expression: '', values };
}

/** An instant as the exports write it: ISO with the zone's offset, then its calendar day there ('' twice when absent). */
const dated = (instant: string, zone: string) => (instant ? [isoWithOffset(instant, zone), localDate(instant, zone)] : ['', '']);

/**
 * The transactions as CSV, newest first, a Query page at a time: every transaction, or one
 * event's (its own index partitions), merged from their shards, between two days, of one status. Amounts are plain decimals.
 */
export const transactionsCsv = fn(transactionsExportInput, async (db, input) => {
  const zone = await businessTimeZone(db);
  const byEvent = input.eventId !== undefined;
  const sortKey = byEvent ? 'gsi2sk' : 'gsi1sk';
  const range = dateCondition(sortKey, zone, input.from, input.to);
  const pages = mergedPages(
    db,
    {
      IndexName: byEvent ? 'gsi2' : 'gsi1',
      partitions: byEvent ? keys.eventTransactionsPartitions(input.eventId!) : keys.transactionsPartitions(),
      sortKeyCondition: range.expression,
      ...(input.status ? { FilterExpression: '#status = :status', ExpressionAttributeNames: { '#status': 'status' } } : {}),
      ExpressionAttributeValues: { ...range.values, ...(input.status ? { ':status': input.status } : {}) },
      ScanIndexForward: false,
    },
    pageSize,
  );
  async function* lines() {
    yield csvRow(transactionsCsvHeader);
    for await (const items of pages) {
      const rows = items.map(rowFromItem);
      let text = '';
      rows.forEach((row, i) => {
        const item = items[i]!;
        text += csvRow([
          row.id,
          ...dated(row.purchaseDate, zone),
          row.eventTitle ?? '',
          row.customerName ?? '',
          plainDecimal(Number(item.amountCents ?? 0)),
          plainDecimal(Number(item.refundedCents ?? 0)),
          row.status,
          row.paymentMethod,
        ]);
      });
      yield text;
    }
  }
  return { filename: `transactions-${today(zone)}.csv`, lines: lines() };
});

/**
 * The customers as CSV, newest first, a page at a time. Purchases is the customer's count of
 * transactions; Net Spent sums their sales less refunds from their own partition (one Query per
 * customer who bought anything, a few in flight), so it is exact for every stored transaction.
 */
export async function customersCsv(db: Db) {
  const zone = await businessTimeZone(db);
  const pages = queryPages(
    db,
    {
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.customersByCreated('', '').gsi1pk },
      ScanIndexForward: false,
    },
    pageSize,
  );
  async function* lines() {
    yield csvRow(customersCsvHeader);
    for await (const items of pages) {
      const stored = await batchGet(
        db,
        items.map((c) => keys.customerCounts(String(c.id))),
      );
      const countsOf = new Map(stored.map((c) => [String(c.pk), c]));
      const purchases = new Map(items.map((c) => [String(c.id), customerCounts(countsOf.get(String(c.pk))).transactions]));
      const spent = new Map<string, number>();
      await forEachLimited(
        items.filter((c) => purchases.get(String(c.id))! > 0),
        16,
        async (customer) => {
          let total = 0;
          for await (const purchases of queryPages(db, {
            KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
            ExpressionAttributeValues: { ':pk': keys.customer(String(customer.id)).pk, ':prefix': keys.transactionPrefix },
          })) {
            for (const purchase of purchases) total += netCents(purchase);
          }
          spent.set(String(customer.id), total);
        },
      );
      let text = '';
      for (const c of items) {
        const id = String(c.id);
        text += csvRow([
          id,
          String(c.name ?? ''),
          String(c.email ?? ''),
          String(c.phone ?? ''),
          ...dated(String(c.createdAt ?? ''), zone),
          purchases.get(id)!,
          plainDecimal(spent.get(id) ?? 0),
        ]);
      }
      yield text;
    }
  }
  return { filename: `customers-${today(zone)}.csv`, lines: lines() };
}
