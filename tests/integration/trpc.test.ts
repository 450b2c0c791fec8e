import { describe, expect, it } from 'vitest';
import { appRouter } from '@event-admin/functions/trpc/routers/_app';
import { adminPassword, Client, customerBody, eventBody, trpcFailure as failure, trpcStatus, signedInForFile } from '../setup/api.ts';
import { ok } from './helpers.ts';

const { api, client } = await signedInForFile();
const trpc = client.trpc();

describe('auth procedures', () => {
  it('auth.login sets the session cookie; auth.me reads it; auth.logout ends it', async () => {
    const response = await fetch(`${api.base}/trpc/auth.login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: api.base },
      body: JSON.stringify({ username: 'admin', password: adminPassword }),
    });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { result: { data: unknown } }).result.data).toEqual({ username: 'admin' });
    const setCookie = response.headers.get('set-cookie')!;
    expect(setCookie).toMatch(/^session=.+; Path=\/; HttpOnly; SameSite=Strict; Max-Age=43200$/);

    const fresh = new Client(api.base);
    fresh.cookie = setCookie.split(';')[0]!;
    const freshTrpc = fresh.trpc();
    expect(await freshTrpc.auth.me.query()).toEqual({ username: 'admin', twoFactorEnabled: false, twoFactorSetupRequired: false });
    expect(await freshTrpc.auth.logout.mutate()).toEqual({ ok: true });
    expect(await trpcStatus(freshTrpc.auth.me.query())).toBe(401);
  });

  it('auth.login refuses a wrong password with 401 and SPEC words', async () => {
    expect(await failure(new Client(api.base).trpc().auth.login.mutate({ username: 'admin', password: 'nope' }))).toEqual({
      message: 'Invalid username or password',
      status: 401,
    });
  });

  it('auth.changePassword checks the current password and the confirmation', async () => {
    await trpc.auth.confirm.mutate({ password: adminPassword });
    expect(
      await failure(trpc.auth.changePassword.mutate({ currentPassword: 'wrong', newPassword: 'abcdefgh', confirmPassword: 'abcdefgh' })),
    ).toEqual({
      message: 'The current password is not correct',
      status: 400,
    });
    expect(
      await failure(
        trpc.auth.changePassword.mutate({ currentPassword: adminPassword, newPassword: 'abcdefgh', confirmPassword: 'abcdefgX' }),
      ),
    ).toEqual({ message: 'The new passwords do not match', status: 400 });
    // a real change is covered in auth-password.test.ts (it would sign this file out)
  });
});

describe('signed-in procedures give the same data as REST', () => {
  it('events: create, get, list, recent, page, update, addViews, listWithDetails', async () => {
    const created = await trpc.events.create.mutate(eventBody() as never);
    expect(created).toMatchObject({ sales: 0, conversionRate: '0%', version: 1 });
    expect(await trpc.events.get.query({ id: created.id })).toEqual(ok(await client.get(`/api/events/${created.id}`)));
    expect((await trpc.events.list.query()).items.map((e) => e.id)).toContain(created.id);
    expect((await trpc.events.recent.query({ limit: 1 }))[0]!.id).toBe(created.id);
    const page = await trpc.events.page.query({ limit: 1 });
    expect(page.items).toHaveLength(1);
    const updated = await trpc.events.update.mutate({
      id: created.id,
      title: 'Renamed',
      date: created.date,
      venue: created.venue,
      version: 1,
    });
    expect(updated).toMatchObject({ title: 'Renamed', version: 2 });
    expect((await trpc.events.addViews.mutate({ id: created.id, count: 4 })).pageViews).toBe(4);
    const details = await trpc.events.listWithDetails.query();
    expect(details.items.find((d) => d.id === created.id)).toEqual({
      id: created.id,
      title: 'Renamed',
      date: created.date,
      status: created.status,
      archivedAt: null,
      seo: null,
    });
  });

  it('events: SPEC messages and statuses through tRPC', async () => {
    expect(await failure(trpc.events.create.mutate(eventBody({ title: 'ab' }) as never))).toEqual({
      message: 'Title must be at least 3 characters long',
      status: 400,
    });
    expect(await failure(trpc.events.get.query({ id: 'nope' }))).toEqual({ message: 'Event not found', status: 404 });
    const created = await trpc.events.create.mutate(eventBody() as never);
    await trpc.events.update.mutate({ id: created.id, title: 'One', date: created.date, venue: created.venue, version: 1 });
    const stale = await failure(
      trpc.events.update.mutate({ id: created.id, title: 'Two', date: created.date, venue: created.venue, version: 1 }),
    );
    expect(stale.status).toBe(409);
    expect((await trpc.events.get.query({ id: created.id })).title).toBe('One');
  });

  it('seo, cta and contentBlocks: get and save', async () => {
    const event = await trpc.events.create.mutate(eventBody() as never);
    expect(await trpc.seo.get.query({ id: event.id })).toBeNull();
    const seo = await trpc.seo.save.mutate({ eventId: event.id, title: 'T', description: 'D', keywords: 'k' });
    expect(await trpc.seo.get.query({ id: event.id })).toEqual(seo);
    expect(await trpc.cta.get.query({ id: event.id })).toBeNull();
    const cta = await trpc.cta.save.mutate({ eventId: event.id, text: 'Buy Tickets' });
    expect(cta).toMatchObject({ text: 'Buy Tickets', isCustom: false, buttonColor: '#3088D8' });
    expect(await trpc.cta.get.query({ id: event.id })).toEqual(cta);
    expect(await trpc.contentBlocks.get.query({ id: event.id })).toEqual({ eventId: event.id, blocks: [], version: 0 });
    const saved = await trpc.contentBlocks.save.mutate({ eventId: event.id, blocks: [{ type: 'text', content: 'Hi' }], version: 0 });
    expect(saved.version).toBe(1);
    expect(saved.blocks).toEqual([{ id: expect.any(String), type: 'text', content: 'Hi' }]);
    expect(await trpc.contentBlocks.get.query({ id: event.id })).toEqual(saved);
    expect(await trpc.events.listWithDetails.query().then((d) => d.items.find((e) => e.id === event.id)?.seo)).toEqual({
      title: 'T',
      description: 'D',
      keywords: 'k',
    });
    expect((await failure(trpc.contentBlocks.save.mutate({ eventId: event.id, blocks: [], version: 0 }))).status).toBe(409);
    expect(await failure(trpc.cta.save.mutate({ eventId: event.id, text: '' }))).toEqual({
      message: 'Button text is required.',
      status: 400,
    });
    expect((await failure(trpc.seo.get.query({ id: 'nope' }))).status).toBe(404);
  });

  it('customers: create, get, list, page, update, addresses, transactions', async () => {
    const body = customerBody();
    const customer = await trpc.customers.create.mutate(body);
    expect(await trpc.customers.get.query({ id: customer.id })).toEqual(customer);
    expect((await trpc.customers.list.query()).items.map((c) => c.id)).toContain(customer.id);
    const page = await trpc.customers.page.query({ limit: 1 });
    expect(page.items).toHaveLength(1);
    const updated = await trpc.customers.update.mutate({ id: customer.id, name: 'New Name', email: customer.email, version: 1 });
    expect(updated).toMatchObject({ name: 'New Name', version: 2 });
    const address = await trpc.customers.createAddress.mutate({
      customerId: customer.id,
      street: '1 St',
      city: 'C',
      state: 'S',
      zipCode: 'Z',
      isDefault: true,
    });
    expect(address).toMatchObject({ country: 'USA', isDefault: true, addressType: 'shipping' });
    expect(await trpc.customers.addresses.query({ id: customer.id })).toEqual([address]);
    expect(await trpc.customers.transactions.query({ id: customer.id })).toEqual([]);
    expect(await failure(trpc.customers.create.mutate({ ...body, name: 'Dup' }))).toEqual({
      message: 'A customer with this email address already exists',
      status: 409,
    });
    expect(await failure(trpc.customers.create.mutate(customerBody({ email: 'nope' }) as never))).toEqual({
      message: 'Please enter a valid email address',
      status: 400,
    });
    expect((await failure(trpc.customers.get.query({ id: 'nope' }))).status).toBe(404);
  });

  it('transactions and dashboard: create, list, totals, stats, topEvents', async () => {
    const event = await trpc.events.create.mutate(eventBody() as never);
    const customer = await trpc.customers.create.mutate(customerBody());
    const before = await trpc.dashboard.stats.query();
    await trpc.events.addViews.mutate({ id: event.id, count: 8 });
    const created = await trpc.transactions.create.mutate({
      eventId: event.id,
      customerId: customer.id,
      amount: 19.99,
      status: 'completed',
      paymentMethod: 'PayPal',
    });
    expect(created.amount).toBe('$19.99');
    expect((await trpc.transactions.list.query()).items.map((t) => t.id)).toContain(created.id);
    expect(await trpc.transactions.totals.query()).toEqual(ok(await client.get('/api/transactions/totals')));
    const after = await trpc.dashboard.stats.query();
    expect(after.activeCustomers).toBe(before.activeCustomers + 1);
    expect(after).toEqual(ok(await client.get('/api/dashboard/stats')));
    const top = await trpc.dashboard.topEvents.query();
    expect(top[0]).toEqual({ id: event.id, name: event.title, conversionRate: '12.5%' });
    expect(await trpc.customers.transactions.query({ id: customer.id })).toEqual([created]);
  });

  it('settings: get and save', async () => {
    const current = await trpc.settings.get.query();
    expect(current.serviceFeePercentage).toBe('18');
    const saved = await trpc.settings.save.mutate({ serviceFeePercentage: '19', version: current.version });
    expect(saved.serviceFeePercentage).toBe('19');
    expect(await trpc.settings.get.query()).toEqual(ok(await client.get('/api/app-settings')));
    expect(await failure(trpc.settings.save.mutate({ serviceFeePercentage: '' }))).toEqual({
      message: 'Service fee percentage is required',
      status: 400,
    });
  });

  it('an invalid page cursor is a 400, not a crash', async () => {
    expect((await failure(trpc.events.page.query({ limit: 5, cursor: 'not-a-cursor' }))).status).toBe(400);
    const forged = Buffer.from(JSON.stringify({ pk: 'X' })).toString('base64url');
    expect((await failure(trpc.customers.page.query({ limit: 5, cursor: forged }))).status).toBe(400);
  });

  it('error payloads keep causes and stacks on the server', async () => {
    const response = await fetch(`${api.base}/trpc/events.get?input=${encodeURIComponent(JSON.stringify({ id: 'nope' }))}`, {
      headers: { Cookie: client.cookie },
    });
    expect(response.status).toBe(404);
    const body = await response.text();
    expect(body).toContain('Event not found');
    expect(body).not.toContain('stack');
    expect(body).not.toContain('.ts:');
  });
});

describe('no procedure answers a whole table', () => {
  // The staff's own sessions, API tokens, team members and webhook endpoints: lists that grow with the staff, not the business.
  // An event's ticket types: at most 50 of them (core's maxTicketTypes), so never a table either.
  const ownLists = ['sessions.list', 'tokens.list', 'users.list', 'webhooks.list', 'ticketTypes.list'];
  const listQueries = Object.entries(appRouter._def.procedures as unknown as Record<string, { _def: { type: string; inputs: unknown[] } }>)
    .filter(([name, procedure]) => procedure._def.type === 'query' && /\.list/.test(name) && !ownLists.includes(name))
    .map(([name, procedure]) => ({ name, input: procedure._def.inputs[0] as { safeParse: (v: unknown) => { success: boolean } } }));
  // An event's tickets are a list of that event: its pages (and Link header) are checked with
  // orders in tickets-api.test.ts; here, that it takes a bounded limit too.
  const ofOneEvent: Record<string, object> = { 'tickets.list': { eventId: 'an-event' } };

  it('finds the list procedures', () => {
    expect(listQueries.map((q) => q.name).sort()).toEqual(
      ['audit.list', 'customers.list', 'events.list', 'events.listWithDetails', 'tickets.list', 'transactions.list'].sort(),
    );
  });

  it.each(listQueries)('$name takes a limit, with a maximum', ({ name, input }) => {
    expect(input?.safeParse({ ...ofOneEvent[name], limit: 1 }).success).toBe(true);
    expect(input.safeParse({ ...ofOneEvent[name], limit: 100_000 }).success).toBe(false);
  });

  it.each(listQueries.filter((q) => !ofOneEvent[q.name]))(
    '$name answers a page of at most the limit, with the cursor of the next',
    async ({ name }) => {
      // Two of each, so a page of one has more after it.
      for (let i = 0; i < 2; i++) {
        const event = await trpc.events.create.mutate(eventBody() as never);
        const customer = await trpc.customers.create.mutate(customerBody());
        await trpc.transactions.create.mutate({
          eventId: event.id,
          customerId: customer.id,
          amount: 1,
          status: 'completed',
          paymentMethod: 'Card',
        });
      }
      const page = ok(await client.get(`/trpc/${name}?input=${encodeURIComponent(JSON.stringify({ limit: 1 }))}`)).result.data;
      expect(page.items).toHaveLength(1);
      expect(page.nextCursor).toEqual(expect.any(String));
    },
  );
});
