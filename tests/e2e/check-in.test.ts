// The door's screen at 375 px (issue 31 items 4 and 5): a code typed and entered is admitted, the
// same code again refused with the server's words; then the browser goes offline, scans go on
// against the list fetched beforehand, a reload keeps the queue (the app's files come from the
// service worker), and back online the queue is sent in order, a ticket checked in at another
// door meanwhile shown as a conflict. axe in light and dark on the way.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axeProblems } from '../setup/axe.ts';
import { browserForFile, hidden, postCreated as post, signedInPage, visible, waitMs } from '../setup/browser.ts';
import { databaseNames, sold, storedText } from './check-in.helpers.ts';

const browser = await browserForFile();

/** Whether every built file this page loaded, and index.html, is in the service worker's cache. */
const appKept = (page: Page) =>
  page.evaluate(async () => {
    if (!navigator.serviceWorker.controller) return false;
    const cache = await caches.open('app-files-v1');
    const assets = performance
      .getEntriesByType('resource')
      .map((entry) => entry.name)
      .filter((name) => new URL(name).pathname.startsWith('/assets/'));
    const kept = await Promise.all([...assets, '/index.html'].map((name) => cache.match(name)));
    return kept.every(Boolean);
  });

describe('the check-in screen', () => {
  it(
    'admits, refuses, keeps scanning offline through a reload, then sends the queue and shows the conflict',
    { timeout: 120_000 },
    async () => {
      const { page, context } = await signedInPage(browser, { viewport: { width: 375, height: 800 } });
      const { event, codes } = await sold(page);
      const [ada, grace, alan] = codes as [string, string, string];

      await page.goto(`/events/${event.id}`);
      await page.getByRole('link', { name: 'Check-in' }).click();
      await page.waitForURL(`**/events/${event.id}/check-in`);
      const field = page.getByLabel('Ticket code');
      await expect.poll(() => field.evaluate((input) => input === document.activeElement)).toBe(true);
      const result = page.getByTestId('scan-result');
      const scan = async (code: string) => {
        await field.fill(code);
        await field.press('Enter');
      };

      // Typed in lower case with spaces, as a person might: the server normalises it.
      await scan(ada.toLowerCase().replace(/(.{4})/g, '$1 '));
      await visible(result.getByText('Ada Lovelace'));
      await visible(result.getByText('Stalls'));
      await visible(page.getByRole('heading', { name: '1 of 3 checked in' }));
      await scan(ada);
      await visible(result.getByText(/^Already checked in at \d\d:\d\d by admin$/));

      // Light and dark, the answer red on screen.
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        await page.waitForFunction((wanted) => document.documentElement.dataset.theme === wanted, scheme);
        expect(await axeProblems(page, `check-in, ${scheme}`)).toEqual([]);
      }

      // Ready for the network to go: the list is on the device and the app's files are kept.
      await expect.poll(() => appKept(page), { timeout: waitMs }).toBe(true);
      await page.waitForLoadState('networkidle');

      await context.setOffline(true);
      await visible(page.getByTestId('offline-notice'));
      // Another door checks Alan in meanwhile (the API is reached from outside the offline page).
      await post(page, '/api/check-ins', { code: alan, eventId: event.id });
      await scan(grace);
      await visible(result.getByText('Admitted (offline)'));
      await visible(result.getByText('Grace Hopper'));
      await scan(grace);
      await visible(result.getByText(/^Already checked in at \d\d:\d\d by admin$/));
      await scan(alan);
      await visible(result.getByText('Alan Turing'));
      await visible(page.getByText('2 scans are waiting to be sent.'));

      await page.reload();
      await visible(page.getByTestId('offline-notice'));
      await visible(page.getByText('2 scans are waiting to be sent.'));
      await visible(page.getByRole('heading', { name: '3 of 3 checked in' }));
      // Item 5: the browser keeps hashes and ids, never a readable code, as typed or normalized.
      const kept = await storedText(page);
      expect(kept).toContain('"queue":[{');
      for (const code of codes)
        for (const form of [code, code.toLowerCase(), code.replace(/(.{4})(?!$)/g, '$1-')]) expect(kept).not.toContain(form);

      await context.setOffline(false);
      const conflicts = page.getByTestId('sync-conflicts');
      await visible(conflicts, 30_000);
      await visible(conflicts.getByText('Alan Turing · Stalls'));
      await visible(conflicts.getByText(/^Scanned here at \d\d:\d\d\. Already checked in at \d\d:\d\d by admin$/));
      await expect.poll(() => page.getByText(/waiting to be sent/).count(), { timeout: waitMs }).toBe(0);

      const stats = await (await page.request.get(`/api/events/${event.id}/check-in-stats`)).json();
      expect(stats).toMatchObject({ tickets: 3, checkedIn: 3 });
      expect(await axeProblems(page, 'check-in with a conflict')).toEqual([]);
    },
  );

  it('logs out: first says how many scans are not sent, then deletes what the door kept', { timeout: 90_000 }, async () => {
    const { page, context } = await signedInPage(browser, { viewport: { width: 375, height: 800 } });
    const { event, codes } = await sold(page);
    await page.goto(`/events/${event.id}/check-in`);
    await expect.poll(() => storedText(page), { timeout: waitMs }).toContain('Ada Lovelace');
    // Opened by its address, the screen is ready for a scanner's keystrokes: the code field has the focus.
    await expect
      .poll(() => page.getByLabel('Ticket code').evaluate((field) => field === document.activeElement), { timeout: waitMs })
      .toBe(true);
    await context.setOffline(true);
    await visible(page.getByTestId('offline-notice'));
    await page.getByLabel('Ticket code').fill(codes[0]!);
    await page.getByLabel('Ticket code').press('Enter');
    await visible(page.getByTestId('scan-result').getByText('Admitted (offline)'));

    const logout = async () => {
      await page.getByRole('button', { name: /Account menu$/ }).click();
      await page.getByRole('menuitem', { name: 'Logout' }).click();
    };
    await logout();
    const dialog = page.getByRole('dialog', { name: 'Check-in scans not sent' });
    await visible(dialog.getByText(/^1 scan made offline on this device has not been sent yet\./));
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await hidden(dialog);
    expect(await storedText(page)).toContain('"queue":[{');

    // Sent once the connection is back; then Logout asks nothing and the names leave the browser.
    await context.setOffline(false);
    await expect.poll(() => page.getByText(/waiting to be sent/).count(), { timeout: 30_000 }).toBe(0);
    await logout();
    await page.waitForURL('**/login');
    await expect.poll(() => databaseNames(page), { timeout: waitMs }).not.toContain('event-admin');
  });
});
