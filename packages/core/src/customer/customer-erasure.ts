import { auditPut } from '../audit/audit.repo.ts';
import { erasureTerms } from '../audit/audit.rules.ts';
import type { AuditChange } from '../audit/audit.schema.ts';
import type { z } from 'zod';
import type { Db } from '../db/client.ts';
import { keys } from '../db/keys.ts';
import { queryAll, queryPages } from '../db/query.ts';
import { failedConditions, retry, transact, withRetry } from '../db/write.ts';
import { DomainError, notFound } from '../error.ts';
import { fn, type Actor } from '../fn.ts';
import { runJobNow } from '../jobs/index.ts';
import { announce } from '../webhook/outbox.ts';
import { currentEndpoints } from '../webhook/webhook.repo.ts';
import { customerSearchText } from './customer.rules.ts';
import { addressesDeletedAtOnce, defaultAddressAttribute, fromItem, getCustomerItem } from './customer.repo.ts';
import { erasedCustomerName, eraseCustomerInput, type CustomerInfo, type ErasureState } from './customer.schema.ts';
import { erasureJob } from './erasure.job.ts';
import { renameCustomerJob } from './rename.job.ts';

const wrongConfirmation = () => new DomainError('invalid', "The email address typed does not match this customer's; nothing was erased");

/** How long the request itself works on what the erasure leaves for the background, before answering. */
export const erasureAnswerBudgetMs = 1500;

/**
 * Who the person was, as text: their name, e-mail and phone now and in every earlier version their
 * history kept (read consistently: an edit committed just before is not missed).
 */
export async function personalTerms(db: Db, customer: Record<string, unknown>) {
  const values: unknown[] = [customer.name, customer.email, customer.phone];
  const history = {
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.audit('customer', String(customer.id), '', '').pk },
  };
  for await (const page of queryPages(db, { ...history, ConsistentRead: true })) {
    for (const record of page) {
      for (const change of (record.changes ?? []) as AuditChange[]) {
        if (['name', 'email', 'phone'].includes(change.field)) values.push(change.from, change.to);
      }
    }
  }
  return erasureTerms(values);
}

/**
 * The customer's first transaction of an erasure: name `Erased customer`, no e-mail or phone,
 * search text that finds none of it, `erasedAt` (on its COUNTS item too, so a purchase racing in
 * fails its condition and reads the customer again), the e-mail claim released, the first
 * addresses deleted, the record `erased` (nothing personal in it), and the job that does the rest:
 * a rename of their purchases queued anew (a rename to their old name left pending must not win),
 * and the erasure job holding the texts to scrub from the history.
 */
function erasureItems(customer: Record<string, unknown>, addressIds: string[], terms: string[], actor: Actor, now: Date) {
  const id = String(customer.id);
  const at = now.toISOString();
  const slots = Object.keys(customer).filter((name) => name.startsWith(defaultAddressAttribute('')));
  const slotNames = Object.fromEntries(slots.map((slot, i) => [`#slot${i}`, slot]));
  return [
    {
      Update: {
        Key: keys.customer(id),
        UpdateExpression:
          'SET #name = :name, email = :empty, phone = :empty, searchText = :searchText, phoneDigits = :empty, ' +
          `erasedAt = :at, erasure = :state, updatedAt = :at ADD version :one${slots.length ? ` REMOVE ${Object.keys(slotNames).join(', ')}` : ''}`,
        ConditionExpression: 'version = :version AND attribute_not_exists(erasedAt)',
        ExpressionAttributeNames: { '#name': 'name', ...slotNames },
        ExpressionAttributeValues: {
          ':name': erasedCustomerName,
          ':empty': '',
          ':searchText': customerSearchText({ name: erasedCustomerName, email: '', phone: '' }),
          ':at': at,
          ':state': 'in_progress' satisfies ErasureState,
          ':one': 1,
          ':version': Number(customer.version),
        },
      },
    },
    { Update: { Key: keys.customerCounts(id), UpdateExpression: 'SET erasedAt = :at', ExpressionAttributeValues: { ':at': at } } },
    {
      Delete: {
        Key: keys.customerEmail(String(customer.email)),
        ConditionExpression: 'attribute_not_exists(pk) OR customerId = :id',
        ExpressionAttributeValues: { ':id': id },
      },
    },
    ...addressIds.slice(0, addressesDeletedAtOnce).map((addressId) => ({ Delete: { Key: keys.address(id, addressId) } })),
    auditPut(
      {
        actor,
        action: 'erased',
        entity: 'customer',
        entityId: id,
        summary: 'Erased the customer: name, e-mail, phone and addresses removed; transactions kept',
      },
      now,
    ),
    renameCustomerJob.queue(id, { name: erasedCustomerName }, now),
    historyErasureJob(id, terms, now),
  ];
}

/**
 * The job that takes a deleted customer out of the history written about them (their creation,
 * edits and addresses), to ride in the delete's transaction: the erasure's steps, which find no
 * purchases and no customer left to mark.
 */
export const historyErasureJob = (customerId: string, terms: readonly string[], now: Date) =>
  erasureJob.queue(customerId, { terms: [...terms] }, now);

/** Works a queued erasure job now, within the request's budget (the rest goes on in the background). */
export const workErasure = (db: Db, customerId: string, options: { answerBudgetMs?: number; pageSize?: number } = {}) =>
  runJobNow(db, erasureJob, customerId, { budgetMs: options.answerBudgetMs ?? erasureAnswerBudgetMs, pageSize: options.pageSize });

/**
 * POST /api/customers/{id}/erase (GDPR art. 17): removes the person, keeps the sales. The answer
 * comes once the customer itself is erased; what remains (a long purchase history, the history
 * records) is worked for up to erasureAnswerBudgetMs in the request, then by the background jobs,
 * and the customer says `erasure: 'in_progress'` until it is `complete`. Asking again for an
 * erased customer works the rest at once (nothing personal is left to confirm against).
 */
export const erase = fn(eraseCustomerInput, (db, input, actor) => eraseCustomer(db, input, actor));

/** The erasure with its request's budget for the rest (tests cut it to nothing, as a process stopped there would). */
export async function eraseCustomer(
  db: Db,
  input: z.output<typeof eraseCustomerInput>,
  actor: Actor,
  options: { answerBudgetMs?: number; pageSize?: number } = {},
): Promise<CustomerInfo> {
  await withRetry(async () => {
    const customer = await getCustomerItem(db, input.id, true);
    if (!customer) throw notFound('Customer');
    if (customer.erasedAt) return true;
    if (input.confirm.toLowerCase() !== String(customer.email).trim().toLowerCase()) throw wrongConfirmation();
    const [addresses, terms, endpoints] = await Promise.all([
      queryAll(db, {
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':pk': keys.customer(input.id).pk, ':prefix': keys.addressPrefix },
        ConsistentRead: true,
      }),
      personalTerms(db, customer),
      currentEndpoints(db),
    ]);
    const now = new Date();
    const announced = announce(endpoints, 'customer.erased', { id: input.id, erasedAt: now.toISOString() }, now);
    try {
      const ids = addresses.map((a) => String(a.id));
      await transact(db, [...erasureItems(customer, ids, terms, actor, now), ...announced]);
    } catch (error) {
      // an edit or a purchase came in between: read again
      if (failedConditions(error)?.length) return retry;
      throw error;
    }
    return true;
  });
  await workErasure(db, input.id, options);
  const erased = await getCustomerItem(db, input.id, true);
  if (!erased) throw notFound('Customer');
  return fromItem(erased);
}
