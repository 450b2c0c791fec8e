import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importEvents } from '@event-admin/core/event/event.repo';
import { createEventInput } from '@event-admin/core/event/event.schema';
import { signedIn, startApi, type Client, type TestApi } from '../setup/api.ts';
import { createEvent, ok } from './helpers.ts';

// seo.page: the SEO page reads a page of events with their SEO fields and searches titles on the
// server, instead of loading every event and filtering in the browser.
let api: TestApi;
let client: Client;
let trpc: ReturnType<Client['trpc']>;
let oldest: { id: string; title: string };

beforeAll(async () => {
  api = await startApi();
  client = await signedIn(api);
  trpc = client.trpc();
  // Created first, so it is on the last page of the newest-first list; its venue is shared.
  oldest = await createEvent(client, { title: 'Lantern Festival Oldest', venue: 'Common Ground' });
  await importEvents(
    api.db,
    Array.from({ length: 60 }, (_, i) =>
      createEventInput.parse({ title: `Seo paged ${i}`, date: '2031-02-01', venue: i % 2 ? 'Common Ground' : 'Lantern Yard', status: 'active' }),
    ),
  );
}, 60_000);
afterAll(() => api.stop());

type SeoPage = Awaited<ReturnType<ReturnType<Client['trpc']>['seo']['page']['query']>>;

async function walk(input: { q?: string; limit?: number }, maxPages = 20) {
  const pages: SeoPage[] = [];
  let cursor: string | null = null;
  for (let i = 0; i < maxPages; i++) {
    const page: SeoPage = await trpc.seo.page.query({ ...input, cursor });
    pages.push(page);
    cursor = page.nextCursor;
    if (!cursor) break;
  }
  expect(cursor).toBeNull();
  return { pages, items: pages.flatMap((p) => p.items) };
}

describe('seo.page', () => {
  it('opens with the newest 25 events, each with its SEO fields or null', async () => {
    ok(await client.post(`/api/events/${oldest.id}/seo`, { title: 'Lanterns', description: 'Lights', keywords: 'a, b, c' }));
    const first = await trpc.seo.page.query({});
    expect(first.items).toHaveLength(25);
    expect(first.nextCursor).not.toBeNull();
    expect(first.items[0]).toEqual({ id: expect.any(String), title: 'Seo paged 59', date: expect.any(String), status: 'active', seo: null });

    const { items } = await walk({ limit: 100 });
    expect(items).toHaveLength(61);
    expect(items.at(-1)).toEqual({
      id: oldest.id,
      title: oldest.title,
      date: expect.any(String),
      status: 'active',
      seo: { title: 'Lanterns', description: 'Lights', keywords: 'a, b, c' },
    });
  });

  it('searches event titles only, case-insensitively, over the whole list', async () => {
    // Beyond the first page, and 'lantern' is also the venue of 30 other events: titles only.
    const { items } = await walk({ q: 'LANTERN festival' });
    expect(items.map((e) => e.id)).toEqual([oldest.id]);
    expect((await walk({ q: 'lantern' })).items.map((e) => e.id)).toEqual([oldest.id]);
    expect((await walk({ q: 'seo paged 1' })).items.map((e) => e.title).sort()).toEqual(
      ['Seo paged 1', ...Array.from({ length: 10 }, (_, i) => `Seo paged 1${i}`)].sort(),
    );
    expect((await walk({ q: 'no such title anywhere' })).items).toEqual([]);
  });

  it('refuses a page size over 100, a forged cursor and an overlong term, with 400', async () => {
    const status = (call: Promise<unknown>) => call.then(() => 200, (e) => e.data?.httpStatus);
    expect(await status(trpc.seo.page.query({ limit: 101 }))).toBe(400);
    expect(await status(trpc.seo.page.query({ cursor: Buffer.from('{"pk":"X"}').toString('base64url') }))).toBe(400);
    expect(await status(trpc.seo.page.query({ q: 'x'.repeat(201) }))).toBe(400);
  });
});
