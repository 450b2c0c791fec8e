import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { keys } from '@event-admin/core/db/keys';
import { importCustomers } from '@event-admin/core/customer/customer.import';
import { createCustomerInput } from '@event-admin/core/customer/customer.schema';
import { importEvents } from '@event-admin/core/event/event.import';
import { createEventInput } from '@event-admin/core/event/event.schema';
import { runMigrationList } from '@event-admin/core/maintenance/migration';
import { searchFields } from '@event-admin/core/maintenance/search-fields';
import { importTransactions } from '@event-admin/core/transaction/transaction.import';
import { maxScannedPerPage } from '@event-admin/core/transaction/transaction.repo';
import { createTransactionInput } from '@event-admin/core/transaction/transaction.schema';
import { signedInForFile } from '../setup/api.ts';
import { createCustomer, createEvent, expectError, ok, createTransaction } from './helpers.ts';

// The transactions, customers and events screens page through the lists with a cursor and search
// them on the server, so a match anywhere in the history is found, however long the list.
const { api, client } = await signedInForFile();
const trpc = client.trpc();
let events: { id: string; title: string }[];
let customers: { id: string; name: string; email: string; phone: string }[];
const historySize = maxScannedPerPage + 700; // one search request cannot read it all

beforeAll(async () => {
  events = await importEvents(
    api.setupDb,
    Array.from({ length: 30 }, (_, i) =>
      createEventInput.parse({
        title: `Paged gala ${i}`,
        date: '2031-01-01',
        venue: i % 2 ? 'North Pier' : 'South Hall',
        status: i % 3 ? 'active' : 'draft',
      }),
    ),
  );
  customers = await importCustomers(
    api.setupDb,
    Array.from({ length: 120 }, (_, i) =>
      createCustomerInput.parse({
        name: `Pat Pager${i}`,
        email: `pat.${i}@paged.example`,
        phone: i % 4 ? `(555) 7${String(i).padStart(2, '0')}-01${String(i % 100).padStart(2, '0')}` : '',
      }),
    ),
  );
  // A long history whose oldest purchase is the only one of its kind: bought by "Zed Oldest".
  const zed = await createCustomer(client, { name: 'Zed Oldest', email: 'zed.oldest@paged.example', phone: '' });
  const start = Date.UTC(2020, 0, 1);
  await importTransactions(api.setupDb, [
    createTransactionInput.parse({
      eventId: events[0]!.id,
      customerId: zed.id,
      amount: '$4321.09',
      status: 'failed',
      paymentMethod: 'Cash',
      purchaseDate: new Date(start).toISOString(),
    }),
    ...Array.from({ length: historySize - 1 }, (_, i) =>
      createTransactionInput.parse({
        eventId: events[1 + (i % 29)]!.id,
        customerId: customers[i % 120]!.id,
        amount: `$${10 + (i % 90)}.00`,
        status: i % 10 ? 'completed' : 'pending',
        paymentMethod: 'Card',
        purchaseDate: new Date(start + (i + 1) * 60_000).toISOString(),
      }),
    ),
  ]);
}, 120_000);

type Page<T> = { items: T[]; nextCursor: string | null; scanned: number; position: string | null };

/** Follows a paged procedure's cursor to the end (bounded). */
async function walk<T>(fetch: (cursor: string | null) => Promise<Page<T>>, maxPages = 200) {
  const pages: Page<T>[] = [];
  let cursor: string | null = null;
  for (let i = 0; i < maxPages; i++) {
    const page = await fetch(cursor);
    pages.push(page);
    cursor = page.nextCursor;
    if (!cursor) break;
  }
  expect(cursor).toBeNull();
  return { pages, items: pages.flatMap((p) => p.items) };
}

