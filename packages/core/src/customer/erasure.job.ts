import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import { erasedRecord, withoutTerms } from '../audit/audit.rules.ts';
import type { AuditChange } from '../audit/audit.schema.ts';
import type { Db } from '../db/client.ts';
import { keys } from '../db/keys.ts';
import { batchWrite, forEachLimited, updateIf } from '../db/write.ts';
import { decodePosition, defineJob, encodePosition } from '../jobs/registry.ts';
import { eraseAttendees, isOrder } from '../order/order.repo.ts';
import { eraseTicketRecords } from '../ticket/erasure.ts';
import { renameTransaction, type StoredRefund } from '../transaction/transaction.repo.ts';
import { scrubDeliveriesFor } from '../webhook/erasure.ts';
import { erasedCustomerName } from './customer.schema.ts';

// What an erasure leaves for the background (customer/customer-erasure.ts queues it with the
// person's texts as `terms`, the only copy left of them, deleted with the job): a list of phases,
// each worked a page at a time from where the last step stopped and each safe to repeat. Every
// read is strongly consistent, so a purchase or refund committed just before the erasure is not
// missed. Another place that holds the person's data is one more phase in the list.

/** What a phase works on: the customer and the texts to remove. */
export interface ErasureTarget {
  customerId: string;
  terms: readonly string[];
}

/** A phase of an erasure: one page from `after`; `after` undefined in its answer when the phase is done. */
export interface ErasurePhase {
  name: string;
  run(db: Db, target: ErasureTarget, after: Record<string, unknown> | undefined, limit: number): Promise<PhasePage>;
}
interface PhasePage {
  read: number;
  changed: number;
  after?: Record<string, unknown>;
}

/** Updates in flight within a step. */
const concurrency = 8;

/** One consistent Query page of a partition from `after`: the customer's addresses, purchases or history. */
async function partitionPage(db: Db, pk: string, prefix: string | undefined, after: Record<string, unknown> | undefined, limit: number) {
  const result = await db.doc.send(
    new QueryCommand({
      TableName: db.tableName,
      KeyConditionExpression: prefix ? 'pk = :pk AND begins_with(sk, :prefix)' : 'pk = :pk',
      ExpressionAttributeValues: { ':pk': pk, ...(prefix ? { ':prefix': prefix } : {}) },
      ExclusiveStartKey: after,
      Limit: limit,
      ConsistentRead: true,
    }),
  );
  return { items: result.Items ?? [], after: result.LastEvaluatedKey };
}

/** Rewrites one history record without the person, if anything in it names them; conditional on it still existing. */
async function scrubRecord(db: Db, item: Record<string, unknown>, terms: readonly string[]) {
  const scrubbed = erasedRecord(item as { summary: string; changes?: AuditChange[] }, terms);
  if (!scrubbed) return false;
  return updateIf(db, {
    Key: { pk: item.pk, sk: item.sk },
    UpdateExpression: 'SET summary = :summary, changes = :changes',
    ConditionExpression: 'attribute_exists(pk)',
    ExpressionAttributeValues: { ':summary': scrubbed.summary, ':changes': scrubbed.changes },
  });
}

/** A history partition's page, each record rewritten without the person. */
async function scrubHistoryPage(
  db: Db,
  pk: string,
  terms: readonly string[],
  after: PhasePage['after'],
  limit: number,
): Promise<PhasePage> {
  const page = await partitionPage(db, pk, undefined, after, limit);
  let changed = 0;
  await forEachLimited(page.items, concurrency, async (record) => {
    if (await scrubRecord(db, record, terms)) changed += 1;
  });
  return { read: page.items.length, changed, after: page.after };
}

/**
 * A purchase's refund reasons without the person's names (free text an administrator typed),
 * conditional on the version read: a refund landing meanwhile makes it read again.
 */
async function scrubRefunds(db: Db, found: Record<string, unknown>, terms: readonly string[]) {
  let item: Record<string, unknown> | undefined = found;
  for (let attempt = 0; item && attempt < 10; attempt++) {
    const refunds = (item.refunds ?? []) as StoredRefund[];
    const scrubbed = refunds.map((refund) => ({ ...refund, reason: withoutTerms(refund.reason, terms) }));
    if (scrubbed.every((refund, i) => refund.reason === refunds[i]!.reason)) return;
    const key: Record<string, unknown> = { pk: item.pk, sk: item.sk };
    const updated = await updateIf(db, {
      Key: key,
      UpdateExpression: 'SET refunds = :refunds',
      ConditionExpression: 'attribute_exists(pk) AND version = :version',
      ExpressionAttributeValues: { ':refunds': scrubbed, ':version': item.version },
    });
    if (updated) return;
    item = (await db.doc.send(new GetCommand({ TableName: db.tableName, Key: key, ConsistentRead: true }))).Item;
  }
}

