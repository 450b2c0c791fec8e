// /login arrives already drawn (login.html, prerendered at build time from the same components):
// the sign-in card is in the HTML before any script runs, it shows without JavaScript, and the
// app then hydrates it, taking over the same elements without a mismatch, and signs in as before.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { adminPassword, baseUrl, newPage, waitMs, browserForFile } from '../setup/browser.ts';

const browser = await browserForFile();

describe('the prerendered sign-in screen', () => {
  it('is in the HTML served for /login, with its styles and the theme script inline; other paths keep the empty shell', async () => {
    for (const path of ['/login', '/login?redirect=%2Fevents']) {
      const response = await fetch(baseUrl() + path);
      const html = await response.text();
      const root = /<div id="root">([\s\S]*)<\/div>\s*<\/body>/.exec(html)?.[1] ?? '';
      expect(root, path).toMatch(/<h2[^>]*>Sign In<\/h2>/);
      expect(root, path).toMatch(/<input[^>]*autoComplete="username"[^>]*name="username"/);
      expect(root, path).toMatch(/<input[^>]*type="password"[^>]*name="password"/);
      expect(root, path).toMatch(/<button type="submit"[^>]*>Sign In<\/button>/);
      // The card's styles and the theme script come inline; the app's script is started after the first paint.
      expect(html, path).toMatch(/<style>(?:(?!<\/style>)[\s\S])*\.card\{/);
      expect(html, path).toMatch(
        /<script src="\/after-first-paint\.js" defer data-entry="\/assets\/[^"]+\.js"[^>]*data-stylesheet="\/assets\/[^"]+\.css"/,
      );
      expect(html, path).not.toContain('/theme.js');
      // The CSP allows that one inline script by its hash, and no other.
      const inline = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
      expect(inline, path).toHaveLength(1);
      expect(inline[0], path).toContain("setAttribute('data-theme'");
      const hash = createHash('sha256').update(inline[0]!).digest('base64');
      expect(response.headers.get('content-security-policy'), path).toContain(`script-src 'self' 'sha256-${hash}' 'wasm-unsafe-eval';`);
    }
    expect(await (await fetch(baseUrl() + '/dashboard')).text()).toContain('<div id="root"></div>');
  });

  it('shows the card with JavaScript disabled', async () => {
    const context = await browser.newContext({ baseURL: baseUrl(), javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await page.goto('/login');
      for (const control of [
        page.getByRole('heading', { name: 'Sign In' }),
        page.getByLabel('Username'),
        page.getByLabel('Password', { exact: true }),
        page.getByRole('button', { name: 'Sign In' }),
      ])
        expect(await control.isVisible()).toBe(true);
      // Styled by the page's own styles, not the browser's defaults.
      const card = await page.locator('.card').evaluate((el) => getComputedStyle(el).boxShadow);
      expect(card).not.toBe('none');
    } finally {
      await context.close();
    }
  });

  it('hydrates the same elements without errors, then signs in', async () => {
    const { context, page, consoleErrors } = await newPage(browser);
    try {
      // Runs in the page before its scripts: remembers the prerendered heading and notes any
      // element React removes from #root (a mismatch makes it draw the screen afresh).
      await page.addInitScript(() => {
        const w = window as unknown as { removed: string[]; heading: Element | null };
        w.removed = [];
        document.addEventListener('DOMContentLoaded', () => {
          w.heading = document.querySelector('#root h2');
          new MutationObserver((records) => {
            for (const r of records)
              for (const n of r.removedNodes) if (n.nodeType === 1) w.removed.push((n as Element).outerHTML.slice(0, 80));
          }).observe(document.getElementById('root')!, { childList: true, subtree: true });
        });
      });
      await page.goto('/login');
      const username = page.getByLabel('Username');
      // The fields become editable once React has taken the screen over.
      await expect.poll(() => username.isEditable(), { timeout: waitMs }).toBe(true);
      const after = await page.evaluate(() => {
        const w = window as unknown as { removed: string[]; heading: Element | null };
        return { removed: w.removed, sameHeading: w.heading !== null && w.heading === document.querySelector('#root h2') };
      });
      expect(after).toEqual({ removed: [], sameHeading: true });

      // The app's stylesheet is not applied to the sign-in screen; the next screen applies it before it is drawn.
      const stylesheets = () => page.evaluate(() => [...document.styleSheets].filter((sheet) => sheet.href !== null).length);
      expect(await stylesheets()).toBe(0);
      await username.fill('admin');
      await page.getByLabel('Password', { exact: true }).fill(adminPassword());
      await page.getByRole('button', { name: 'Sign In' }).click();
      await page.waitForURL('**/dashboard', { timeout: waitMs });
      await page.getByRole('heading', { name: 'Dashboard' }).waitFor({ timeout: waitMs });
      expect(await stylesheets()).toBe(1);
      // The shell is drawn by that stylesheet: the sidebar's width (w-64) is none of the sign-in screen's styles.
      expect(await page.locator('#app-sidebar').evaluate((el) => getComputedStyle(el).width)).toBe('256px');
      expect(consoleErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
