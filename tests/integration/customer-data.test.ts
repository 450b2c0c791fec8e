import { describe, expect, it } from 'vitest';
import { getStatsItem } from '@event-admin/core/stats/stats.repo';
import { customerBody, signedInForFile } from '../setup/api.ts';
import { createCustomer, createEvent, createTransaction, expectError, inBatches, ok, unknownId } from './helpers.ts';

const { api, client } = await signedInForFile();

/** An address of theirs: a billing one unless told. */
const home = { street: '12 Analytical Row', city: 'London', state: 'LDN', zipCode: 'W1 1AA' };
const address = (overrides: Record<string, unknown> = {}) => ({ ...home, addressType: 'billing', isDefault: false, ...overrides });

const remove = (id: string, query = '') => client.request('DELETE', `/api/customers/${id}${query}`);
const history = async (entity: string, id: string) => ok(await client.get(`/api/audit?entity=${entity}&id=${id}&limit=100`)).items;
const byId = <T extends { id: string }>(items: T[]) => [...items].sort((a, b) => a.id.localeCompare(b.id));

describe('GET /api/customers/{id}/export', () => {
  it('answers everything held about the customer as a JSON attachment', async () => {
    const customer = await createCustomer(client);
    ok(await client.post(`/api/customers/${customer.id}/addresses`, address()), 201);
    ok(await client.post(`/api/customers/${customer.id}/addresses`, address({ addressType: 'shipping', isDefault: true })), 201);
    ok(await client.put(`/api/customers/${customer.id}`, { ...customerBody(), name: 'Ada Byron', version: 1 }));
    const event = await createEvent(client);
    const sold = await createTransaction(client, event.id, customer.id, '$20.00', 'completed', {
      purchaseDate: '2030-01-02T10:00:00.000Z',
    });
    await createTransaction(client, event.id, customer.id, '$5.00', 'pending', { purchaseDate: '2030-01-03T10:00:00.000Z' });
    ok(await client.post(`/api/transactions/${sold.id}/refunds`, { amount: '$5.00', reason: 'Seat moved' }), 201);
    ok(await client.post(`/api/transactions/${sold.id}/refunds`, { amount: '$2.50', reason: 'Late start' }), 201);

    const result = await client.get(`/api/customers/${customer.id}/export`);
    expect(result.status, result.text).toBe(200);
    expect(result.headers.get('content-type')).toMatch(/^application\/json/);
    expect(result.headers.get('content-disposition')).toBe(`attachment; filename="customer-${customer.id}.json"`);
    const data = result.body as Record<string, any>;
    expect(Object.keys(data)).toEqual(['exportedAt', 'customer', 'addresses', 'history', 'transactions']);
    expect(Number.isNaN(Date.parse(data.exportedAt))).toBe(false);
    expect(data.customer).toEqual(ok(await client.get(`/api/customers/${customer.id}`)));
    expect(byId(data.addresses)).toEqual(byId(ok(await client.get(`/api/customers/${customer.id}/addresses`))));
    expect(data.addresses).toHaveLength(2);
    // the customer's own records, the addresses' among them, newest first
    expect(data.history).toEqual(await history('customer', customer.id));
    expect(data.history.map((r: any) => r.action)).toEqual(['update', 'address.create', 'address.create', 'create']);
    // newest first, each as GET /api/transactions/{id} shows it, with its own history
    const purchases = ok<any[]>(await client.get(`/api/customers/${customer.id}/purchases`));
    expect(data.transactions.map((t: any) => t.id)).toEqual(purchases.map((t) => t.id));
    for (const t of data.transactions) {
      expect(t).toEqual({ ...ok(await client.get(`/api/transactions/${t.id}`)), history: await history('transaction', t.id) });
    }
    const refunded = data.transactions.find((t: any) => t.id === sold.id);
    expect(refunded.refunds.map((r: any) => [r.amount, r.reason])).toEqual([
      ['$5.00', 'Seat moved'],
      ['$2.50', 'Late start'],
    ]);
    expect(refunded.refundedAmount).toBe('$7.50');
    expect(refunded.status).toBe('partially_refunded');
    expect(refunded.history.map((r: any) => r.action)).toEqual(['refund', 'refund', 'create']);
  });

  it('holds every transaction of a customer with more than a Query page of them', async () => {
    const customer = await createCustomer(client);
    const event = await createEvent(client);
    const made = await inBatches(Array.from({ length: 105 }), 10, () =>
      createTransaction(client, event.id, customer.id, '$1.00', 'pending'),
    );
    const data = ok(await client.get(`/api/customers/${customer.id}/export`));
    expect(data.transactions).toHaveLength(105);
    expect(new Set(data.transactions.map((t: any) => t.id))).toEqual(new Set(made.map((t) => t.id)));
    expect(data.transactions.every((t: any) => t.history.length === 1)).toBe(true);
    expect(data.history).toHaveLength(1);
  });

  it('a customer with nothing else: empty lists', async () => {
    const customer = await createCustomer(client);
    const data = ok(await client.get(`/api/customers/${customer.id}/export`));
    expect(data).toMatchObject({ customer, addresses: [], transactions: [] });
    expect(data.history.map((r: any) => r.action)).toEqual(['create']);
  });

  it('404 for an unknown customer', async () => {
    expectError(await client.get(`/api/customers/${unknownId()}/export`), 404, 'Customer not found');
  });

  it('a read API token may export', async () => {
    const customer = await createCustomer(client);
    await client.confirm();
    const { token } = ok(await client.post('/api/tokens', { name: 'Exporter', scope: 'read' }), 201);
    const response = await fetch(`${api.base}/api/customers/${customer.id}/export`, { headers: { Authorization: `Bearer ${token}` } });
    expect(response.status).toBe(200);
    expect((await response.json()).customer).toEqual(customer);
  });
});

