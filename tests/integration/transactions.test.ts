import { describe, expect, it } from 'vitest';
import { signedInForFile } from '../setup/api.ts';
import { cents, createCustomer, createEvent, expectError, ok, createTransaction, unknownId } from './helpers.ts';

const { client } = await signedInForFile();

const body = (eventId: string, customerId: string, overrides: Record<string, unknown> = {}) => ({
  eventId,
  customerId,
  amount: '$12.34',
  status: 'completed',
  paymentMethod: 'Credit Card',
  ...overrides,
});

describe('POST /api/transactions', () => {
  it('records a purchase (201) with its amount as $ text', async () => {
    const event = await createEvent(client);
    const customer = await createCustomer(client);
    const created = ok(
      await client.post('/api/transactions', body(event.id, customer.id, { purchaseDate: '2030-03-04T05:06:07.000Z' })),
      201,
    );
    expect(created).toEqual({
      id: expect.any(String),
      eventId: event.id,
      customerId: customer.id,
      amount: '$12.34',
      status: 'completed',
      purchaseDate: '2030-03-04T05:06:07.000Z',
      paymentMethod: 'Credit Card',
    });
    const list = ok<any[]>(await client.get('/api/transactions'));
    expect(list.find((t) => t.id === created.id)).toEqual(created);
  });

  it('takes amounts as text or a number of dollars, and shows them with two decimals', async () => {
    const event = await createEvent(client);
    const customer = await createCustomer(client);
    expect((await createTransaction(client, event.id, customer.id, 12)).amount).toBe('$12.00');
    expect((await createTransaction(client, event.id, customer.id, 0.5)).amount).toBe('$0.50');
    expect((await createTransaction(client, event.id, customer.id, '7.5')).amount).toBe('$7.50');
    expect((await createTransaction(client, event.id, customer.id, '$1,200.00')).amount).toBe('$1200.00');
  });

  it('defaults the purchase date to now', async () => {
    const event = await createEvent(client);
    const customer = await createCustomer(client);
    const created = await createTransaction(client, event.id, customer.id, '$1.00');
    expect(Math.abs(Date.parse(created.purchaseDate) - Date.now())).toBeLessThan(10 * 60_000);
  });

  const refusals: [string, Record<string, unknown>, string][] = [
    ['negative amount', { amount: '-5' }, 'Amount must be a dollar amount such as $12.34'],
    ['amount with 3 decimals', { amount: '1.234' }, 'Amount must be a dollar amount such as $12.34'],
    ['amount in words', { amount: 'twelve' }, 'Amount must be a dollar amount such as $12.34'],
    ['decimal comma ($1.50 or $150?)', { amount: '1,50' }, 'Amount must be a dollar amount such as $12.34'],
    ['amount over $1,000,000', { amount: '$1000000.01' }, 'at most $1000000'],
    ['amount of the wrong type', { amount: true }, 'Amount must be a dollar amount such as $12.34'],
    ['unknown status', { status: 'refunded' }, 'Status must be completed, pending or failed'],
    ['missing payment method', { paymentMethod: '' }, 'Payment method is required'],
    ['bad purchase date', { purchaseDate: 'yesterday-ish' }, 'Invalid date format'],
    ['missing event id', { eventId: undefined }, 'eventId is required'],
  ];
  it.each(refusals)('refuses a %s with 400, recording nothing', async (_, overrides, message) => {
    const event = await createEvent(client);
    const customer = await createCustomer(client);
    const totals = ok(await client.get('/api/transactions/totals'));
    expectError(await client.post('/api/transactions', body(event.id, customer.id, overrides)), 400, message);
    expect(ok(await client.get('/api/transactions/totals'))).toEqual(totals);
    expect(ok(await client.get(`/api/customers/${customer.id}/purchases`))).toEqual([]);
  });

  it('is 404 for an unknown event or customer, recording nothing', async () => {
    const event = await createEvent(client);
    const customer = await createCustomer(client);
    const totals = ok(await client.get('/api/transactions/totals'));
    expectError(await client.post('/api/transactions', body(unknownId(), customer.id)), 404, 'Event not found');
    expectError(await client.post('/api/transactions', body(event.id, unknownId())), 404, 'Customer not found');
    expect(ok(await client.get('/api/transactions/totals'))).toEqual(totals);
    expect(ok(await client.get(`/api/customers/${customer.id}/purchases`))).toEqual([]);
    expect(ok(await client.get(`/api/events/${event.id}`)).sales).toBe(0);
  });
});

describe('GET /api/transactions and /api/transactions/totals', () => {
  it('lists transactions newest first', async () => {
    const event = await createEvent(client);
    const customer = await createCustomer(client);
    const old = await createTransaction(client, event.id, customer.id, '$1.00', 'completed', { purchaseDate: '2001-01-01T00:00:00.000Z' });
    const recent = await createTransaction(client, event.id, customer.id, '$1.00', 'completed', {
      purchaseDate: '2099-01-01T00:00:00.000Z',
    });
    const list = ok<any[]>(await client.get('/api/transactions'));
    expect(list[0].id).toBe(recent.id);
    expect(list.at(-1).id).toBe(old.id);
    const dates = list.map((t) => t.purchaseDate);
    expect([...dates].sort().reverse()).toEqual(dates);
  });

  it('the totals equal summing every listed amount (SPEC §9), counting every status', async () => {
    const event = await createEvent(client);
    const customer = await createCustomer(client);
    await createTransaction(client, event.id, customer.id, '$3.33', 'pending');
    await createTransaction(client, event.id, customer.id, '$4.44', 'failed');
    const list = ok<any[]>(await client.get('/api/transactions'));
    const totals = ok(await client.get('/api/transactions/totals'));
    const sum = list.reduce((s, t) => s + cents(t.amount), 0);
    expect(totals.totalTransactions).toBe(list.length);
    expect(totals.totalRevenue).toBe(`$${(sum / 100).toFixed(2)}`);
    expect(totals.uniqueCustomers).toBe(new Set(list.map((t) => t.customerId)).size);
    for (const t of list) expect(t.amount).toMatch(/^\$\d+\.\d{2}$/);
  });
});
