// Safe retries (docs/api.md): a write sent with an Idempotency-Key answers its first answer again
// for 24 hours, whether repeated in sequence or sent ten times at once, and records nothing new.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signedInForFile } from '../setup/api.ts';
import { createCustomer, createEvent, createTransaction, expectError, ok } from './helpers.ts';

const { client } = await signedInForFile();

const keyed = (key: string) => ({ headers: { 'Idempotency-Key': key } });
const post = (path: string, body: unknown, key: string) => client.request('POST', path, body, keyed(key));
const purchases = async (customerId: string) => ok<unknown[]>(await client.get(`/api/customers/${customerId}/purchases`));

describe('Idempotency-Key', () => {
  it('POST /api/transactions: the same key and body answers the first answer again and records nothing new', async () => {
    const [event, customer] = await Promise.all([createEvent(client), createCustomer(client)]);
    const body = { eventId: event.id, customerId: customer.id, amount: '$25.00', status: 'completed', paymentMethod: 'Card' };
    const totals = ok(await client.get('/api/transactions/totals'));
    const key = randomUUID();
    const first = await post('/api/transactions', body, key);
    const again = await post('/api/transactions', body, key);
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(await purchases(customer.id)).toHaveLength(1);
    expect(ok(await client.get(`/api/events/${event.id}`))).toMatchObject({ sales: 25, completedPurchases: 1 });
    expect(ok(await client.get('/api/transactions/totals')).totalTransactions).toBe(totals.totalTransactions + 1);

    // Another body with that key: refused, nothing recorded; no key: a new record each time.
    expectError(await post('/api/transactions', { ...body, amount: '$26.00' }, key), 422, 'This Idempotency-Key was already used');
    expect(await purchases(customer.id)).toHaveLength(1);
    await createTransaction(client, event.id, customer.id, '$25.00');
    await createTransaction(client, event.id, customer.id, '$25.00');
    expect(await purchases(customer.id)).toHaveLength(3);
  });

  it('ten concurrent requests with one key record exactly one transaction, and all get its answer', async () => {
    const [event, customer] = await Promise.all([createEvent(client), createCustomer(client)]);
    const body = { eventId: event.id, customerId: customer.id, amount: '$10.00', status: 'completed', paymentMethod: 'Card' };
    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: 10 }, () => post('/api/transactions', body, key)));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(201));
    expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
    expect(await purchases(customer.id)).toHaveLength(1);
    expect(ok(await client.get(`/api/events/${event.id}`))).toMatchObject({ sales: 10, completedPurchases: 1 });
    expect(ok(await client.get(`/api/customers/${customer.id}/purchases`))[0].id).toBe(answers[0]!.body.id);
  });

  it('refunds, status changes and bulk actions: a retry changes nothing twice, ten at once refund once', async () => {
    const [event, customer] = await Promise.all([createEvent(client), createCustomer(client)]);
    const sale = await createTransaction(client, event.id, customer.id, '$40.00');
    const refundKey = randomUUID();
    const refunds = await Promise.all(
      Array.from({ length: 10 }, () => post(`/api/transactions/${sale.id}/refunds`, { amount: '$5.00', reason: 'Late' }, refundKey)),
    );
    expect(refunds.map((r) => r.status)).toEqual(Array(10).fill(201));
    expect(new Set(refunds.map((r) => JSON.stringify(r.body))).size).toBe(1);
    const detail = ok(await client.get(`/api/transactions/${sale.id}`));
    expect(detail.refunds).toHaveLength(1);
    expect(detail.refundedAmount).toBe('$5.00');

    const pending = await createTransaction(client, event.id, customer.id, '$7.00', 'pending');
    const statusKey = randomUUID();
    const first = await post(`/api/transactions/${pending.id}/status`, { status: 'completed' }, statusKey);
    const again = await post(`/api/transactions/${pending.id}/status`, { status: 'completed' }, statusKey);
    expect([first.status, again.status]).toEqual([200, 200]);
    expect(again.body).toEqual(first.body);
    // without the key, the same change is refused: it is no longer pending
    expectError(await client.post(`/api/transactions/${pending.id}/status`, { status: 'completed' }), 409);

    const other = await createTransaction(client, event.id, customer.id, '$3.00', 'pending');
    const bulkKey = randomUUID();
    const bulkBody = { ids: [other.id, pending.id], action: 'refund', reason: 'Storm' };
    const bulks = await Promise.all(Array.from({ length: 5 }, () => post('/api/transactions/bulk', bulkBody, bulkKey)));
    expect(bulks.map((b) => b.status)).toEqual(Array(5).fill(200));
    expect(new Set(bulks.map((b) => JSON.stringify(b.body))).size).toBe(1);
    expect(bulks[0]!.body.results[1]).toEqual({ id: pending.id, ok: true, status: 'refunded' });
    expect(ok(await client.get(`/api/transactions/${pending.id}`)).refunds).toHaveLength(1);
    expect(ok(await client.get(`/api/events/${event.id}`))).toMatchObject({ sales: 35, completedPurchases: 1 });
  });

  it('tRPC takes the key as an input field, and a malformed key is refused (400)', async () => {
    const [event, customer] = await Promise.all([createEvent(client), createCustomer(client)]);
    const body = { eventId: event.id, customerId: customer.id, amount: '$1.00', status: 'pending' as const, paymentMethod: 'Card' };
    const key = randomUUID();
    const viaRest = await post('/api/transactions', body, key);
    const viaTrpc = await client.trpc().transactions.create.mutate({ ...body, idempotencyKey: key });
    expect(viaTrpc).toEqual(viaRest.body);
    expectError(await post('/api/transactions', body, 'has spaces in it'), 400, 'An Idempotency-Key is 1 to 200 visible ASCII characters');
    expectError(await post('/api/transactions', body, 'x'.repeat(201)), 400);
    expect(await purchases(customer.id)).toHaveLength(1);
  });
});
