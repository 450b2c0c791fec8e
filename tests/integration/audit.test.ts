import type { AuditEntry } from '@event-admin/core/audit/audit.schema';
import { describe, expect, it } from 'vitest';
import { adminPassword, Client, signedInForFile } from '../setup/api.ts';
import { createCustomer, createEvent, createTransaction, expectError, ok } from './helpers.ts';

// Its own file (and table): it changes the administrator's password and reads the whole feed.
const { api, client } = await signedInForFile();

/** The newest history record of one entity. */
async function latest(entity: string, id: string) {
  const { items } = ok(await client.get(`/api/audit?entity=${entity}&id=${encodeURIComponent(id)}&limit=1`));
  return items[0];
}

const record = (action: string, entity: string, entityId: string, changes?: unknown[]) => ({
  id: expect.any(String),
  at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
  actor: 'admin',
  action,
  entity,
  entityId,
  summary: expect.any(String),
  changes: changes ?? expect.any(Array),
});

describe('every write adds its history record, with before and after', () => {
  it('events: create, edit (changed fields only), SEO, CTA, content blocks', async () => {
    const event = await createEvent(client, { title: 'History night' });
    const created = await latest('event', event.id);
    expect(created).toEqual(record('create', 'event', event.id));
    expect(created.changes).toContainEqual({ field: 'title', from: null, to: 'History night' });

    ok(await client.put(`/api/events/${event.id}`, { ...event, title: 'History night 2', venue: 'Annex' }));
    expect(await latest('event', event.id)).toEqual(
      record('update', 'event', event.id, [
        { field: 'title', from: 'History night', to: 'History night 2' },
        { field: 'venue', from: 'Main hall', to: 'Annex' },
      ]),
    );

    ok(await client.post(`/api/events/${event.id}/seo`, { title: 'Meta', description: 'Desc', keywords: 'a,b' }));
    ok(await client.post(`/api/events/${event.id}/seo`, { title: 'Meta 2', description: 'Desc', keywords: 'a,b' }));
    expect(await latest('event', event.id)).toEqual(
      record('seo.save', 'event', event.id, [{ field: 'title', from: 'Meta', to: 'Meta 2' }]),
    );

    ok(await client.post(`/api/events/${event.id}/cta`, { text: 'Buy', isCustom: false }));
    const cta = await latest('event', event.id);
    expect(cta).toEqual(record('cta.save', 'event', event.id));
    expect(cta.changes).toContainEqual({ field: 'text', from: null, to: 'Buy' });

    const blocks = [
      { type: 'text', content: 'One' },
      { type: 'text', content: 'Two' },
      { type: 'text', content: 'x'.repeat(19_000) },
    ];
    ok(await client.post(`/api/events/${event.id}/content-blocks`, blocks));
    ok(await client.post(`/api/events/${event.id}/content-blocks`, [...blocks, { type: 'text', content: 'Four' }]));
    const saved = await latest('event', event.id);
    expect(saved).toEqual(record('blocks.save', 'event', event.id));
    expect(saved.changes).toHaveLength(1);
    expect(saved.changes[0]).toMatchObject({ field: 'blocks' });
    expect(saved.changes[0].from).toMatch(/^3 blocks/);
    expect(saved.changes[0].to).toMatch(/^4 blocks/);
    expect(JSON.stringify(saved).length).toBeLessThan(2000);

    // a refused write leaves no record
    expectError(await client.put(`/api/events/${event.id}`, { ...event, title: 'Stale title', version: 99 }), 409);
    const { items } = ok(await client.get(`/api/audit?entity=event&id=${event.id}`));
    expect(items.map((i: AuditEntry) => i.action)).toEqual([
      'blocks.save',
      'blocks.save',
      'cta.save',
      'seo.save',
      'seo.save',
      'update',
      'create',
    ]);
  });

  it('customers: create, edit, address', async () => {
    const customer = await createCustomer(client, { name: 'Grace Hopper' });
    expect(await latest('customer', customer.id)).toEqual(record('create', 'customer', customer.id));
    ok(await client.put(`/api/customers/${customer.id}`, { name: 'Grace B. Hopper', email: customer.email, phone: customer.phone }));
    expect(await latest('customer', customer.id)).toEqual(
      record('update', 'customer', customer.id, [{ field: 'name', from: 'Grace Hopper', to: 'Grace B. Hopper' }]),
    );
    const body = { addressType: 'billing', street: '1 Main St', city: 'Springfield', state: 'IL', zipCode: '62701', isDefault: true };
    ok(await client.post(`/api/customers/${customer.id}/addresses`, body), 201);
    const added = await latest('customer', customer.id);
    expect(added).toEqual(record('address.create', 'customer', customer.id));
    expect(added.changes).toContainEqual({ field: 'street', from: null, to: '1 Main St' });
  });

  it('settings', async () => {
    ok(await client.post('/api/app-settings', { serviceFeePercentage: '5' }));
    ok(await client.post('/api/app-settings', { serviceFeePercentage: '7.5' }));
    expect(await latest('settings', 'app')).toEqual(
      record('update', 'settings', 'app', [{ field: 'serviceFeePercentage', from: '5', to: '7.5' }]),
    );
  });

  it('transactions: create, status, refund', async () => {
    const event = await createEvent(client);
    const customer = await createCustomer(client);
    const t = await createTransaction(client, event.id, customer.id, '$9.00', 'pending');
    const created = await latest('transaction', t.id);
    expect(created).toEqual(record('create', 'transaction', t.id));
    expect(created.changes).toContainEqual({ field: 'amount', from: null, to: '$9.00' });
    ok(await client.post(`/api/transactions/${t.id}/status`, { status: 'completed' }));
    expect(await latest('transaction', t.id)).toEqual(
      record('status', 'transaction', t.id, [{ field: 'status', from: 'pending', to: 'completed' }]),
    );
    ok(await client.post(`/api/transactions/${t.id}/refunds`, { amount: '$4.00', reason: 'Broken seat' }), 201);
    const refund = await latest('transaction', t.id);
    expect(refund).toEqual(
      record('refund', 'transaction', t.id, [
        { field: 'status', from: 'completed', to: 'partially_refunded' },
        { field: 'refundedAmount', from: '$0.00', to: '$4.00' },
      ]),
    );
    expect(refund.summary).toContain('Broken seat');
  });

  it('auth: sign-in, failed sign-in, password change, sign-out', async () => {
    const failed = await new Client(api.base).post('/api/auth/login', { username: 'admin', password: 'wrong-password' });
    expectError(failed, 401);
    const other = new Client(api.base);
    ok(await other.post('/api/auth/login', { username: 'admin', password: adminPassword }));
    ok(await other.post('/api/auth/logout'));
    // (a password change ends every other session, so it comes last, from the session that reads)
    const changed = { currentPassword: adminPassword, newPassword: 'changed-pass-1', confirmPassword: 'changed-pass-1' };
    await client.confirm();
    ok(await client.post('/api/auth/password', changed));
    const { items } = ok(await client.get('/api/audit?entity=auth&id=admin&limit=20'));
    const named = ['password_change', 'confirm', 'sign_out', 'sign_in', 'sign_in_failed'];
    const records = items.filter((i: AuditEntry) => named.includes(i.action));
    expect(records.slice(0, 5).map((i: AuditEntry) => i.action)).toEqual(named);
    expect(records[4]).toMatchObject({ entity: 'auth', entityId: 'admin', actor: 'admin', changes: [], address: '127.0.0.1' });
  });
});