/** One purchase without the person: their name, its refund reasons, an order's attendees, its whole history. */
async function erasePurchase(db: Db, item: Record<string, unknown>, terms: readonly string[]) {
  let changed = 0;
  if (item.customerName !== erasedCustomerName && (await renameTransaction(db, item, { customerName: erasedCustomerName }))) changed += 1;
  await scrubRefunds(db, item, terms);
  // an order's tickets: who each admission is for, on their records, in their history, on the order
  if (isOrder(item)) {
    const tickets = await eraseTicketRecords(db, item.codePrefix);
    changed += tickets.changed;
    for (const id of tickets.ids) changed += await scrubHistory(db, keys.audit('ticket', id, '', '').pk, [...terms, ...tickets.texts]);
    if (await eraseAttendees(db, item.codePrefix)) changed += 1;
  }
  return changed + (await scrubHistory(db, keys.audit('transaction', String(item.id), '', '').pk, terms));
}

/** A whole history partition without the person, a page at a time: the records changed. */
async function scrubHistory(db: Db, history: string, terms: readonly string[]) {
  let changed = 0;
  for (let after: PhasePage['after'], first = true; first || after; first = false) {
    const page = await scrubHistoryPage(db, history, terms, after, 100);
    changed += page.changed;
    after = page.after;
  }
  return changed;
}

/** The phases, in order. */
export const erasurePhases: ErasurePhase[] = [
  {
    // what the erasure's own transaction could not take (or an address added while it ran)
    name: 'addresses',
    async run(db, { customerId }, after, limit) {
      const page = await partitionPage(db, keys.customer(customerId).pk, keys.addressPrefix, after, limit);
      await batchWrite(
        db,
        page.items.map((item) => ({ DeleteRequest: { Key: { pk: String(item.pk), sk: String(item.sk) } } })),
      );
      return { read: page.items.length, changed: page.items.length, after: page.after };
    },
  },
  {
    name: 'transactions',
    async run(db, { customerId, terms }, after, limit) {
      const page = await partitionPage(db, keys.customer(customerId).pk, keys.transactionPrefix, after, limit);
      let changed = 0;
      await forEachLimited(page.items, concurrency, async (item) => {
        changed += await erasePurchase(db, item, terms);
      });
      return { read: page.items.length, changed, after: page.after };
    },
  },
  {
    name: 'history',
    run: (db, { customerId, terms }, after, limit) =>
      scrubHistoryPage(db, keys.audit('customer', customerId, '', '').pk, terms, after, limit),
  },
  {
    // the webhook bodies announced about them (webhook/erasure.ts); its cursor carried in `after`
    name: 'deliveries',
    async run(db, target, after, limit) {
      const page = await scrubDeliveriesFor(db, target, after?.cursor as string | undefined, limit);
      return { read: page.read, changed: page.scrubbed, after: page.cursor ? { cursor: page.cursor } : undefined };
    },
  },
  {
    // last: the customer says the erasure is complete (it may be gone: deleted after the erasure)
    name: 'finish',
    async run(db, { customerId }) {
      const marked = await updateIf(db, {
        Key: keys.customer(customerId),
        UpdateExpression: 'SET erasure = :complete',
        ConditionExpression: 'attribute_exists(erasedAt)',
        ExpressionAttributeValues: { ':complete': 'complete' },
      });
      return { read: 0, changed: marked ? 1 : 0 };
    },
  },
];

/** Where an erasure stands: the phase and the key its next page continues after. */
interface Position {
  phase: string;
  after?: Record<string, unknown>;
}

/**
 * An erasure's job: a step works phases in order from where the last stopped, until it has read
 * `limit` items (a short erasure is one step). `cursor` null: every phase is done and the runner
 * deletes the job, and with it the last copy of the terms.
 */
export const erasureJob = defineJob({
  kind: 'erase-customer',
  payload: z.object({ terms: z.array(z.string()) }),
  async step(db, job, cursor, limit) {
    const target = { customerId: job.targetId, terms: job.payload.terms };
    let position = decodePosition<Position>(cursor) ?? { phase: erasurePhases[0]!.name };
    const done = { read: 0, changed: 0 };
    for (;;) {
      const index = Math.max(
        0,
        erasurePhases.findIndex((phase) => phase.name === position.phase),
      );
      const page = await erasurePhases[index]!.run(db, target, position.after, limit - done.read);
      done.read += page.read;
      done.changed += page.changed;
      if (page.after) return { ...done, cursor: encodePosition({ phase: erasurePhases[index]!.name, after: page.after }) };
      const next = erasurePhases[index + 1];
      if (!next) return { ...done, cursor: null };
      position = { phase: next.name };
      if (done.read >= limit) return { ...done, cursor: encodePosition(position) };
    }
  },
});
