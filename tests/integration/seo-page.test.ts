import { beforeAll, describe, expect, it } from 'vitest';
import { importEvents } from '@event-admin/core/event/event.import';
import { createEventInput } from '@event-admin/core/event/event.schema';
import { signedInForFile } from '../setup/api.ts';
import { createEvent, ok } from './helpers.ts';

// seo.page: the SEO page's events a page at a time, with their SEO fields, searched by title on
// the server, so the page costs the same whatever the number of events.
const { api, client } = await signedInForFile();
const trpc = client.trpc();
const eventCount = 64;

type Seo = { title: string; description: string; keywords: string };
type Row = { id: string; title: string; date: string; status: string; seo: Seo | null };
type Page = { items: Row[]; nextCursor: string | null; scanned: number; position: string | null };

beforeAll(async () => {
  // Every third event has SEO; every venue is called "Harbor Lantern Hall", which no title contains.
  await importEvents(
    api.setupDb,
    Array.from({ length: eventCount }, (_, i) => ({
      ...createEventInput.parse({
        title: `${i % 5 === 0 ? 'Lantern' : 'Paper'} Parade ${i}`,
        date: '2032-05-01',
        venue: 'Harbor Lantern Hall',
      }),
      ...(i % 3 === 0 ? { seo: { title: `Seo ${i}`, description: `About ${i}`, keywords: 'one, two, three' } } : {}),
    })),
  );
}, 60_000);

/** Follows seo.page's cursor to the end (bounded). */
async function walk(input: { q?: string; limit?: number }, maxPages = 50) {
  const pages: Page[] = [];
  let cursor: string | null = null;
  for (let i = 0; i < maxPages; i++) {
    const page: Page = await trpc.seo.page.query({ ...input, cursor });
    pages.push(page);
    cursor = page.nextCursor;
    if (!cursor) break;
  }
  expect(cursor).toBeNull();
  return { pages, items: pages.flatMap((p) => p.items) };
}

describe('seo.page', () => {
  it('opens with the newest 25 events, each with exactly id, title, date, status and seo', async () => {
    const first = await trpc.seo.page.query({});
    expect(first.items).toHaveLength(25);
    expect(first.nextCursor).not.toBeNull();
    const newest = (await trpc.events.page.query({ limit: 25 })).items;
    expect(first.items.map((e) => e.id)).toEqual(newest.map((e) => e.id));
    const withSeo = first.items.find((e) => e.title === `Paper Parade ${eventCount - 1 - ((eventCount - 1) % 3)}`)!;
    expect(withSeo).toEqual({
      id: expect.any(String),
      title: withSeo.title,
      date: '2032-05-01T00:00:00.000Z',
      status: 'draft',
      seo: {
        title: withSeo.title.replace('Paper Parade', 'Seo'),
        description: withSeo.title.replace('Paper Parade', 'About'),
        keywords: 'one, two, three',
      },
    });
    expect(first.items.find((e) => e.title === `Paper Parade ${eventCount - 2}`)!.seo).toBeNull();
  });

  it('walks every event once, with the same SEO fields as GET /api/events-with-details', async () => {
    const { pages, items } = await walk({ limit: 10 });
    expect(pages).toHaveLength(Math.ceil(eventCount / 10));
    expect(pages.every((p) => p.items.length <= 10)).toBe(true);
    // The whole list also says when each was archived (none is; the SEO page lists no archived event).
    const details = ok<(Row & { archivedAt?: string | null })[]>(await client.get('/api/events-with-details')).map(
      ({ archivedAt, ...row }) => (expect(archivedAt).toBeNull(), row),
    );
    expect([...items].sort((a, b) => a.id.localeCompare(b.id))).toEqual([...details].sort((a, b) => a.id.localeCompare(b.id)));
  });

  it('searches the title only, case-insensitively, over the whole list', async () => {
    const { items } = await walk({ q: '  LANTERN ', limit: 4 });
    const expected = Array.from({ length: eventCount }, (_, i) => i).filter((i) => i % 5 === 0);
    expect(items.map((e) => e.title).sort()).toEqual(expected.map((i) => `Lantern Parade ${i}`).sort());
    // Every venue says "Harbor", but the SEO page searches by title.
    expect((await walk({ q: 'harbor' })).items).toEqual([]);
    const sixes = ['Lantern Parade 60', 'Paper Parade 6', 'Paper Parade 61', 'Paper Parade 62', 'Paper Parade 63'];
    expect((await walk({ q: 'parade 6' })).items.map((e) => e.title).sort()).toEqual(sixes);
  });

  it('shows an SEO save and a new event on the next read', async () => {
    const event = await createEvent(client, { title: 'Freshly Listed Lantern' });
    expect((await trpc.seo.page.query({ q: 'freshly listed' })).items).toEqual([
      { id: event.id, title: 'Freshly Listed Lantern', date: event.date, status: event.status, seo: null },
    ]);
    await trpc.seo.save.mutate({ eventId: event.id, title: 'Fresh', description: 'New', keywords: 'a' });
    const saved = (await trpc.seo.page.query({ q: 'freshly listed' })).items[0]!;
    expect(saved.seo).toEqual({ title: 'Fresh', description: 'New', keywords: 'a' });
  });

  it('refuses a page size over 100, a forged cursor and an overlong search, with a clear message', async () => {
    const failure = (call: Promise<unknown>) =>
      call.then(
        () => null,
        (e) => ({ status: e.data?.httpStatus, message: e.message }),
      );
    expect(await failure(trpc.seo.page.query({ limit: 101 }))).toMatchObject({ status: 400 });
    expect(await failure(trpc.seo.page.query({ cursor: Buffer.from('{"pk":"X"}').toString('base64url') }))).toEqual({
      status: 400,
      message: 'The page cursor is not valid',
    });
    expect(await failure(trpc.seo.page.query({ q: 'x'.repeat(201) }))).toEqual({
      status: 400,
      message: 'Search terms are at most 200 characters',
    });
  });
});
