// The history feed keeps a partition per month: its newest page must cost the same after five
// years of history (with empty months between) as after one. Requests are counted on the
// DynamoDB client itself, so no timing is involved.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { auditPut, pageFeedItems } from '@event-admin/core/audit/audit.repo';
import { keys } from '@event-admin/core/db/keys';
import { transact } from '@event-admin/core/db/write';
import { freshTable } from '../setup/api.ts';

const { db } = await freshTable();
let requests = 0;
db.doc.middlewareStack.add(
  (next) => async (args) => {
    requests += 1;
    return next(args);
  },
  { step: 'initialize', name: 'countRequests' },
);

const now = new Date();
/** A time in the month `back` months before now's. */
const monthsAgo = (back: number, minute = 0) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1, 0, minute));
const partitionsPerMonth = keys.auditFeedPartitions('2030-01').length;

async function record(at: Date, summary: string) {
  await transact(db, [auditPut({ actor: { name: 'admin' }, action: 'update', entity: 'event', entityId: randomUUID(), summary }, at)]);
}

async function counted<T>(read: () => Promise<T>) {
  requests = 0;
  const result = await read();
  return { result, requests };
}

const summaries = (items: Record<string, unknown>[]) => items.map((item) => item.summary);

describe('the history feed over five years', () => {
  it('reads the newest page with as many requests after five years as after one month, and walks no empty month', async () => {
    for (const minute of [1, 2, 3]) await record(monthsAgo(0, minute), `this month ${minute}`);
    const oneMonth = await counted(() => pageFeedItems(db, { limit: 2 }, now));
    expect(summaries(oneMonth.result.items)).toEqual(['this month 3', 'this month 2']);

    // A record every fifth month, back five years: four empty months between each.
    for (let back = 5; back <= 60; back += 5) await record(monthsAgo(back), `${back} months ago`);
    const fiveYears = await counted(() => pageFeedItems(db, { limit: 2 }, now));
    expect(fiveYears.result.items).toEqual(oneMonth.result.items);
    expect(fiveYears.requests).toBe(oneMonth.requests);

    // Across the gaps: the months with records only (this one, 5, 10, 15 back) and one read of the marks.
    const acrossGaps = await counted(() => pageFeedItems(db, { limit: 6 }, now));
    expect(summaries(acrossGaps.result.items)).toEqual([
      'this month 3',
      'this month 2',
      'this month 1',
      '5 months ago',
      '10 months ago',
      '15 months ago',
    ]);
    expect(acrossGaps.requests).toBeLessThanOrEqual(1 + 4 * partitionsPerMonth);
  });

  it('pages through all five years to the end, newest first', async () => {
    const seen: unknown[] = [];
    let cursor: string | null = null;
    do {
      const page: Awaited<ReturnType<typeof pageFeedItems>> = await pageFeedItems(db, { limit: 5, cursor }, now);
      seen.push(...summaries(page.items));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual([
      'this month 3',
      'this month 2',
      'this month 1',
      ...Array.from({ length: 12 }, (_, i) => `${(i + 1) * 5} months ago`),
    ]);
  });

  it('a filter that matches nothing for years reads at most a year of months per page', async () => {
    const { result, requests: spent } = await counted(() => pageFeedItems(db, { limit: 5, notable: true }, now));
    expect(result.items).toEqual([]);
    expect(result.nextCursor).not.toBeNull();
    expect(spent).toBeLessThanOrEqual(2 + 12 * partitionsPerMonth);
  });
});
