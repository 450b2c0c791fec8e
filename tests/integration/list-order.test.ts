import { beforeAll, describe, expect, it } from 'vitest';
import { signedInForFile } from '../setup/api.ts';
import { createCustomer, createEvent, createTransaction } from './helpers.ts';

// The transactions (by date) and customers (by creation) lists can be read oldest first too: the
// orders their index serves, which the screens' sortable Date and Created headers offer.
const { client } = await signedInForFile();
const trpc = client.trpc();

beforeAll(async () => {
  const event = await createEvent(client, { title: 'Order Night' });
  for (let i = 0; i < 7; i++) {
    const customer = await createCustomer(client, { name: `Olive Order${i}`, email: `olive.${i}@order.example`, phone: '' });
    const day = String(10 + i).padStart(2, '0');
    await createTransaction(client, event.id, customer.id, `$${i + 1}.00`, i % 2 ? 'completed' : 'pending', {
      purchaseDate: `2030-05-${day}T10:00:00.000Z`,
    });
  }
}, 60_000);

/** Follows a paged procedure's cursor to the end (bounded). */
async function walk<T>(fetch: (cursor: string | null) => Promise<{ items: T[]; nextCursor: string | null }>, maxPages = 20) {
  const items: T[] = [];
  let cursor: string | null = null;
  for (let i = 0; i < maxPages; i++) {
    const page = await fetch(cursor);
    items.push(...page.items);
    cursor = page.nextCursor;
    if (!cursor) break;
  }
  expect(cursor).toBeNull();
  return items;
}

describe('transactions.page order', () => {
  it('is newest first by default and oldest first with asc, paging either way without a gap', async () => {
    const newest = await walk((cursor) => trpc.transactions.page.query({ limit: 3, cursor }));
    const oldest = await walk((cursor) => trpc.transactions.page.query({ limit: 3, cursor, order: 'asc' }));
    expect(newest.map((t) => t.purchaseDate.slice(0, 10))).toEqual([
      '2030-05-16',
      '2030-05-15',
      '2030-05-14',
      '2030-05-13',
      '2030-05-12',
      '2030-05-11',
      '2030-05-10',
    ]);
    expect(oldest.map((t) => t.id)).toEqual([...newest].reverse().map((t) => t.id));
    expect(await trpc.transactions.page.query({ order: 'desc' }).then((p) => p.items.map((t) => t.id))).toEqual(newest.map((t) => t.id));
  });

  it('keeps the order through a search', async () => {
    const pending = await walk((cursor) => trpc.transactions.page.query({ q: 'pending', limit: 2, cursor, order: 'asc' }));
    expect(pending.map((t) => t.amount)).toEqual(['$1.00', '$3.00', '$5.00', '$7.00']);
  });
});

describe('customers.page order', () => {
  it('is newest created first by default and oldest first with asc', async () => {
    const newest = await walk((cursor) => trpc.customers.page.query({ limit: 4, cursor }));
    const oldest = await walk((cursor) => trpc.customers.page.query({ limit: 4, cursor, order: 'asc' }));
    expect(newest.map((c) => c.name)).toEqual(Array.from({ length: 7 }, (_, i) => `Olive Order${6 - i}`));
    expect(oldest.map((c) => c.id)).toEqual([...newest].reverse().map((c) => c.id));
    const searched = await walk((cursor) => trpc.customers.page.query({ q: 'olive order', limit: 2, cursor, order: 'asc' }));
    expect(searched.map((c) => c.name)).toEqual(Array.from({ length: 7 }, (_, i) => `Olive Order${i}`));
  });
});

describe('an order the lists cannot serve', () => {
  it('is refused with 400 and a clear message', async () => {
    const failure = (call: Promise<unknown>) =>
      call.then(
        () => null,
        (e) => ({ status: e.data?.httpStatus, message: e.message }),
      );
    expect(await failure(trpc.transactions.page.query({ order: 'sideways' as never }))).toEqual({
      status: 400,
      message: 'Order must be asc or desc',
    });
    expect(await failure(trpc.customers.page.query({ order: 'random' as never }))).toEqual({
      status: 400,
      message: 'Order must be asc or desc',
    });
  });
});
