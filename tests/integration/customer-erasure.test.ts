import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { eraseCustomer } from '@event-admin/core/customer/customer-erasure';
import { runBackground } from '@event-admin/core/background';
import { customerBody, signedInForFile } from '../setup/api.ts';
import { createCustomer, createEvent, createTransaction, expectError, ok, unknownId } from './helpers.ts';

const { api, client } = await signedInForFile();

const erase = (id: string, confirm: unknown) => client.post(`/api/customers/${id}/erase`, { confirm });

/** Every item of the test's own table, as text: what an erasure must leave no trace in. */
async function wholeTable() {
  const items: unknown[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await api.db.doc.send(new ScanCommand({ TableName: api.db.tableName, ExclusiveStartKey: start }));
    items.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start);
  return JSON.stringify(items);
}

/** Everything a client can read: the lists, the exports, the feed, one customer's and their purchases' records. */
async function everythingShown(customerId: string, transactionIds: string[]) {
  const texts = await Promise.all([
    client.get('/api/customers'),
    client.get('/api/transactions'),
    client.get('/api/exports/transactions.csv'),
    client.get('/api/exports/customers.csv'),
    client.get('/api/audit?limit=100'),
    client.get(`/api/audit?entity=customer&id=${customerId}&limit=100`),
    client.get(`/api/customers/${customerId}`),
    client.get(`/api/customers/${customerId}/export`),
    client.get(`/api/customers/${customerId}/purchases`),
    client.get(`/api/customers/${customerId}/addresses`),
    ...transactionIds.flatMap((id) => [client.get(`/api/transactions/${id}`), client.get(`/api/audit?entity=transaction&id=${id}`)]),
  ]);
  for (const result of texts) expect(result.status, result.text).toBe(200);
  return texts.map((result) => result.text).join('\n');
}

const person = {
  name: 'Grace Brewster Hopper',
  email: 'grace.hopper@navy.example',
  phone: '+1 555 0100 777',
  earlierName: 'Grace Murray',
  earlierEmail: 'g.murray@vassar.example',
  street: '1 Cobol Lane',
};
const traces = [person.name, person.email, person.phone, person.earlierName, person.earlierEmail, person.street, 'Cobol Lane'];

