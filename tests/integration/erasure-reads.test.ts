import { afterAll, beforeAll, expect, it } from 'vitest';
import { runBackground } from '@event-admin/core/background';
import { eraseCustomer } from '@event-admin/core/customer/customer-erasure';
import { type Client, type TestApi, startSignedIn } from '../setup/api.ts';
import { createCustomer, createEvent, createTransaction, ok, requestsDuring } from './helpers.ts';

// Issue 29 item 2: the erasure's reads are strongly consistent, so a purchase or a refund
// committed just before it is not missed (an eventually consistent read may not show it yet).
// DynamoDB Local answers every read consistently, so what is checked is what each read asks for:
// every read of the table itself (an index cannot be read consistently) the erasure makes, in
// the request and in its background job.

let api: TestApi;
let client: Client;
beforeAll(async () => ({ api, client } = await startSignedIn()));
afterAll(() => api.stop());

/** Every read the table's client sends while `work` runs: whether it reads an index, whether consistently. */
async function readsDuring(work: () => Promise<unknown>) {
  return (await requestsDuring(api.db, work)).flatMap(({ command, input }) => {
    if (command === 'BatchGetItemCommand') {
      return Object.values(input.RequestItems as Record<string, { ConsistentRead?: boolean }>).map((r) => ({
        command,
        consistent: r.ConsistentRead === true,
      }));
    }
    return ['GetItemCommand', 'QueryCommand'].includes(command)
      ? [{ command, index: input.IndexName as string | undefined, consistent: input.ConsistentRead === true }]
      : [];
  });
}

it('reads the customer, their purchases, refunds, addresses and history consistently, in the request and the job', async () => {
  const customer = await createCustomer(client, { name: 'Rosalind Franklin' });
  ok(
    await client.post(`/api/customers/${customer.id}/addresses`, {
      addressType: 'billing',
      street: '1 Helix Row',
      city: 'London',
      state: 'LN',
      zipCode: 'W1',
    }),
    201,
  );
  const event = await createEvent(client);
  const sold = await createTransaction(client, event.id, customer.id, '$20.00', 'completed');
  await createTransaction(client, event.id, customer.id, '$5.00', 'pending');
  ok(await client.post(`/api/transactions/${sold.id}/refunds`, { amount: '$2.00', reason: 'For Rosalind Franklin' }), 201);

  const reads = await readsDuring(async () => {
    // cut off after its first step, as a request out of time would be: the rest is the job's
    await eraseCustomer(api.db, { id: customer.id, confirm: customer.email }, { name: 'admin' }, { answerBudgetMs: 0, pageSize: 1 });
    expect((await runBackground(api.db, { budgetMs: 30_000, pageSize: 1 })).more).toBe(false);
  });
  const ofTheTable = reads.filter((read) => !('index' in read) || read.index === undefined);
  expect(ofTheTable.length).toBeGreaterThan(5);
  expect(ofTheTable.filter((read) => !read.consistent)).toEqual([]);

  // and it did its work
  expect(ok(await client.get(`/api/customers/${customer.id}`))).toMatchObject({ name: 'Erased customer', erasure: 'complete' });
  const detail = ok(await client.get(`/api/transactions/${sold.id}`));
  expect(detail.customerName).toBe('Erased customer');
  expect(detail.refunds[0].reason).not.toContain('Rosalind');
}, 120_000);