describe('DELETE /api/customers/{id}', () => {
  it('deletes a customer with no transactions, their addresses and e-mail claim (204); the e-mail registers again', async () => {
    const customer = await createCustomer(client, { name: 'Grace Hopper' });
    ok(await client.post(`/api/customers/${customer.id}/addresses`, address()), 201);
    ok(await client.post(`/api/customers/${customer.id}/addresses`, address({ isDefault: true })), 201);
    const deleted = await remove(customer.id);
    expect(deleted.status, deleted.text).toBe(204);
    expect(deleted.text).toBe('');
    expectError(await client.get(`/api/customers/${customer.id}`), 404, 'Customer not found');
    expectError(await client.get(`/api/customers/${customer.id}/addresses`), 404);
    expectError(await client.get(`/api/customers/${customer.id}/export`), 404);
    expect(ok<any[]>(await client.get('/api/customers')).map((c) => c.id)).not.toContain(customer.id);
    expectError(await remove(customer.id), 404, 'Customer not found');
    // nothing of theirs is left in their partition
    const { QueryCommand } = await import('@aws-sdk/lib-dynamodb');
    const left = await api.db.doc.send(
      new QueryCommand({
        TableName: api.db.tableName,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': `CUSTOMER#${customer.id}` },
      }),
    );
    expect(left.Items).toEqual([]);
    // a history record without their personal data
    const [record, ...earlier] = await history('customer', customer.id);
    expect(record).toMatchObject({ action: 'deleted', entity: 'customer', entityId: customer.id, actor: 'admin', changes: [] });
    expect(JSON.stringify(record)).not.toMatch(/Grace|Hopper/);
    expect(JSON.stringify(record).toLowerCase()).not.toContain(customer.email.toLowerCase());
    expect(earlier.map((r: any) => r.action)).toEqual(['address.create', 'address.create', 'create']);
    // the e-mail is free again
    const again = ok(await client.post('/api/customers', customerBody({ email: customer.email.toUpperCase() })), 201);
    expect(again.id).not.toBe(customer.id);
  });

  it('moves the counts back exactly: totals and the day figures equal a recount', async () => {
    const made = await Promise.all([1, 2, 3, 4].map(() => createCustomer(client)));
    await Promise.all(made.slice(0, 3).map(async (c) => expect((await remove(c.id)).status).toBe(204)));
    const listed = ok<any[]>(await client.get('/api/customers'));
    expect(listed.map((c) => c.id)).toContain(made[3]!.id);
    expect((await getStatsItem(api.db, true))!.customerCount).toBe(listed.length);
    expect(await client.trpc().customers.totals.query()).toEqual({ totalCustomers: listed.length });
    const today = new Date().toISOString().slice(0, 10);
    const report = ok(await client.get(`/api/reports/sales?from=${today}&to=${today}`));
    expect(report.totals.newCustomers).toBe(listed.filter((c) => c.createdAt.slice(0, 10) === today).length);
  });

  it('refuses a customer with transactions (409), changing nothing', async () => {
    const customer = await createCustomer(client);
    const event = await createEvent(client);
    await createTransaction(client, event.id, customer.id, '$3.00', 'failed');
    const before = await getStatsItem(api.db, true);
    expectError(await remove(customer.id), 409, 'This customer has transactions; erase them instead');
    expect(ok(await client.get(`/api/customers/${customer.id}`))).toEqual(customer);
    expect(await getStatsItem(api.db, true)).toEqual(before);
    expect((await history('customer', customer.id)).map((r: any) => r.action)).toEqual(['create']);
  });

  it('refuses a stale version (409) and an unknown id (404)', async () => {
    const customer = await createCustomer(client);
    ok(await client.put(`/api/customers/${customer.id}`, { name: 'Renamed', email: customer.email, version: 1 }));
    expectError(await remove(customer.id, '?version=1'), 409, 'changed by someone else');
    expect((await remove(customer.id, '?version=2')).status).toBe(204);
    expectError(await remove(unknownId()), 404, 'Customer not found');
  });

  it('tRPC customers.delete does the same', async () => {
    const trpc = client.trpc();
    const customer = await createCustomer(client);
    await trpc.customers.delete.mutate({ id: customer.id, version: 1 });
    expectError(await client.get(`/api/customers/${customer.id}`), 404);
  });

  it('a first purchase racing a delete: exactly one of them wins, and no transaction is left without its customer', async () => {
    const event = await createEvent(client);
    for (let i = 0; i < 5; i++) {
      const customer = await createCustomer(client);
      const [deleted, bought] = await Promise.all([
        remove(customer.id),
        client.post('/api/transactions', {
          eventId: event.id,
          customerId: customer.id,
          amount: 4,
          status: 'completed',
          paymentMethod: 'Card',
        }),
      ]);
      expect([deleted.status, bought.status].sort(), `${deleted.text} ${bought.text}`).toEqual(
        deleted.status === 204 ? [204, 404] : [201, 409],
      );
    }
    const stats = (await getStatsItem(api.db, true))!;
    expect(stats.customerCount).toBe(ok<any[]>(await client.get('/api/customers')).length);
    const customers = new Set(ok<any[]>(await client.get('/api/customers')).map((c) => c.id));
    for (const t of ok<any[]>(await client.get('/api/transactions'))) expect(customers.has(t.customerId)).toBe(true);
  });
});