describe('transactions.page', () => {
  it('opens with the newest 50, with names, and walks the whole history in the REST list order', async () => {
    const first = await trpc.transactions.page.query({});
    expect(first.items).toHaveLength(50);
    expect(first.nextCursor).not.toBeNull();
    const all = ok<any[]>(await client.get('/api/transactions'));
    expect(first.items.map((t) => t.id)).toEqual(all.slice(0, 50).map((t) => t.id));
    const row = first.items[0]!;
    expect(row).toEqual({
      ...all[0],
      eventTitle: expect.stringMatching(/^Paged gala /),
      customerName: expect.stringMatching(/^Pat Pager/),
    });

    const { items } = await walk((cursor) => trpc.transactions.page.query({ limit: 100, cursor }));
    expect(items.map((t) => t.id)).toEqual(all.map((t) => t.id));
  });

  it('finds a match anywhere in the history, continuing from where each request stopped', async () => {
    const first = await trpc.transactions.page.query({ q: 'zed oldest' });
    // One request reads a bounded stretch, says how far back it got, and carries on from there.
    expect(first.items).toEqual([]);
    expect(first.scanned).toBe(maxScannedPerPage);
    expect(first.nextCursor).not.toBeNull();
    expect(Date.parse(first.position!)).toBeGreaterThan(Date.UTC(2020, 0, 1));
    const { items, pages } = await walk((cursor) => trpc.transactions.page.query({ q: 'ZED OLDEST', cursor }));
    expect(pages.length).toBeGreaterThan(1);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ customerName: 'Zed Oldest', amount: '$4321.09', status: 'failed', eventTitle: events[0]!.title });
  });

  it('matches event title, customer name, amount with or without $, and status, like the screen always did', async () => {
    const all = ok<any[]>(await client.get('/api/transactions'));
    const titles = new Map(events.map((e) => [e.id, e.title]));
    const names = new Map([...customers.map((c) => [c.id, c.name] as const)]);
    const expected = (q: string) =>
      all
        .filter((t) =>
          [titles.get(t.eventId) ?? '', names.get(t.customerId) ?? 'Zed Oldest', t.amount, t.amount.slice(1), t.status].some((f) =>
            f.toLowerCase().includes(q),
          ),
        )
        .map((t) => t.id);
    for (const q of ['paged gala 7', 'pat pager11', '$42.00', '42.00', 'pending', '4321']) {
      const { items } = await walk((cursor) => trpc.transactions.page.query({ q, cursor, limit: 100 }));
      expect(
        items.map((t) => t.id),
        q,
      ).toEqual(expected(q));
    }
  });

  it('pages of a search hold at most `limit` matches and never skip one', async () => {
    const { pages, items } = await walk((cursor) => trpc.transactions.page.query({ q: 'completed', limit: 37, cursor }));
    expect(pages.every((p) => p.items.length <= 37)).toBe(true);
    expect(new Set(items.map((t) => t.id)).size).toBe(items.length);
    expect(items.length).toBe(ok<any[]>(await client.get('/api/transactions')).filter((t) => t.status === 'completed').length);
  });

  it('refuses a page size over 100 and a forged cursor', async () => {
    const status = (call: Promise<unknown>) =>
      call.then(
        () => 200,
        (e) => e.data?.httpStatus,
      );
    expect(await status(trpc.transactions.page.query({ limit: 101 }))).toBe(400);
    expect(await status(trpc.transactions.page.query({ cursor: Buffer.from('{"pk":"X"}').toString('base64url') }))).toBe(400);
    expect(await status(trpc.transactions.page.query({ q: 'x'.repeat(201) }))).toBe(400);
  });
});

describe('renames reach the transactions', () => {
  it('a renamed event and a renamed customer show, and are found, under their new names', async () => {
    const event = await createEvent(client, { title: 'Before Rename Fest' });
    const customer = await createCustomer(client, { name: 'Ann Before' });
    const bought = await createTransaction(client, event.id, customer.id, '$5.55');
    ok(await client.put(`/api/events/${event.id}`, { title: 'After Rename Fest', date: event.date, venue: event.venue }));
    ok(await client.put(`/api/customers/${customer.id}`, { name: 'Ann After', email: customer.email, phone: '' }));
    // The names reach the purchases by background jobs the saves queued (core/jobs/): soon, not at once.
    const started = Date.now();
    for (let tries = 0; tries < 100 && Date.now() - started < 10_000; tries++) {
      const [row] = await trpc.customers.transactionHistory.query({ id: customer.id });
      if (row?.eventTitle === 'After Rename Fest' && row.customerName === 'Ann After') break;
      await new Promise((r) => setTimeout(r, 100));
    }

    const found = await walk((cursor) => trpc.transactions.page.query({ q: 'after rename fest', cursor }));
    expect(found.items.map((t) => [t.id, t.eventTitle, t.customerName])).toEqual([[bought.id, 'After Rename Fest', 'Ann After']]);
    expect((await walk((cursor) => trpc.transactions.page.query({ q: 'ann after', cursor }))).items.map((t) => t.id)).toEqual([bought.id]);
    expect((await walk((cursor) => trpc.transactions.page.query({ q: 'before rename', cursor }))).items).toEqual([]);
    expect((await trpc.customers.transactionHistory.query({ id: customer.id })).map((t) => t.eventTitle)).toEqual(['After Rename Fest']);
  });
});

