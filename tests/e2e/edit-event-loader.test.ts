import { describe, expect, it } from 'vitest';
import type { Page, Request } from 'playwright-core';
import { signedInSession, uid, visible, postEvent } from '../setup/browser.ts';

const { page } = await signedInSession();

const reads = ['events.get', 'seo.get', 'cta.get', 'contentBlocks.get'];

interface Seen {
  procedures: string[];
  startedAt: number;
  finishedAt?: number;
}

/** Records the tRPC requests carrying the edit page's four reads, with when each began and ended. */
function recordReads(target: Page) {
  const seen = new Map<Request, Seen>();
  target.on('request', (request) => {
    const url = new URL(request.url());
    if (!url.pathname.startsWith('/trpc/')) return;
    const procedures = url.pathname
      .slice('/trpc/'.length)
      .split(',')
      .filter((p) => reads.includes(p));
    if (procedures.length) seen.set(request, { procedures, startedAt: performance.now() });
  });
  const finish = (request: Request) => {
    const entry = seen.get(request);
    if (entry) entry.finishedAt = performance.now();
  };
  target.on('requestfinished', finish);
  target.on('requestfailed', finish);
  return () => [...seen.values()];
}

const createEvent = () =>
  postEvent(page, { title: `Loader Test ${uid()}`, date: '2031-07-01T12:00:00.000Z', time: '20:00', venue: 'Load Hall', status: 'draft' });

describe('event edit page loading', () => {
  it('starts the event, SEO, CTA and content-block reads together, each once', async () => {
    const event = await createEvent();
    for (const open of ['a reload of the page', 'a link from the events list'] as const) {
      if (open === 'a link from the events list') {
        await page.goto(`/events?q=${encodeURIComponent(event.title)}`);
        await visible(page.getByRole('link', { name: `Edit ${event.title}` }));
      }
      const seen = recordReads(page);
      if (open === 'a reload of the page') await page.goto(`/events/${event.id}`);
      else await page.getByRole('link', { name: `Edit ${event.title}` }).click();
      await visible(page.getByRole('tabpanel').getByLabel('Title', { exact: true }));
      // The other tabs read from the cache the loader filled: no request of their own.
      await page.getByRole('tab', { name: 'Content Blocks' }).click();
      await visible(page.getByRole('tabpanel').getByText('No content blocks added yet'));

      const requests = seen();
      expect(requests.flatMap((r) => r.procedures).sort(), open).toEqual([...reads].sort());
      // Two requests at most (the event alone, the other three batched), and they overlap: each
      // began before any of them had ended, so none waited for another.
      expect(requests.length, open).toBeLessThanOrEqual(2);
      const firstEnd = Math.min(...requests.map((r) => r.finishedAt ?? Infinity));
      for (const request of requests) expect(request.startedAt, open).toBeLessThan(firstEnd);
    }
  });
});
