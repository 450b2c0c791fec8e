import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import { runMigrationList } from '@event-admin/core/maintenance/migration';
import { transactionPointers } from '@event-admin/core/maintenance/transaction-pointers';
import type { RefundInfo, TransactionInfo } from '@event-admin/core/transaction/transaction.schema';
import { describe, expect, it } from 'vitest';
import { signedInForFile } from '../setup/api.ts';
import { createCustomer, createEvent, createTransaction, expectError, ok, unknownId } from './helpers.ts';

const { api, client } = await signedInForFile();

async function purchase(amount: string, status: 'completed' | 'pending' | 'failed' = 'completed') {
  const event = await createEvent(client);
  const customer = await createCustomer(client);
  return { event, customer, transaction: await createTransaction(client, event.id, customer.id, amount, status) };
}

describe('GET /api/transactions/{id}', () => {
  it('answers the transaction as the list shows it, plus version, refundedAmount and refunds', async () => {
    const { transaction, event, customer } = await purchase('$20.00');
    const listed = ok<TransactionInfo[]>(await client.get('/api/transactions')).find((t) => t.id === transaction.id);
    const detail = ok(await client.get(`/api/transactions/${transaction.id}`));
    expect(detail).toEqual({
      ...listed,
      eventTitle: event.title,
      customerName: customer.name,
      version: 1,
      refundedAmount: '$0.00',
      refunds: [],
    });
  });

  it('finds transactions stored before the view once the one-off backfill has run', async () => {
    const { transaction } = await purchase('$1.00');
    await api.db.doc.send(
      new DeleteCommand({ TableName: api.db.tableName, Key: { pk: `TRANSACTION#${transaction.id}`, sk: 'TRANSACTION' } }),
    );
    expectError(await client.get(`/api/transactions/${transaction.id}`), 404, 'Transaction not found');
    expect((await runMigrationList(api.db, [transactionPointers])).ran[transactionPointers.name]).toBeGreaterThanOrEqual(1);
    expect(ok(await client.get(`/api/transactions/${transaction.id}`)).id).toBe(transaction.id);
    expect(await runMigrationList(api.db, [transactionPointers])).toEqual({ ran: {}, pending: [] });
  });

  it('answers 404 for an unknown id', async () => {
    expectError(await client.get(`/api/transactions/${unknownId()}`), 404, 'Transaction not found');
  });
});

