import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { erasedValue, personalFields, withoutTerms } from '../audit/audit.rules.ts';
import type { Db } from '../db/client.ts';
import { keys } from '../db/keys.ts';
import { queryPage } from '../db/query.ts';
import { conditional, forEachLimited } from '../db/write.ts';

/**
 * A body's JSON with a person erased by the history's rule: personal fields' values become
 * [erased], and their texts disappear from every other string (a refund's reason). Nothing else
 * changes: ids, amounts, dates, the type.
 */
export function erasedBody(body: string, terms: readonly string[]) {
  const scrub = (value: unknown, field?: string): unknown => {
    if (typeof value === 'string')
      return field && personalFields.includes(field) && value !== '' ? erasedValue : withoutTerms(value, terms);
    if (Array.isArray(value)) return value.map((entry) => scrub(entry));
    if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([name, v]) => [name, scrub(v, name)]));
    return value;
  };
  return JSON.stringify(scrub(JSON.parse(body)));
}

/**
 * Erasure reaches the outbox: one page of the announcements about a customer (their own changes,
 * their purchases), found by the sparse index gsi3 without a Scan, each body rewritten without
 * them. Deliveries hold no body of their own, so a retry afterwards sends the scrubbed one.
 * `cursor` continues a page; the answer's `cursor` is null on the last.
 */
export async function scrubDeliveriesFor(
  db: Db,
  person: { customerId: string; terms: readonly string[] },
  cursor: string | null | undefined,
  limit: number,
) {
  const { gsi3pk } = keys.outboxByCustomer(person.customerId, '', '');
  const byCustomer = { IndexName: 'gsi3', KeyConditionExpression: 'gsi3pk = :pk', ExpressionAttributeValues: { ':pk': gsi3pk } };
  const page = await queryPage(db, { ...byCustomer, Limit: limit }, cursor);
  let scrubbed = 0;
  await forEachLimited(page.items, 8, async (item) => {
    if (typeof item.body !== 'string') return;
    const body = erasedBody(item.body, person.terms);
    if (body === item.body) return;
    const rewrite = new UpdateCommand({
      TableName: db.tableName,
      Key: keys.outbox(String(item.messageId)),
      UpdateExpression: 'SET body = :body',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':body': body },
    });
    if (await conditional(db.doc.send(rewrite))) scrubbed += 1;
  });
  return { read: page.items.length, scrubbed, cursor: page.nextCursor };
}
