import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { deleteLeftoverAddresses } from '../address/address.repo.ts';
import { entityAuditPages } from '../audit/audit.repo.ts';
import { erasedRecord, withoutTerms } from '../audit/audit.rules.ts';
import type { AuditChange } from '../audit/audit.schema.ts';
import { erasedCustomerName } from '../customer/customer.schema.ts';
import type { Db } from '../db/client.ts';
import { keys } from '../db/keys.ts';
import { conditional, forEachLimited, isConditionFailure } from '../db/write.ts';
import { renameTransaction, type StoredRefund } from '../transaction/transaction.repo.ts';
import { scrubDeliveriesFor } from '../webhook/erasure.ts';
import type { JobItem } from './job.repo.ts';

/**
 * Where an erasure stands (opaque outside this file: base64url JSON). Its phases, each safe to
 * repeat: the addresses its first transaction could not take, the purchases (name, refund
 * reasons, each one's history), the customer's own history, the webhook bodies about them, then
 * the customer marked complete.
 */
interface Position {
  phase: 'addresses' | 'transactions' | 'history' | 'deliveries' | 'finish';
  /** the key the phase's next Query continues after */
  after?: Record<string, unknown>;
  /** the webhook bodies' phase: where its next page begins */
  cursor?: string;
}

const encode = (position: Position) => Buffer.from(JSON.stringify(position)).toString('base64url');

function decode(cursor: string | null | undefined): Position {
  try {
    const value: unknown = cursor ? JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) : undefined;
    if (value && typeof value === 'object' && 'phase' in value) return value as Position;
  } catch {
    // a cursor this code cannot read starts the erasure over: every phase is safe to repeat
  }
  return { phase: 'addresses' };
}

/** Updates in flight within a step. */
const concurrency = 8;

/** Rewrites one history record without the person, if anything in it names them; conditional on it still existing. */
async function scrubRecord(db: Db, item: Record<string, unknown>, terms: readonly string[]) {
  const scrubbed = erasedRecord(item as { summary: string; changes?: AuditChange[] }, terms);
  if (!scrubbed) return false;
  return conditional(
    db.doc.send(
      new UpdateCommand({
        TableName: db.tableName,
        Key: { pk: item.pk, sk: item.sk },
        UpdateExpression: 'SET summary = :summary, changes = :changes',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':summary': scrubbed.summary, ':changes': scrubbed.changes },
      }),
    ),
  );
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
    try {
      await db.doc.send(
        new UpdateCommand({
          TableName: db.tableName,
          Key: { pk: item.pk, sk: item.sk },
          UpdateExpression: 'SET refunds = :refunds',
          ConditionExpression: 'attribute_exists(pk) AND version = :version',
          ExpressionAttributeValues: { ':refunds': scrubbed, ':version': item.version },
        }),
      );
      return;
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
      const key: Record<string, unknown> = { pk: item.pk, sk: item.sk };
      item = (await db.doc.send(new GetCommand({ TableName: db.tableName, Key: key, ConsistentRead: true }))).Item;
    }
  }
}

/** One entity's whole history rewritten without the person (a transaction's is a handful of records). */
async function scrubHistory(db: Db, entity: 'transaction', entityId: string, terms: readonly string[]) {
  let changed = 0;
  for await (const page of entityAuditPages(db, entity, entityId)) {
    for (const record of page) if (await scrubRecord(db, record, terms)) changed += 1;
  }
  return changed;
}

/** One Query page of a partition from `after`: the customer's purchases or their history. */
async function partitionPage(db: Db, pk: string, prefix: string | undefined, after: Position['after'], limit: number) {
  const result = await db.doc.send(
    new QueryCommand({
      TableName: db.tableName,
      KeyConditionExpression: prefix ? 'pk = :pk AND begins_with(sk, :prefix)' : 'pk = :pk',
      ExpressionAttributeValues: { ':pk': pk, ...(prefix ? { ':prefix': prefix } : {}) },
      ExclusiveStartKey: after,
      Limit: limit,
      // a purchase or refund committed just before the erasure is read
      ConsistentRead: true,
    }),
  );
  return { items: result.Items ?? [], after: result.LastEvaluatedKey };
}

/**
 * One step of an erasure job (queued by customer/customer-erasure.ts with the person's texts as
 * `terms`): works one phase's page from `cursor`. `cursor` null: the erasure is complete (the
 * customer says so) and the job, the last copy of those texts, is deleted by the runner.
 */
export async function erasureStep(
  db: Db,
  job: Pick<JobItem, 'targetId' | 'terms'>,
  cursor: string | null | undefined,
  limit: number,
): Promise<{ renamed: number; read: number; cursor: string | null }> {
  const position = decode(cursor);
  const customerId = job.targetId;
  const terms = job.terms ?? [];
  if (position.phase === 'addresses') {
    await deleteLeftoverAddresses(db, customerId);
    return { renamed: 0, read: 0, cursor: encode({ phase: 'transactions' }) };
  }
  if (position.phase === 'transactions') {
    const page = await partitionPage(db, keys.customer(customerId).pk, keys.transactionPrefix, position.after, limit);
    let changed = 0;
    await forEachLimited(page.items, concurrency, async (item) => {
      if (item.customerName !== erasedCustomerName && (await renameTransaction(db, item, { customerName: erasedCustomerName })))
        changed += 1;
      await scrubRefunds(db, item, terms);
      changed += await scrubHistory(db, 'transaction', String(item.id), terms);
    });
    const next: Position = page.after ? { phase: 'transactions', after: page.after } : { phase: 'history' };
    return { renamed: changed, read: page.items.length, cursor: encode(next) };
  }
  if (position.phase === 'history') {
    const { pk } = keys.audit('customer', customerId, '', '');
    const page = await partitionPage(db, pk, undefined, position.after, limit);
    let changed = 0;
    await forEachLimited(page.items, concurrency, async (record) => {
      if (await scrubRecord(db, record, terms)) changed += 1;
    });
    const next: Position = page.after ? { phase: 'history', after: page.after } : { phase: 'deliveries' };
    return { renamed: changed, read: page.items.length, cursor: encode(next) };
  }
  // Webhooks: the bodies announced about them (core/webhook/erasure.ts), a page at a time.
  if (position.phase === 'deliveries') {
    const page = await scrubDeliveriesFor(db, { customerId, terms }, position.cursor, limit);
    const next: Position = page.cursor ? { phase: 'deliveries', cursor: page.cursor } : { phase: 'finish' };
    return { renamed: page.scrubbed, read: page.read, cursor: encode(next) };
  }
  // the customer may be gone (deleted after the erasure): nothing left to mark then
  await conditional(
    db.doc.send(
      new UpdateCommand({
        TableName: db.tableName,
        Key: keys.customer(customerId),
        UpdateExpression: 'SET erasure = :complete',
        ConditionExpression: 'attribute_exists(erasedAt)',
        ExpressionAttributeValues: { ':complete': 'complete' },
      }),
    ),
  );
  return { renamed: 0, read: 0, cursor: null };
}