describe('POST /api/transactions/{id}/refunds', () => {
  it('refunds part (201), then the rest by leaving the amount out; statuses and net sales follow', async () => {
    const { transaction, event } = await purchase('$20.00');
    const statsBefore = ok(await client.get('/api/dashboard/stats'));
    const first = ok(await client.post(`/api/transactions/${transaction.id}/refunds`, { amount: '$5.00', reason: 'Seat was broken' }), 201);
    expect(first).toMatchObject({ status: 'partially_refunded', refundedAmount: '$5.00', amount: '$20.00', version: 2 });
    expect(first.refunds).toEqual([{ id: expect.any(String), amount: '$5.00', reason: 'Seat was broken', createdAt: expect.any(String) }]);
    expect(ok(await client.get(`/api/events/${event.id}`)).sales).toBe(15);

    const second = ok(await client.post(`/api/transactions/${transaction.id}/refunds`, { reason: 'Event cancelled' }), 201);
    expect(second).toMatchObject({ status: 'refunded', refundedAmount: '$20.00', version: 3 });
    expect(second.refunds.map((r: RefundInfo) => r.amount)).toEqual(['$5.00', '$15.00']);
    const after = ok(await client.get(`/api/events/${event.id}`));
    expect(after).toMatchObject({ sales: 0, completedPurchases: 0 });
    const statsAfter = ok(await client.get('/api/dashboard/stats'));
    expect(statsAfter.ticketSales).toBe(statsBefore.ticketSales - 20);
    expect(statsAfter.activeCustomers).toBe(statsBefore.activeCustomers - 1);
    // SPEC's totals keep the sum of amounts
    const listed = ok<TransactionInfo[]>(await client.get('/api/transactions')).find((t) => t.id === transaction.id);
    expect(listed).toMatchObject({ amount: '$20.00', status: 'refunded' });
    expect(Object.keys(listed!).sort()).toEqual(['amount', 'customerId', 'eventId', 'id', 'paymentMethod', 'purchaseDate', 'status']);
  });

  it('takes a number of dollars', async () => {
    const { transaction } = await purchase('$10.00');
    expect(ok(await client.post(`/api/transactions/${transaction.id}/refunds`, { amount: 2.5, reason: 'Late' }), 201).refundedAmount).toBe(
      '$2.50',
    );
  });

  it('refuses bad amounts and a missing reason (400) and changes nothing', async () => {
    const { transaction } = await purchase('$10.00');
    const path = `/api/transactions/${transaction.id}/refunds`;
    expectError(await client.post(path, { amount: '$0.00', reason: 'x' }), 400, 'Refund amount must be more than $0.00');
    expectError(await client.post(path, { amount: -1, reason: 'x' }), 400, 'Refund amount must be more than $0.00');
    expectError(await client.post(path, { amount: '-$3', reason: 'x' }), 400, 'Refund amount must be more than $0.00');
    expectError(await client.post(path, { amount: 'ten', reason: 'x' }), 400, 'Refund amount must be a dollar amount such as $12.34');
    expectError(await client.post(path, { amount: '1,50', reason: 'x' }), 400, 'Refund amount must be a dollar amount such as $12.34');
    expectError(
      await client.post(path, { amount: '$10.01', reason: 'x' }),
      400,
      'Refund amount $10.01 is more than the $10.00 that remains',
    );
    expectError(await client.post(path, { amount: '$1.00' }), 400, 'A reason for the refund is required');
    expectError(await client.post(path, { amount: '$1.00', reason: '   ' }), 400, 'A reason for the refund is required');
    const detail = ok(await client.get(`/api/transactions/${transaction.id}`));
    expect(detail).toMatchObject({ status: 'completed', refundedAmount: '$0.00', refunds: [], version: 1 });
  });

  it('refuses a pending, failed or fully refunded transaction (409), and an unknown one (404)', async () => {
    const pending = (await purchase('$3.00', 'pending')).transaction;
    const failed = (await purchase('$3.00', 'failed')).transaction;
    expectError(
      await client.post(`/api/transactions/${pending.id}/refunds`, { reason: 'x' }),
      409,
      'A pending transaction cannot be refunded',
    );
    expectError(
      await client.post(`/api/transactions/${failed.id}/refunds`, { reason: 'x' }),
      409,
      'A failed transaction cannot be refunded',
    );
    const done = (await purchase('$3.00')).transaction;
    ok(await client.post(`/api/transactions/${done.id}/refunds`, { reason: 'x' }), 201);
    expectError(
      await client.post(`/api/transactions/${done.id}/refunds`, { reason: 'x' }),
      409,
      'A refunded transaction cannot be refunded',
    );
    expectError(await client.post(`/api/transactions/${unknownId()}/refunds`, { reason: 'x' }), 404, 'Transaction not found');
  });

  it('ten parallel refunds of $1 on $5: exactly five succeed, nothing is refunded twice', async () => {
    const { transaction, event } = await purchase('$5.00');
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        client.post(`/api/transactions/${transaction.id}/refunds`, { amount: '$1.00', reason: `r${i}` }),
      ),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(5);
    for (const refused of results.filter((r) => r.status !== 201)) expectError(refused, 409, 'A refunded transaction cannot be refunded');
    const detail = ok(await client.get(`/api/transactions/${transaction.id}`));
    expect(detail).toMatchObject({ status: 'refunded', refundedAmount: '$5.00', version: 6 });
    expect(detail.refunds).toHaveLength(5);
    expect(ok(await client.get(`/api/events/${event.id}`))).toMatchObject({ sales: 0, completedPurchases: 0 });
  }, 30_000);
});
