import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { newPage, signInByApi, visible, waitMs, browserForFile } from '../setup/browser.ts';

const browser = await browserForFile();

const theme = (page: Page) => page.evaluate(() => document.documentElement.dataset.theme);
const storedChoice = (page: Page) => page.evaluate(() => window.localStorage.getItem('theme'));
const expectTheme = (page: Page, value: string) =>
  page.waitForFunction((v) => document.documentElement.dataset.theme === v, value, { timeout: waitMs });
/** The page's background as the browser paints it. */
const background = (page: Page) =>
  page.evaluate(() => getComputedStyle(document.querySelector('#root > div') ?? document.body).backgroundColor);

/** Picks a theme in the avatar menu; the menu stays open after a pick, to show the result. */
async function choose(page: Page, name: 'Light' | 'Dark' | 'System') {
  if (!(await page.getByRole('menu').isVisible())) await page.getByRole('button', { name: /account menu/i }).click();
  const item = page.getByRole('menuitemradio', { name, exact: true });
  await item.click();
  expect(await item.getAttribute('aria-checked')).toBe('true');
  expect(await page.getByRole('menuitemradio', { checked: true }).count()).toBe(1);
}

/**
 * WCAG contrast between the focused element's outline and the sidebar behind it. The browser
 * reports oklch(): a canvas turns each colour into sRGB bytes first.
 */
const focusRingContrast = (page: Page) =>
  page.evaluate(() => {
    const ctx = document.createElement('canvas').getContext('2d', { willReadFrequently: true })!;
    const luminance = (css: string) => {
      ctx.clearRect(0, 0, 1, 1);
      ctx.fillStyle = css;
      ctx.fillRect(0, 0, 1, 1);
      const [r, g, b] = [...ctx.getImageData(0, 0, 1, 1).data].slice(0, 3).map((v) => {
        const c = v / 255;
        return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      }) as [number, number, number];
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    const ring = luminance(getComputedStyle(document.activeElement!).outlineColor);
    const behind = luminance(getComputedStyle(document.getElementById('app-sidebar')!).backgroundColor);
    return (Math.max(ring, behind) + 0.05) / (Math.min(ring, behind) + 0.05);
  });

describe('dark mode', () => {
  it('follows the system setting by default, live', async () => {
    const { page, context, consoleErrors } = await newPage(browser);
    page.setDefaultTimeout(waitMs);
    await page.emulateMedia({ colorScheme: 'dark' });
    await signInByApi(page, '/events');
    expect(await theme(page)).toBe('dark');
    expect(await storedChoice(page)).toBeNull();
    await page.emulateMedia({ colorScheme: 'light' });
    await expectTheme(page, 'light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await expectTheme(page, 'dark');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('offers Light, Dark and System in the avatar menu and remembers the choice', async () => {
    const { page, context, consoleErrors } = await newPage(browser);
    page.setDefaultTimeout(waitMs);
    await page.emulateMedia({ colorScheme: 'light' });
    await signInByApi(page, '/dashboard');
    await visible(page.getByTestId('event-row').first());
    const lightBackground = await background(page);

    await choose(page, 'Dark');
    await expectTheme(page, 'dark');
    expect(await storedChoice(page)).toBe('dark');
    expect(await background(page)).not.toBe(lightBackground);
    // The chart's labels follow the theme (light grey on the dark panel).
    await visible(page.locator('.apexcharts-xaxis-label').first());
    expect(await page.locator('.apexcharts-xaxis-label').first().getAttribute('fill')).toBe('#d1d5db');

    // The keyboard focus ring stands out from the sidebar behind it (WCAG 1.4.11: 3:1).
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Events' }).focus();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    expect(await focusRingContrast(page)).toBeGreaterThanOrEqual(3);

    // Remembered across a reload, whatever the system says.
    await page.reload();
    await visible(page.getByTestId('event-row').first());
    expect(await theme(page)).toBe('dark');

    await choose(page, 'Light');
    await expectTheme(page, 'light');
    expect(await storedChoice(page)).toBe('light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.waitForTimeout(200);
    expect(await theme(page)).toBe('light');

    // System forgets the choice and follows the system again.
    await choose(page, 'System');
    await expectTheme(page, 'dark');
    expect(await storedChoice(page)).toBeNull();
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('paints the chosen theme before the app’s code runs (no flash of the wrong theme)', async () => {
    const { page, context, consoleErrors } = await newPage(browser);
    page.setDefaultTimeout(waitMs);
    await page.emulateMedia({ colorScheme: 'light' });
    // the choice an earlier visit stored, there before any of the page's scripts runs (an earlier
    // visit of its own left its app loading, which could cut the next navigation short)
    await page.addInitScript(() => window.localStorage.setItem('theme', 'dark'));
    // With every script file refused, only the page and its theme script (inline in login.html) remain.
    await page.route('**/*', (route) =>
      route.request().resourceType() === 'script' && !route.request().url().endsWith('/theme.js') ? route.abort() : route.continue(),
    );
    await page.goto('/login');
    expect(await theme(page)).toBe('dark');
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).colorScheme)).toBe('dark');
    // The refused scripts log their failures; nothing else (no CSP refusal of theme.js).
    expect(consoleErrors.filter((e) => !e.includes('net::ERR_FAILED'))).toEqual([]);
    await context.close();
  });
});