describe('GET /api/audit', () => {
  it('the whole feed, newest first, a page at a time, and the notable records only', async () => {
    const first = ok(await client.get('/api/audit?limit=5'));
    expect(first.items).toHaveLength(5);
    const all = [...first.items];
    let cursor = first.nextCursor;
    for (let pages = 0; cursor && pages < 50; pages++) {
      const page = ok(await client.get(`/api/audit?limit=5&cursor=${encodeURIComponent(cursor)}`));
      all.push(...page.items);
      cursor = page.nextCursor;
    }
    expect(cursor).toBeNull();
    expect(new Set(all.map((i) => i.id)).size).toBe(all.length);
    const times = all.map((i) => i.at);
    expect([...times].sort().reverse()).toEqual(times);
    expect(new Set(all.map((i) => i.entity))).toEqual(new Set(['event', 'customer', 'settings', 'transaction', 'auth']));

    const transactions = ok(await client.get('/api/audit?entity=transaction&limit=100')).items;
    expect(transactions.length).toBeGreaterThan(0);
    expect(transactions.every((i: AuditEntry) => i.entity === 'transaction')).toBe(true);
    const notable = (await client.trpc().audit.list.query({ notable: true, limit: 100 })).items;
    expect(notable.map((i) => i.action).sort()).toEqual(['refund', 'sign_in_failed']);
  });

  it('refuses a bad entity, limit or cursor (400)', async () => {
    expectError(await client.get('/api/audit?entity=order'), 400, 'Entity must be one of event, customer, transaction, settings, auth');
    expectError(await client.get('/api/audit?limit=0'), 400, 'Limit must be a number from 1 to 100');
    expectError(await client.get('/api/audit?cursor=nonsense'), 400, 'The page cursor is not valid');
    expectError(await client.get('/api/audit?id=abc'), 400, 'An id needs an entity');
  });
});
