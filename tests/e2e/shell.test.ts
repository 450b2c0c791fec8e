import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { signedInSession, waitMs } from '../setup/browser.ts';

// One signed-in page for the file: each test starts with a fresh visit (page.goto) of its screen,
// which costs Chromium a sixth of a new context's first screen.
const { page, consoleErrors } = await signedInSession();
const desktop = { width: 1280, height: 900 };

const phone = { width: 375, height: 800 };

/** Waits (bounded) until the shell's title reads `title`. */
async function expectTitle(page: Page, title: string) {
  await page.waitForFunction((t) => document.querySelector('[data-testid="shell-title"]')?.textContent === t, title, { timeout: 10_000 });
}

/** Whether the sidebar drawer is on screen (it slides out to the left when closed). */
async function sidebarOnScreen(page: Page) {
  const box = await page.locator('#app-sidebar').boundingBox();
  return !!box && box.x + box.width > 1;
}

/** The drawer animates for 200 ms: wait for it to settle in the expected place. */
async function expectSidebar(page: Page, open: boolean) {
  await page.waitForFunction(
    (o) => {
      const el = document.getElementById('app-sidebar');
      if (!el || el.dataset.open !== String(o)) return false;
      const r = el.getBoundingClientRect();
      return o ? r.left >= 0 : r.right <= 0;
    },
    open,
    { timeout: 5000 },
  );
}

describe('app shell', () => {
  it('titles each screen', async () => {
    const titles: [string, string][] = [
      ['/dashboard', 'Dashboard'],
      ['/events', 'Events'],
      ['/customers', 'Customers'],
      ['/transactions', 'Transactions'],
      ['/seo', 'SEO Management'],
      ['/settings', 'Settings'],
    ];
    for (const [path, title] of titles) {
      await page.goto(path);
      await expectTitle(page, title);
    }
  });

  it('has the sidebar links, and no SEO link', async () => {
    const errorsBefore = consoleErrors.length;
    await page.goto('/dashboard');
    await expectTitle(page, 'Dashboard');
    const nav = page.getByRole('navigation', { name: 'Main' });
    const links = nav.getByRole('link');
    await expect(links.allInnerTexts().then((t) => t.map((s) => s.trim()))).resolves.toEqual([
      'Dashboard',
      'Events',
      'Customers',
      'Transactions',
      'Settings',
    ]);
    await expect.poll(() => nav.getByRole('link', { name: /seo/i }).count(), { timeout: waitMs }).toBe(0);
    await expect(nav.getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current')).resolves.toBe('page');
    // The links go where they say.
    for (const [name, path, title] of [
      ['Transactions', '/transactions', 'Transactions'],
      ['Settings', '/settings', 'Settings'],
      ['Dashboard', '/dashboard', 'Dashboard'],
    ] as const) {
      await nav.getByRole('link', { name }).click();
      await page.waitForURL((url) => url.pathname === path, { timeout: 10_000 });
      await expectTitle(page, title);
    }
    // The footer shows the profile's name and the role.
    const footer = page.getByTestId('sidebar-user');
    await expect.poll(() => footer.innerText(), { timeout: waitMs }).toContain('Administrator');
    expect(consoleErrors.slice(errorsBefore)).toEqual([]);
  });

  it('shows the avatar initials and the account menu', async () => {
    await page.goto('/events');
    const avatar = page.getByRole('button', { name: 'Account menu' });
    await expect.poll(() => avatar.innerText(), { timeout: waitMs }).toBe('AD');
    await avatar.click();
    const menu = page.getByRole('menu');
    await menu.waitFor({ state: 'visible', timeout: 5000 });
    const text = await menu.innerText();
    expect(text).toContain('admin');
    expect(text).toContain('Administrator');
    await expect(page.getByRole('menuitem', { name: 'Logout' }).isVisible()).resolves.toBe(true);
    await page.getByRole('menuitem', { name: 'Profile' }).click();
    await page.waitForURL(/\/settings$/, { timeout: 10_000 });
    await expectTitle(page, 'Settings');
  });

  it('labels its icon buttons', async () => {
    await page.goto('/dashboard');
    await page.getByTestId('event-row').first().waitFor({ timeout: 10_000 });
    for (const name of ['Notifications', 'Help', 'AD Account menu']) {
      await expect(page.getByRole('banner').getByRole('button', { name, exact: true }).count(), name).resolves.toBe(1);
    }
    // Every button on the dashboard has an accessible name.
    const unnamed = await page.evaluate(() =>
      [...document.querySelectorAll('button')]
        .filter((b) => !(b.getAttribute('aria-label') || b.textContent?.trim()))
        .map((b) => b.outerHTML),
    );
    expect(unnamed).toEqual([]);
  });

  it('shows a visible keyboard focus ring', async () => {
    await page.goto('/events');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Events' }).focus();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    const outline = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement;
      const style = getComputedStyle(el);
      return { text: el.textContent?.trim(), style: style.outlineStyle, width: style.outlineWidth };
    });
    expect(outline.text).toBe('Events');
    expect(outline.style).not.toBe('none');
    expect(outline.width).not.toBe('0px');
  });
});

describe('sidebar on a 375 px screen', () => {
  beforeAll(() => page.setViewportSize(phone));

  it('is hidden at first, opens with the menu button, and closes on a link', async () => {
    await page.goto('/events');
    await expectSidebar(page, false);
    await expect(sidebarOnScreen(page)).resolves.toBe(false);
    await page.getByRole('button', { name: 'Open sidebar' }).click();
    await expectSidebar(page, true);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Customers' }).click();
    await page.waitForURL(/\/customers$/, { timeout: 10_000 });
    await expectSidebar(page, false);
    await expectTitle(page, 'Customers');
  });

  it('closes on the overlay', async () => {
    await page.goto('/events');
    await page.getByRole('button', { name: 'Open sidebar' }).click();
    await expectSidebar(page, true);
    const overlay = page.getByTestId('sidebar-overlay');
    await expect(overlay.isVisible()).resolves.toBe(true);
    // Tap the part of the overlay the sidebar (256 px wide) does not cover.
    await overlay.click({ position: { x: 340, y: 400 } });
    await expectSidebar(page, false);
    await expect.poll(() => overlay.count(), { timeout: waitMs }).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/events');
  });

  it('stays in place on wide screens, with no menu button', async () => {
    await page.setViewportSize(desktop);
    await page.goto('/events');
    await expectTitle(page, 'Events');
    await expect(sidebarOnScreen(page)).resolves.toBe(true);
    await expect(page.getByRole('button', { name: 'Open sidebar' }).isVisible()).resolves.toBe(false);
  });
});