describe('customers.page', () => {
  it('walks every customer newest first, 50 a page by default', async () => {
    const all = ok<any[]>(await client.get('/api/customers'));
    const first = await trpc.customers.page.query({});
    expect(first.items).toHaveLength(50);
    expect(first.items[0]).toEqual(all[0]);
    const { items } = await walk((cursor) => trpc.customers.page.query({ cursor }));
    expect(items.map((c) => c.id)).toEqual(all.map((c) => c.id));
    expect(await trpc.customers.totals.query()).toEqual({ totalCustomers: all.length });
  });

  it('searches name, e-mail and phone (also by its digits) on the server', async () => {
    const c = customers[13]!; // '(555) 713-0113'
    for (const q of [c.name.toUpperCase(), c.email, c.phone, c.phone.replace(/\D/g, ''), '713-01']) {
      const { items } = await walk((cursor) => trpc.customers.page.query({ q, cursor }));
      expect(
        items.map((x) => x.id),
        q,
      ).toContain(c.id);
      expect(
        items.every(
          (x) =>
            [x.name, x.email, x.phone].join(' ').toLowerCase().includes(q.toLowerCase()) ||
            x.phone.replace(/\D/g, '').includes(q.replace(/\D/g, '')),
        ),
        q,
      ).toBe(true);
    }
    expect((await trpc.customers.page.query({ q: 'nobody-at-all' })).items).toEqual([]);
  });
});

describe('events.page', () => {
  it('searches title and venue and filters by status on the server', async () => {
    const all = ok<any[]>(await client.get('/api/events'));
    const expected = all
      .filter((e) => e.status === 'active' && (e.title + '\n' + e.venue).toLowerCase().includes('north pier'))
      .map((e) => e.id)
      .sort();
    const { items } = await walk((cursor) => trpc.events.page.query({ q: 'North Pier', status: 'active', limit: 5, cursor }));
    expect(items.map((e) => e.id).sort()).toEqual(expected);
    expect(expected.length).toBeGreaterThan(5);
    const drafts = await walk((cursor) => trpc.events.page.query({ status: 'draft', cursor }));
    expect(drafts.items.length).toBe(all.filter((e) => e.status === 'draft').length);
    expect(items[0]).not.toHaveProperty('searchText');
  });
});

describe('tables from before search fields', () => {
  it('the migration gives old purchases their names and makes them searchable', async () => {
    const event = await createEvent(client, { title: 'Legacy Lantern Night' });
    const customer = await createCustomer(client, { name: 'Lou Legacy' });
    // A purchase as stored before names and search text were kept on it.
    const purchaseDate = '2019-06-01T00:00:00.000Z';
    await api.db.doc.send(
      new PutCommand({
        TableName: api.db.tableName,
        Item: {
          ...keys.transaction(customer.id, purchaseDate, 'legacy-1'),
          ...keys.transactionsByDate(purchaseDate, 'legacy-1'),
          id: 'legacy-1',
          eventId: event.id,
          customerId: customer.id,
          amountCents: 777,
          status: 'completed',
          purchaseDate,
          paymentMethod: 'Cash',
          createdAt: purchaseDate,
        },
      }),
    );
    const names = async () =>
      (await trpc.customers.transactionHistory.query({ id: customer.id })).map((t) => [t.id, t.eventTitle, t.customerName]);
    expect(await names()).toEqual([['legacy-1', null, null]]);
    expect((await walk((cursor) => trpc.transactions.page.query({ q: 'lou legacy', cursor }))).items).toEqual([]);

    expect((await runMigrationList(api.db, [searchFields])).ran[searchFields.name]).toBeGreaterThanOrEqual(1);
    expect(await names()).toEqual([['legacy-1', 'Legacy Lantern Night', 'Lou Legacy']]);
    const found = await walk((cursor) => trpc.transactions.page.query({ q: 'lou legacy', cursor }));
    expect(found.items.map((t) => [t.id, t.amount])).toEqual([['legacy-1', '$7.77']]);
    // Recorded: it never runs again.
    expect(await runMigrationList(api.db, [searchFields])).toEqual({ ran: {}, pending: [] });
    expectError(await client.get('/api/customers/legacy-1'), 404);
  });
});
