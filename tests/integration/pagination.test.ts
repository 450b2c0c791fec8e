import { beforeAll, describe, expect, it } from 'vitest';
import { queryPage } from '@event-admin/core/db/query';
import { signedInForFile } from '../setup/api.ts';
import { createEvent, inBatches, ok } from './helpers.ts';

// Lists longer than one DynamoDB page (1 MB): the API must follow LastEvaluatedKey to the end.
const { api, client } = await signedInForFile();
const eventCount = 230;
let made: any[] = [];

beforeAll(async () => {
  // ~5 KB per event (the longest description allowed), so 230 events are over 1 MB.
  made = await inBatches(Array.from({ length: eventCount }), 15, (_, i) =>
    createEvent(client, { description: `${i} ${'d'.repeat(4990)}`, date: `2030-01-01T00:00:${String(i % 60).padStart(2, '0')}.000Z` }),
  );
}, 120_000);

describe('lists longer than one DynamoDB page', () => {
  it('one raw index query really stops at the 1 MB page boundary', async () => {
    const page = await queryPage(api.db, {
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': 'EVENTS' },
      Limit: 1000,
    });
    expect(page.nextCursor).not.toBeNull();
    expect(page.items.length).toBeLessThan(eventCount);
  });

  it('GET /api/events returns every event', async () => {
    const list = ok<any[]>(await client.get('/api/events'));
    expect(list).toHaveLength(eventCount);
    expect(new Set(list.map((e) => e.id))).toEqual(new Set(made.map((e) => e.id)));
  });

  it('GET /api/events-with-details returns every event, with SEO joined past 100 keys', async () => {
    const withSeo = [made[0], made[150], made[229]];
    for (const e of withSeo) ok(await client.post(`/api/events/${e.id}/seo`, { title: `SEO ${e.id}`, keywords: 'k' }));
    const details = ok<any[]>(await client.get('/api/events-with-details'));
    expect(details).toHaveLength(eventCount);
    const seoIds = details
      .filter((d) => d.seo)
      .map((d) => d.id)
      .sort();
    expect(seoIds).toEqual(withSeo.map((e) => e.id).sort());
    for (const e of withSeo) expect(details.find((d) => d.id === e.id).seo.title).toBe(`SEO ${e.id}`);
  });

  it('the dashboard counts them all from one item', async () => {
    expect(ok(await client.get('/api/dashboard/stats')).totalEvents).toBe(eventCount);
  });

  it('tRPC events.page walks every event with its cursor', async () => {
    const trpc = client.trpc();
    const seen: string[] = [];
    let cursor: string | null = null;
    for (let pages = 0; pages < 20; pages++) {
      const page: { items: { id: string }[]; nextCursor: string | null } = await trpc.events.page.query({ limit: 100, cursor });
      seen.push(...page.items.map((e) => e.id));
      cursor = page.nextCursor;
      if (!cursor) break;
    }
    expect(cursor).toBeNull();
    expect(seen).toHaveLength(eventCount);
    expect(new Set(seen).size).toBe(eventCount);
  });
});
