import { describe, expect, it } from 'vitest';
import { signedInForFile } from '../setup/api.ts';
import { createCustomer, createEvent, createTransaction, expectError, ok, unknownId } from './helpers.ts';

const { client } = await signedInForFile();

describe('POST /api/transactions/bulk', () => {
  it('does or refuses each id on its own, in the order sent', async () => {
    const event = await createEvent(client);
    const customer = await createCustomer(client);
    const p1 = await createTransaction(client, event.id, customer.id, '$2.00', 'pending');
    const p2 = await createTransaction(client, event.id, customer.id, '$3.00', 'pending');
    const done = await createTransaction(client, event.id, customer.id, '$4.00', 'completed');
    const missing = unknownId();

    const completed = ok(await client.post('/api/transactions/bulk', { ids: [p1.id, done.id, missing], action: 'complete' }));
    expect(completed.results).toEqual([
      { id: p1.id, ok: true, status: 'completed' },
      { id: done.id, ok: false, error: 'A completed transaction cannot be marked completed: only a pending transaction changes status' },
      { id: missing, ok: false, error: 'Transaction not found' },
    ]);

    const failed = ok(await client.post('/api/transactions/bulk', { ids: [p2.id], action: 'fail' }));
    expect(failed.results).toEqual([{ id: p2.id, ok: true, status: 'failed' }]);

    const refunded = ok(await client.post('/api/transactions/bulk', { ids: [p1.id, done.id, p2.id], action: 'refund', reason: 'Rain' }));
    expect(refunded.results).toEqual([
      { id: p1.id, ok: true, status: 'refunded' },
      { id: done.id, ok: true, status: 'refunded' },
      { id: p2.id, ok: false, error: 'A failed transaction cannot be refunded: only a completed or partially refunded one can' },
    ]);
    expect(ok(await client.get(`/api/events/${event.id}`))).toMatchObject({ sales: 0, completedPurchases: 0 });
    const detail = ok(await client.get(`/api/transactions/${done.id}`));
    expect(detail.refunds).toEqual([{ id: expect.any(String), amount: '$4.00', reason: 'Rain', createdAt: expect.any(String) }]);
  });

  it('refuses 0 or more than 100 ids, an unknown action and a refund without a reason (400)', async () => {
    expectError(
      await client.post('/api/transactions/bulk', { ids: [], action: 'fail' }),
      400,
      'Ids must be a list of 1 to 100 transaction ids',
    );
    const many = Array.from({ length: 101 }, (_, i) => `id-${i}`);
    expectError(
      await client.post('/api/transactions/bulk', { ids: many, action: 'fail' }),
      400,
      'Ids must be a list of 1 to 100 transaction ids',
    );
    expectError(
      await client.post('/api/transactions/bulk', { ids: ['a'], action: 'delete' }),
      400,
      'Action must be complete, fail or refund',
    );
    expectError(await client.post('/api/transactions/bulk', { ids: ['a'], action: 'refund' }), 400, 'A reason for the refund is required');
  });
});
