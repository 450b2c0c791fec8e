import { beforeAll, describe, expect, it } from 'vitest';
import { Client, signedInForFile } from '../setup/api.ts';
import { createEvent, expectError, followLinks, ok } from './helpers.ts';

// GET /api/events and /api/events-with-details: streamed whole (latest date first, as before they
// were streamed) or paged by `?limit&cursor` with a Link header; the events list by event date.
const { api, client } = await signedInForFile();
const trpc = client.trpc();
const statuses = ['active', 'draft', 'completed', 'cancelled'] as const;
const count = 11;
let created: any[] = [];

beforeAll(async () => {
  // Dates deliberately out of creation order, so "by date" and "by creation" differ.
  for (let i = 0; i < count; i++) {
    const day = String(1 + ((i * 7) % count)).padStart(2, '0');
    const event = await createEvent(client, {
      title: `Lister ${i}${i % 3 === 0 ? ' Gala' : ''}`,
      date: `2031-03-${day}T18:00:00.000Z`,
      status: statuses[i % statuses.length],
    });
    if (i % 2 === 0) ok(await client.post(`/api/events/${event.id}/seo`, { title: `Seo ${i}`, description: `About ${i}`, keywords: 'k' }));
    created.push(event);
  }
  created = await Promise.all(created.map(async (e) => ok(await client.get(`/api/events/${e.id}`))));
}, 60_000);

const follow = (path: string, limit: number) => followLinks(client, path, limit);

const latestFirst = (a: { date: string }, b: { date: string }) => b.date.localeCompare(a.date);

describe('GET /api/events', () => {
  it('answers every event, latest date first, each as GET /api/events/{id} answers it', async () => {
    const whole = ok(await client.get('/api/events'));
    expect(whole).toEqual([...created].sort(latestFirst));
    expect(await trpc.events.list.query({ limit: 1000 })).toEqual({ items: whole, nextCursor: null });
  });

  it('pages by Link to the end, equal to the unpaged list', async () => {
    const whole = ok(await client.get('/api/events'));
    for (const limit of [1, 4, count, 1000]) expect(await follow('/api/events', limit)).toEqual(whole);
    const last = await client.get(`/api/events?limit=${count}`);
    expect(last.headers.get('link')).toBeNull();
  });

  it('refuses a limit outside 1 to 1000 and a forged cursor, with the message', async () => {
    for (const path of ['/api/events', '/api/events-with-details']) {
      for (const limit of ['0', '1001', 'abc', '1.5', '']) {
        expectError(await client.get(`${path}?limit=${limit}`), 400, 'Limit must be a whole number between 1 and 1000');
      }
      expectError(await client.get(`${path}?limit=2&cursor=bm90LWEta2V5`), 400, 'The page cursor is not valid');
    }
  });

  it('needs a session', async () => {
    expectError(await new Client(api.base).get('/api/events'), 401);
    expectError(await new Client(api.base).get('/api/events-with-details?limit=2'), 401);
  });
});

describe('GET /api/events-with-details', () => {
  it('answers id, title, date, status and seo of every event, latest date first', async () => {
    const whole = ok(await client.get('/api/events-with-details'));
    const expected = [...created].sort(latestFirst).map((e) => {
      const i = Number(/Lister (\d+)/.exec(e.title)![1]);
      const seo = i % 2 === 0 ? { title: `Seo ${i}`, description: `About ${i}`, keywords: 'k' } : null;
      return { id: e.id, title: e.title, date: e.date, status: e.status, archivedAt: null, seo };
    });
    expect(whole).toEqual(expected);
    expect(await trpc.events.listWithDetails.query({ limit: 1000 })).toEqual({ items: whole, nextCursor: null });
  });

  it('pages by Link to the end, equal to the unpaged list', async () => {
    const whole = ok(await client.get('/api/events-with-details'));
    for (const limit of [1, 3, 1000]) expect(await follow('/api/events-with-details', limit)).toEqual(whole);
  });

  it('pages through tRPC the same way', async () => {
    const walk = async (call: (cursor: string | null) => Promise<{ items: unknown[]; nextCursor: string | null }>) => {
      const items: unknown[] = [];
      let cursor: string | null = null;
      for (let i = 0; i < 50; i++) {
        const page = await call(cursor);
        items.push(...page.items);
        cursor = page.nextCursor;
        if (!cursor) break;
      }
      return items;
    };
    expect(await walk((cursor) => trpc.events.list.query({ limit: 4, cursor }))).toEqual(ok(await client.get('/api/events')));
    expect(await walk((cursor) => trpc.events.listWithDetails.query({ limit: 4, cursor }))).toEqual(
      ok(await client.get('/api/events-with-details')),
    );
  });
});

describe('events.page by event date', () => {
  async function walk(input: Record<string, unknown>) {
    const items: any[] = [];
    let cursor: string | null = null;
    for (let i = 0; i < 50; i++) {
      const page: { items: any[]; nextCursor: string | null } = await trpc.events.page.query({ limit: 2, cursor, ...input });
      items.push(...page.items);
      cursor = page.nextCursor;
      if (!cursor) break;
    }
    expect(cursor).toBeNull();
    return items.map((e) => e.id);
  }
  const byDate = () => [...created].sort((a, b) => a.date.localeCompare(b.date));

  it('orders by date either way, paging without a gap, and keeps the order through a filter and a search', async () => {
    expect(await walk({ sort: 'date', order: 'asc' })).toEqual(byDate().map((e) => e.id));
    expect(await walk({ sort: 'date' })).toEqual(
      byDate()
        .reverse()
        .map((e) => e.id),
    );
    expect(await walk({ sort: 'date', order: 'asc', status: 'draft' })).toEqual(
      byDate()
        .filter((e) => e.status === 'draft')
        .map((e) => e.id),
    );
    expect(await walk({ sort: 'date', order: 'desc', q: 'gala' })).toEqual(
      byDate()
        .reverse()
        .filter((e) => e.title.endsWith('Gala'))
        .map((e) => e.id),
    );
    // the default stays newest created first
    expect(await walk({})).toEqual([...created].reverse().map((e) => e.id));
  });

  it('follows an edited date', async () => {
    const first = byDate()[0];
    ok(await client.put(`/api/events/${first.id}`, { title: first.title, venue: first.venue, date: '2031-04-30T10:00:00.000Z' }));
    const ids = await walk({ sort: 'date', order: 'asc' });
    expect(ids.at(-1)).toBe(first.id);
    expect(ids).toHaveLength(count);
    created = await Promise.all(created.map(async (e) => ok(await client.get(`/api/events/${e.id}`))));
  });

  it('refuses an order or sort it cannot serve', async () => {
    const failure = (call: Promise<unknown>) =>
      call.then(
        () => null,
        (e) => ({ status: e.data?.httpStatus, message: e.message }),
      );
    expect(await failure(trpc.events.page.query({ sort: 'venue' as never }))).toEqual({
      status: 400,
      message: 'Sort must be created or date',
    });
    expect(await failure(trpc.events.page.query({ sort: 'date', order: 'up' as never }))).toEqual({
      status: 400,
      message: 'Order must be asc or desc',
    });
  });
});
