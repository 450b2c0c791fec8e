import { describe, expect, it } from 'vitest';
import { signedInForFile } from '../setup/api.ts';
import { createCustomer, createEvent, createTransaction, expectError, ok, unknownId } from './helpers.ts';

const { client } = await signedInForFile();

async function pending(amount = '$8.00') {
  const event = await createEvent(client);
  const customer = await createCustomer(client);
  return { event, customer, transaction: await createTransaction(client, event.id, customer.id, amount, 'pending') };
}

describe('POST /api/transactions/{id}/status', () => {
  it('marks a pending transaction completed (200): it counts as a sale from then on', async () => {
    const { transaction, event } = await pending('$8.00');
    const before = ok(await client.get('/api/dashboard/stats'));
    const done = ok(await client.post(`/api/transactions/${transaction.id}/status`, { status: 'completed', version: 1 }));
    expect(done).toMatchObject({ id: transaction.id, status: 'completed', version: 2, amount: '$8.00' });
    expect(ok(await client.get(`/api/events/${event.id}`))).toMatchObject({ sales: 8, completedPurchases: 1 });
    const after = ok(await client.get('/api/dashboard/stats'));
    expect(after.ticketSales).toBe(before.ticketSales + 8);
    expect(after.activeCustomers).toBe(before.activeCustomers + 1);
    // searched by its new status
    const search = async (q: string) => (await client.trpc().transactions.page.query({ q, limit: 100 })).items.map((t) => t.id);
    expect(await search('completed')).toContain(transaction.id);
    expect(await search('pending')).not.toContain(transaction.id);
  });

  it('marks a pending transaction failed: no counter moves but the status', async () => {
    const { transaction, event } = await pending();
    const before = ok(await client.get('/api/dashboard/stats'));
    expect(ok(await client.post(`/api/transactions/${transaction.id}/status`, { status: 'failed' })).status).toBe('failed');
    expect(ok(await client.get(`/api/events/${event.id}`))).toMatchObject({ sales: 0, completedPurchases: 0 });
    expect(ok(await client.get('/api/dashboard/stats'))).toEqual(before);
  });

  it('refuses any other change (409) with what is not allowed, a stale version (409), bad input (400), an unknown id (404)', async () => {
    const { transaction } = await pending();
    const path = `/api/transactions/${transaction.id}/status`;
    expectError(await client.post(path, { status: 'pending' }), 409, 'A pending transaction cannot be marked pending');
    expectError(await client.post(path, { status: 'refunded' }), 409, 'A pending transaction cannot be marked refunded');
    expectError(await client.post(path, { status: 'completed', version: 7 }), 409, 'changed by someone else');
    expectError(await client.post(path, { status: 'paid' }), 400, 'Status must be one of');
    ok(await client.post(path, { status: 'completed' }));
    expectError(await client.post(path, { status: 'failed' }), 409, 'A completed transaction cannot be marked failed');
    expectError(await client.post(`/api/transactions/${unknownId()}/status`, { status: 'failed' }), 404, 'Transaction not found');
  });

  it('parallel status changes on one pending transaction: exactly one wins', async () => {
    const { transaction, event } = await pending('$4.00');
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        client.post(`/api/transactions/${transaction.id}/status`, { status: i % 2 ? 'failed' : 'completed' }),
      ),
    );
    const winners = results.filter((r) => r.status === 200);
    expect(winners).toHaveLength(1);
    for (const loser of results.filter((r) => r.status !== 200)) expectError(loser, 409, 'only a pending transaction changes status');
    const won = winners[0]!.body.status;
    expect(ok(await client.get(`/api/transactions/${transaction.id}`))).toMatchObject({ status: won, version: 2 });
    expect(ok(await client.get(`/api/events/${event.id}`)).completedPurchases).toBe(won === 'completed' ? 1 : 0);
  }, 30_000);
});
