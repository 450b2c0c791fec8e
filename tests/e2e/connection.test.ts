// When the server cannot be reached, the app says so and keeps trying (with backoff) instead of
// spinning forever; once it answers, the screen fills in and the notice goes. The browser's
// calls to /trpc really fail here (refused connections), the server itself is left alone.
import { describe, expect, it } from 'vitest';
import { hidden, signedInSession, visible, waitMs } from '../setup/browser.ts';

const { page } = await signedInSession();

const banner = () => page.getByRole('alert').filter({ hasText: 'Cannot reach the server right now.' });
/** The server as a stopped one looks to the browser: every call to it refused (the page itself is loaded). */
const serverCalls = (url: URL) => url.pathname.startsWith('/trpc/') || url.pathname.startsWith('/api/');
const refuseServer = () => page.route(serverCalls, (route) => route.abort('connectionrefused'));
const allowServer = () => page.unroute(serverCalls);
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('a server that cannot be reached', () => {
  it('says so while reads fail, keeps trying, and fills the screen in once the server answers again', async () => {
    await refuseServer();
    try {
      await page.goto('/transactions');
      await visible(banner());
      await expect.poll(() => banner().textContent(), { timeout: waitMs }).toMatch(/Trying again( in \d+ s)?/);
      // Past the read's own two retries (1 s, 2 s) the screen shows its failure; the banner stays.
      await visible(page.getByText('This list could not be loaded.'), 15_000);
      await pause(1000);
      await visible(banner());
    } finally {
      await allowServer();
    }
    // No click: the app's next health check finds the server and reloads what failed.
    await visible(page.getByRole('cell', { name: /^\$\d/ }).first(), 25_000);
    await hidden(banner());
  }, 60_000);

  it('"Retry now" asks at once and loads what failed', async () => {
    await page.goto('/dashboard');
    await visible(page.getByRole('heading', { name: 'Dashboard' }).first());
    await refuseServer();
    try {
      await page.getByRole('link', { name: 'Customers' }).first().click();
      await visible(banner());
      await pause(4000);
    } finally {
      await allowServer();
    }
    await banner().getByRole('button', { name: 'Retry now' }).click();
    await hidden(banner(), 5000);
    await visible(page.getByRole('cell', { name: /@/ }).first());
  }, 60_000);
});
