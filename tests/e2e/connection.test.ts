// When the server cannot be reached, the app says so and keeps trying (with backoff) instead of
// spinning forever; once it answers, the screen fills in and the notice goes. The browser's
// calls to /trpc really fail here (refused connections), the server itself is left alone.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { hidden, signedInSession, visible } from '../setup/browser.ts';

const session = signedInSession();
let page: Page;
beforeAll(() => {
  ({ page } = session);
});

const banner = () => page.getByRole('alert').filter({ hasText: 'Cannot reach the server right now.' });
const refuseApi = () => page.route('**/trpc/**', (route) => route.abort('connectionrefused'));
const allowApi = () => page.unroute('**/trpc/**');
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('a server that cannot be reached', () => {
  it('shows the notice while reads fail, retries by itself, and fills the screen in once it answers', async () => {
    await refuseApi();
    try {
      await page.goto('/transactions');
      await visible(banner());
      await expect(banner().textContent()).resolves.toMatch(/Trying again( in \d+ s)?/);
      await pause(1500);
      await visible(banner()); // still trying, still saying so
    } finally {
      await allowApi();
    }
    // No click: the next automatic try (2 s, then 4 s apart at this point) gets through.
    await visible(page.getByRole('heading', { name: 'Transaction History' }), 15_000);
    await hidden(banner());
  }, 60_000);

  it('"Retry now" tries at once instead of waiting for the next turn', async () => {
    await page.goto('/dashboard');
    await visible(page.getByRole('heading', { name: 'Dashboard' }).first());
    await refuseApi();
    try {
      await page.getByRole('link', { name: 'Customers' }).first().click();
      await visible(banner());
      // After a few failures the next automatic try is 4 s or more away.
      await pause(4000);
    } finally {
      await allowApi();
    }
    const seconds = Number(/in (\d+) s/.exec((await banner().textContent()) ?? '')?.[1] ?? 0);
    await banner().getByRole('button', { name: 'Retry now' }).click();
    await hidden(banner(), 3000);
    expect(seconds).toBeGreaterThanOrEqual(3);
    await visible(page.getByRole('heading', { name: 'Customers' }).first());
  }, 60_000);
});
