import { describe, expect, it } from 'vitest';
import { customerBody, signedInForFile } from '../setup/api.ts';
import { createCustomer, createEvent, expectError, inBatches, ok, createTransaction, unknownId } from './helpers.ts';

const { client } = await signedInForFile();

const address = (overrides: Record<string, unknown> = {}) => ({
  addressType: 'billing',
  isDefault: false,
  street: '1 Main St',
  city: 'Springfield',
  state: 'IL',
  zipCode: '62701',
  ...overrides,
});

describe('POST /api/customers', () => {
  it('creates a customer (201) and returns it as JSON', async () => {
    const body = customerBody();
    const customer = ok(await client.post('/api/customers', body), 201);
    expect(customer).toMatchObject({ name: body.name, email: body.email, phone: body.phone, version: 1 });
    expect(typeof customer.id).toBe('string');
    expect(Number.isNaN(Date.parse(customer.createdAt))).toBe(false);
    for (const internal of ['pk', 'sk', 'gsi1pk', 'gsi1sk', 'purchaseCount', 'completedPurchases'])
      expect(customer).not.toHaveProperty(internal);
    expect(ok(await client.get(`/api/customers/${customer.id}`))).toEqual(customer);
  });

  it('phone is optional and comes back empty', async () => {
    const { phone, ...body } = customerBody();
    expect(ok(await client.post('/api/customers', body), 201).phone).toBe('');
  });

  const refusals: [string, Record<string, unknown>, string][] = [
    ['one-letter name', { name: 'A' }, 'Name must be at least 2 characters'],
    ['bad email', { email: 'not-an-email' }, 'Please enter a valid email address'],
    ['empty email', { email: '' }, 'Please enter a valid email address'],
    ['missing name', { name: undefined }, 'name is required'],
    ['name of wrong type', { name: 12 }, 'name must be a string'],
  ];
  it.each(refusals)('refuses a %s with 400, creating nothing', async (_, overrides, message) => {
    const body = customerBody(overrides);
    const before = ok<any[]>(await client.get('/api/customers')).length;
    expectError(await client.post('/api/customers', body), 400, message);
    expect(ok<any[]>(await client.get('/api/customers')).length).toBe(before);
  });

  it('refuses a duplicate e-mail (409), whatever its case, and keeps one customer', async () => {
    const first = await createCustomer(client);
    const again = await client.post('/api/customers', customerBody({ email: first.email.toUpperCase(), name: 'Someone Else' }));
    expectError(again, 409, 'A customer with this email address already exists');
    const list = ok<any[]>(await client.get('/api/customers'));
    expect(list.filter((c) => c.email.toLowerCase() === first.email.toLowerCase())).toHaveLength(1);
  });

  it('two simultaneous creations with one e-mail: exactly one wins', async () => {
    const body = customerBody();
    const results = await Promise.all([client.post('/api/customers', body), client.post('/api/customers', { ...body, name: 'Twin' })]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
  });
});

describe('GET /api/customers', () => {
  it('lists customers newest first', async () => {
    const a = await createCustomer(client);
    const b = await createCustomer(client);
    const ids = ok<any[]>(await client.get('/api/customers')).map((c) => c.id);
    expect(ids.indexOf(b.id)).toBeLessThan(ids.indexOf(a.id));
  });

  it('returns every customer of a list longer than a page', async () => {
    const made = await inBatches(Array.from({ length: 30 }), 10, () =>
      createCustomer(client, { name: `Bulk ${'n'.repeat(150)}`, phone: '5'.repeat(40) }),
    );
    const list = ok<any[]>(await client.get('/api/customers'));
    const ids = new Set(list.map((c) => c.id));
    for (const c of made) expect(ids.has(c.id)).toBe(true);
    expect(ids.size).toBe(list.length);
  });
});

describe('GET/PUT /api/customers/{id}', () => {
  it('is 404 for an unknown id', async () => {
    expectError(await client.get(`/api/customers/${unknownId()}`), 404, 'Customer not found');
    expectError(await client.put(`/api/customers/${unknownId()}`, customerBody()), 404, 'Customer not found');
  });

  it('updates name, e-mail and phone and bumps the version', async () => {
    const customer = await createCustomer(client);
    const body = customerBody({ name: 'Grace Hopper', phone: '' });
    const updated = ok(await client.put(`/api/customers/${customer.id}`, { ...body, version: 1 }));
    expect(updated).toMatchObject({
      id: customer.id,
      name: 'Grace Hopper',
      email: body.email,
      phone: '',
      version: 2,
      createdAt: customer.createdAt,
    });
    expect(ok(await client.get(`/api/customers/${customer.id}`))).toEqual(updated);
  });

  it('frees the old e-mail when it changes, and claims the new one', async () => {
    const customer = await createCustomer(client);
    const newEmail = customerBody().email;
    ok(await client.put(`/api/customers/${customer.id}`, { name: customer.name, email: newEmail }));
    ok(await client.post('/api/customers', customerBody({ email: customer.email })), 201);
    expectError(
      await client.post('/api/customers', customerBody({ email: newEmail })),
      409,
      'A customer with this email address already exists',
    );
  });

  it("refuses taking another customer's e-mail (409), and changes nothing", async () => {
    const a = await createCustomer(client);
    const b = await createCustomer(client);
    expectError(
      await client.put(`/api/customers/${b.id}`, { name: b.name, email: a.email }),
      409,
      'A customer with this email address already exists',
    );
    expect(ok(await client.get(`/api/customers/${b.id}`))).toEqual(b);
  });

  it('refuses a stale version with 409 and keeps the newer data', async () => {
    const customer = await createCustomer(client);
    const first = ok(await client.put(`/api/customers/${customer.id}`, { name: 'First Name', email: customer.email, version: 1 }));
    expectError(
      await client.put(`/api/customers/${customer.id}`, { name: 'Stale Name', email: customer.email, version: 1 }),
      409,
      'changed by someone else',
    );
    expect(ok(await client.get(`/api/customers/${customer.id}`))).toEqual(first);
  });

  it('a stale version that also changes the e-mail is refused, and the e-mail stays free', async () => {
    const customer = await createCustomer(client);
    ok(await client.put(`/api/customers/${customer.id}`, { name: 'Moved On', email: customer.email, version: 1 }));
    const wanted = customerBody().email;
    expectError(
      await client.put(`/api/customers/${customer.id}`, { name: 'Stale', email: wanted, version: 1 }),
      409,
      'changed by someone else',
    );
    expect(ok(await client.get(`/api/customers/${customer.id}`)).email).toBe(customer.email);
    ok(await client.post('/api/customers', customerBody({ email: wanted })), 201);
  });

  it('gives the form messages on update', async () => {
    const customer = await createCustomer(client);
    expectError(
      await client.put(`/api/customers/${customer.id}`, { name: 'Z', email: customer.email }),
      400,
      'Name must be at least 2 characters',
    );
    expectError(
      await client.put(`/api/customers/${customer.id}`, { name: 'Zed', email: 'zed' }),
      400,
      'Please enter a valid email address',
    );
    expect(ok(await client.get(`/api/customers/${customer.id}`))).toEqual(customer);
  });
});

describe('GET /api/customers/{id}/purchases', () => {
  it("returns only that customer's purchases, newest first", async () => {
    const event = await createEvent(client);
    const mine = await createCustomer(client);
    const theirs = await createCustomer(client);
    const older = await createTransaction(client, event.id, mine.id, '$10.00', 'completed', { purchaseDate: '2030-01-01T10:00:00.000Z' });
    const newer = await createTransaction(client, event.id, mine.id, '$5.50', 'pending', { purchaseDate: '2030-02-01T10:00:00.000Z' });
    await createTransaction(client, event.id, theirs.id, '$99.00');
    const list = ok<any[]>(await client.get(`/api/customers/${mine.id}/purchases`));
    expect(list.map((p) => p.id)).toEqual([newer.id, older.id]);
    expect(list[0]).toEqual({
      id: newer.id,
      eventId: event.id,
      customerId: mine.id,
      amount: '$5.50',
      status: 'pending',
      purchaseDate: '2030-02-01T10:00:00.000Z',
      paymentMethod: 'Credit Card',
    });
    expect(list.every((p) => p.customerId === mine.id)).toBe(true);
  });

  it('is an empty list for a customer without purchases, and 404 for an unknown one', async () => {
    const customer = await createCustomer(client);
    expect(ok(await client.get(`/api/customers/${customer.id}/purchases`))).toEqual([]);
    expectError(await client.get(`/api/customers/${unknownId()}/purchases`), 404, 'Customer not found');
  });
});

describe('addresses: GET/POST /api/customers/{id}/addresses', () => {
  it('adds an address (201) with country USA by default, not Primary', async () => {
    const customer = await createCustomer(client);
    const added = ok(await client.post(`/api/customers/${customer.id}/addresses`, address({ isDefault: undefined })), 201);
    expect(added).toMatchObject({ customerId: customer.id, addressType: 'billing', isDefault: false, street: '1 Main St', country: 'USA' });
    expect(ok(await client.get(`/api/customers/${customer.id}/addresses`))).toEqual([added]);
  });

  it('keeps a given country, and defaults the type to shipping', async () => {
    const customer = await createCustomer(client);
    const { addressType, ...body } = address({ country: 'Canada' });
    const added = ok(await client.post(`/api/customers/${customer.id}/addresses`, body), 201);
    expect(added).toMatchObject({ addressType: 'shipping', country: 'Canada' });
  });

  it('a new Primary address of a type unsets the previous one of that type only', async () => {
    const customer = await createCustomer(client);
    const url = `/api/customers/${customer.id}/addresses`;
    const billing1 = ok(await client.post(url, address({ isDefault: true, street: 'B1' })), 201);
    const shipping = ok(await client.post(url, address({ addressType: 'shipping', isDefault: true, street: 'S1' })), 201);
    const billing2 = ok(await client.post(url, address({ isDefault: true, street: 'B2' })), 201);
    const list = ok<any[]>(await client.get(url));
    const byId = new Map(list.map((a) => [a.id, a]));
    expect(list).toHaveLength(3);
    expect(byId.get(billing1.id).isDefault).toBe(false);
    expect(byId.get(billing2.id).isDefault).toBe(true);
    expect(byId.get(shipping.id).isDefault).toBe(true);
  });

  it('Primary addresses added at the same time leave exactly one Primary of the type', async () => {
    const customer = await createCustomer(client);
    const url = `/api/customers/${customer.id}/addresses`;
    const results = await Promise.all(['P1', 'P2', 'P3', 'P4'].map((street) => client.post(url, address({ isDefault: true, street }))));
    for (const r of results) expect(r.status, r.text).toBe(201);
    const list = ok<any[]>(await client.get(url));
    expect(list).toHaveLength(4);
    expect(list.filter((a) => a.isDefault)).toHaveLength(1);
    // the customer's own record of it stays internal
    expect(Object.keys(ok(await client.get(`/api/customers/${customer.id}`))).some((k) => k.startsWith('default'))).toBe(false);
    const listed = ok<any[]>(await client.get('/api/customers')).find((c) => c.id === customer.id);
    expect(Object.keys(listed).some((k) => k.startsWith('default'))).toBe(false);
  });

  it("returns only that customer's addresses", async () => {
    const a = await createCustomer(client);
    const b = await createCustomer(client);
    ok(await client.post(`/api/customers/${a.id}/addresses`, address({ street: 'A street' })), 201);
    ok(await client.post(`/api/customers/${b.id}/addresses`, address({ street: 'B street' })), 201);
    const list = ok<any[]>(await client.get(`/api/customers/${a.id}/addresses`));
    expect(list.map((x) => x.street)).toEqual(['A street']);
    expect(ok<any[]>(await client.get(`/api/customers/${a.id}/purchases`))).toEqual([]);
  });

  it('refuses missing lines with 400, and stores nothing', async () => {
    const customer = await createCustomer(client);
    const url = `/api/customers/${customer.id}/addresses`;
    expectError(await client.post(url, address({ street: '' })), 400, 'Street is required');
    expectError(await client.post(url, address({ zipCode: undefined })), 400, 'zipCode is required');
    expectError(await client.post(url, address({ isDefault: 'yes' })), 400, 'isDefault must be a boolean');
    expect(ok(await client.get(url))).toEqual([]);
  });

  it('is 404 for an unknown customer, and stores nothing', async () => {
    const id = unknownId();
    expectError(await client.get(`/api/customers/${id}/addresses`), 404, 'Customer not found');
    expectError(await client.post(`/api/customers/${id}/addresses`, address()), 404, 'Customer not found');
    expectError(await client.get(`/api/customers/${id}/addresses`), 404);
  });

  it('a customer with addresses and purchases is still listed once', async () => {
    const customer = await createCustomer(client);
    ok(await client.post(`/api/customers/${customer.id}/addresses`, address()), 201);
    const list = ok<any[]>(await client.get('/api/customers'));
    expect(list.filter((c) => c.id === customer.id)).toHaveLength(1);
  });
});
