// The sidebar is a drawer on a phone: closed, it is out of the keyboard path and the
// accessibility tree; opened, it holds focus until Escape gives it back. On a wide screen it stays.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { browserForFile, signedInPage, visible } from '../setup/browser.ts';

const desktop = { width: 1280, height: 900 };
const phone = { width: 375, height: 800 };
// One signed-in page for the file, each test opening /events afresh.
const { page } = await signedInPage(await browserForFile(), { viewport: phone });

describe('the sidebar drawer on a 375 px screen, by keyboard', () => {
  /** Where focus is: the sidebar, a toast, nowhere (body), or the page (with the element's name). */
  const focusPlace = (page: Page) =>
    page.evaluate(() => {
      const el = document.activeElement;
      if (!el || el === document.body) return 'body';
      if (el.closest('#app-sidebar')) return 'sidebar';
      if (el.closest('[role="region"][aria-label="Notifications"]')) return 'toast';
      return `page: ${el.getAttribute('aria-label') ?? el.textContent?.trim()}`;
    });

  /** Whether Chromium's accessibility tree exposes the main navigation (inert content is ignored). */
  async function navigationExposed(page: Page) {
    const cdp = await page.context().newCDPSession(page);
    const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as {
      nodes: { ignored: boolean; role?: { value: string }; name?: { value: string } }[];
    };
    await cdp.detach();
    return nodes.some((n) => !n.ignored && n.role?.value === 'navigation' && n.name?.value === 'Main');
  }

  it('is out of the keyboard path and the accessibility tree while closed', async () => {
    await page.goto('/events');
    await visible(page.getByTestId('event-row').first());
    expect(await page.locator('#app-sidebar').evaluate((el) => (el as HTMLElement).inert)).toBe(true);
    expect(await navigationExposed(page)).toBe(false);
    await page.locator('body').focus();
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab');
      expect(await focusPlace(page)).not.toBe('sidebar');
    }
  });

  it('takes focus when opened, keeps it, and gives it back on Escape', async () => {
    await page.goto('/events');
    const opener = page.getByRole('button', { name: 'Open sidebar' });
    await opener.focus();
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.activeElement?.getAttribute('aria-label') === 'Close sidebar');
    expect(await focusPlace(page)).toBe('sidebar');
    expect(await opener.getAttribute('aria-expanded')).toBe('true');
    expect(await navigationExposed(page)).toBe(true);
    // The page behind is inert: Tab cycles through the sidebar (and the browser's own UI) only.
    for (let i = 0; i < 10; i++) {
      await page.keyboard.press('Tab');
      expect(['sidebar', 'toast', 'body']).toContain(await focusPlace(page));
    }
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => document.activeElement?.getAttribute('aria-label') === 'Open sidebar');
    expect(await page.locator('#app-sidebar').getAttribute('data-open')).toBe('false');
    expect(await opener.getAttribute('aria-expanded')).toBe('false');
  });

  it('is in reach on a wide screen, where it is always shown', async () => {
    await page.setViewportSize(desktop);
    await page.goto('/events');
    expect(await page.locator('#app-sidebar').evaluate((el) => (el as HTMLElement).inert)).toBe(false);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Events' }).focus();
    expect(await focusPlace(page)).toBe('sidebar');
  });
});