describe('POST /api/customers/{id}/erase', () => {
  it('removes the person everywhere (lists, exports, history, the stored items) and keeps the sales and every total', async () => {
    const customer = await createCustomer(client, { name: person.earlierName, email: person.earlierEmail, phone: '' });
    ok(await client.put(`/api/customers/${customer.id}`, { name: person.name, email: person.email, phone: person.phone }));
    for (const addressType of ['billing', 'shipping']) {
      const address = { addressType, isDefault: true, street: person.street, city: 'Arlington', state: 'VA', zipCode: '22201' };
      ok(await client.post(`/api/customers/${customer.id}/addresses`, address), 201);
    }
    const event = await createEvent(client);
    const sold = await createTransaction(client, event.id, customer.id, '$40.00', 'completed');
    const pending = await createTransaction(client, event.id, customer.id, '$15.00', 'pending');
    ok(await client.post(`/api/transactions/${sold.id}/refunds`, { amount: '$5.00', reason: `Seat moved for ${person.name}` }), 201);
    const keyed = { headers: { 'Idempotency-Key': `erase-${customer.id}` } };
    const keyedRefund = () => client.request('POST', `/api/transactions/${sold.id}/refunds`, { amount: '$1.00', reason: 'Parking' }, keyed);
    const refunded = ok(await keyedRefund(), 201);
    expect(refunded.customerName).toBe(person.name);
    const statsBefore = ok(await client.get('/api/dashboard/stats'));
    const today = new Date().toISOString().slice(0, 10);
    const reportBefore = ok(await client.get(`/api/reports/sales?from=${today}&to=${today}`));
    expect(await wholeTable()).toContain(person.email);

    const erased = ok(await erase(customer.id, ` ${person.email.toUpperCase()} `));
    expect(erased).toMatchObject({ id: customer.id, name: 'Erased customer', email: '', phone: '', erasure: 'complete' });
    expect(Number.isNaN(Date.parse(erased.erasedAt))).toBe(false);
    expect(erased.version).toBe(customer.version + 2);

    const shown = await everythingShown(customer.id, [sold.id, pending.id]);
    const stored = await wholeTable();
    for (const trace of traces) {
      expect(shown.toLowerCase(), trace).not.toContain(trace.toLowerCase());
      expect(stored.toLowerCase(), trace).not.toContain(trace.toLowerCase());
    }
    // the sales stay, under the erased name, with their amounts, statuses and refunds
    const purchase = ok(await client.get(`/api/transactions/${sold.id}`));
    expect(purchase).toMatchObject({
      customerName: 'Erased customer',
      amount: '$40.00',
      status: 'partially_refunded',
      refundedAmount: '$6.00',
    });
    expect(purchase.refunds.map((r: any) => r.reason)).toEqual(['Seat moved for [erased]', 'Parking']);
    expect(ok(await client.get('/api/dashboard/stats'))).toEqual(statsBefore);
    expect(ok(await client.get(`/api/reports/sales?from=${today}&to=${today}`))).toEqual(reportBefore);
    // the history keeps who did what and when; personal values read [erased]
    const records = ok(await client.get(`/api/audit?entity=customer&id=${customer.id}&limit=100`)).items;
    expect(records.map((r: any) => r.action)).toEqual(['erased', 'address.create', 'address.create', 'update', 'create']);
    expect(records.find((r: any) => r.action === 'update').changes).toEqual([
      { field: 'name', from: '[erased]', to: '[erased]' },
      { field: 'email', from: '[erased]', to: '[erased]' },
      { field: 'phone', from: '', to: '[erased]' },
    ]);
    const refundRecord = ok(await client.get(`/api/audit?entity=transaction&id=${sold.id}`)).items[1];
    expect(refundRecord.summary).toBe('Refunded $5.00 of $40.00 to [erased]: Seat moved for [erased]');
    // a retry of the keyed refund answers the same refund, under the name the transaction has now
    const replay = ok(await keyedRefund(), 201);
    expect(replay).toEqual({ ...refunded, customerName: 'Erased customer', refunds: purchase.refunds.slice(0, 2) });
    // searches find none of it
    const search = await client.trpc().customers.page.query({ q: 'hopper' });
    expect(search.items).toEqual([]);
    expect((await client.trpc().transactions.page.query({ q: 'hopper' })).items).toEqual([]);
    // the address can register again
    ok(await client.post('/api/customers', customerBody({ email: person.email })), 201);
  });

  it('refuses a wrong confirmation and changes nothing', async () => {
    const customer = await createCustomer(client);
    expectError(await erase(customer.id, 'someone.else@example.com'), 400, "does not match this customer's");
    expectError(await erase(customer.id, ''), 400, "Type the customer's email address to confirm");
    expectError(await erase(customer.id, undefined), 400);
    expectError(await erase(unknownId(), customer.email), 404, 'Customer not found');
    expect(ok(await client.get(`/api/customers/${customer.id}`))).toEqual(customer);
  });

  it('leaves an erased customer as it is: no edit, purchase or address; asking again answers it again', async () => {
    const customer = await createCustomer(client);
    const event = await createEvent(client);
    const erased = ok(await erase(customer.id, customer.email));
    expectError(await client.put(`/api/customers/${customer.id}`, customerBody()), 409, 'This customer was erased');
    const address = { street: '2 Elm St', city: 'Leeds', state: 'WY', zipCode: 'LS1' };
    expectError(await client.post(`/api/customers/${customer.id}/addresses`, address), 409, 'This customer was erased');
    expectError(
      await client.post(`/api/customers/${customer.id}/addresses`, { ...address, isDefault: true }),
      409,
      'This customer was erased',
    );
    expectError(
      await client.post('/api/transactions', {
        eventId: event.id,
        customerId: customer.id,
        amount: '$5.00',
        status: 'completed',
        paymentMethod: 'Cash',
      }),
      409,
      'This customer was erased',
    );
    expect(ok(await erase(customer.id, 'anything'))).toEqual(erased);
    const records = ok(await client.get(`/api/audit?entity=customer&id=${customer.id}`)).items;
    expect(records.map((r: any) => r.action)).toEqual(['erased', 'create']);
    expect(records[0].summary).not.toContain(customer.email);
  });

  it('answers before a long history is done, says so, and finishes when asked again or in the background', async () => {
    const event = await createEvent(client);
    const customers = await Promise.all(['Ingrid Long-History', 'Otto Long-History'].map((name) => createCustomer(client, { name })));
    for (const customer of customers) {
      for (let i = 0; i < 6; i++) await createTransaction(client, event.id, customer.id, `$${i + 1}.00`, 'completed');
    }
    const names = customers.map((c) => c.name);
    for (const customer of customers) {
      // cut off after the customer itself: as if the request's process stopped right there
      const answer = await eraseCustomer(
        api.db,
        { id: customer.id, confirm: customer.email },
        { name: 'admin' },
        { answerBudgetMs: 0, pageSize: 2 },
      );
      expect(answer).toMatchObject({ name: 'Erased customer', erasure: 'in_progress' });
      expect(ok(await client.get(`/api/customers/${customer.id}`)).erasure).toBe('in_progress');
    }
    expect(await wholeTable()).toContain(names[0]);

    // the first: asked again, it completes
    expect(ok(await erase(customers[0].id, 'again')).erasure).toBe('complete');
    // the second: the background worker completes it
    const run = await runBackground(api.db, { budgetMs: 10_000 });
    expect(run.more).toBe(false);
    expect(ok(await client.get(`/api/customers/${customers[1].id}`)).erasure).toBe('complete');
    const stored = await wholeTable();
    for (const name of names) expect(stored).not.toContain(name);
    const purchases = ok<any[]>(await client.get(`/api/customers/${customers[1].id}/purchases`));
    expect(purchases).toHaveLength(6);
  });
});

describe('DELETE /api/customers/{id}', () => {
  it('takes the person out of the history written about them too', async () => {
    const customer = await createCustomer(client, {
      name: 'Hedy Kiesler Markey',
      email: 'hedy.markey@frequency.example',
      phone: '555 0199 31',
    });
    const address = { street: '5 Spread Spectrum Way', city: 'Vienna', state: 'W', zipCode: '1010', addressType: 'billing' };
    ok(await client.post(`/api/customers/${customer.id}/addresses`, address), 201);
    expect((await client.request('DELETE', `/api/customers/${customer.id}`)).status).toBe(204);
    const stored = (await wholeTable()).toLowerCase();
    for (const trace of ['Hedy Kiesler Markey', 'hedy.markey@frequency.example', '555 0199 31', '5 Spread Spectrum Way']) {
      expect(stored, trace).not.toContain(trace.toLowerCase());
    }
    const records = ok(await client.get(`/api/audit?entity=customer&id=${customer.id}`)).items;
    expect(records.map((r: any) => [r.action, r.summary])).toEqual([
      ['deleted', 'Deleted the customer and their addresses'],
      ['address.create', 'Added a billing address'],
      ['create', 'Created [erased]'],
    ]);
  });
});
