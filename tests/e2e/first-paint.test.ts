// The first frame a signed-in screen paints is already styled and in the chosen theme: after the
// sign-in form (login.html leaves the app's stylesheet for later, lib/app-styles.ts applies it
// before the next screen is drawn) and in a new tab of the same browser (index.html). A frame is
// read in a requestAnimationFrame callback, which runs just before the browser draws it; the
// paint timing entry says which frame was the first contentful paint. No page reports a CSP
// violation (zod's probe for `new Function`, an inline script without its hash).
import { afterAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { browserForFile, newPage, signIn, waitMs } from '../setup/browser.ts';

interface Frame {
  at: number;
  /** the sidebar's width, if the signed-in shell is in this frame */
  sidebar: string | null;
  theme: string | undefined;
  background: string | null;
}

/** Runs in every page of the context before its own scripts. */
function recordFrames() {
  const w = window as unknown as { frames_: Frame[]; csp: string[] };
  w.frames_ = [];
  w.csp = [];
  document.addEventListener('securitypolicyviolation', (e) => w.csp.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}`));
  const frame = () => {
    const sidebar = document.getElementById('app-sidebar');
    const shell = document.querySelector('#root > div');
    if (sidebar || w.frames_.length > 0)
      w.frames_.push({
        at: performance.now(),
        sidebar: sidebar && getComputedStyle(sidebar).width,
        theme: document.documentElement.dataset.theme,
        background: shell && getComputedStyle(shell).backgroundColor,
      });
    // The frames until the screen has settled (a few seconds at 60 frames a second).
    if (w.frames_.length < 300) requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}

const recorded = (page: Page) =>
  page.evaluate(() => {
    const w = window as unknown as { frames_: Frame[]; csp: string[] };
    const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null;
    return { frames: w.frames_, csp: w.csp, fcp };
  });

const browser = await browserForFile();
let context: BrowserContext;
afterAll(async () => {
  await context?.close();
});

describe('the first paint of a signed-in screen', () => {
  it('is styled after the sign-in form, and in a new tab, in the light theme and the dark', async () => {
    const session = await newPage(browser);
    context = session.context;
    await context.addInitScript(recordFrames);
    await session.page.emulateMedia({ colorScheme: 'light' });
    await signIn(session.page);
    await session.page.getByRole('heading', { name: 'Dashboard' }).waitFor({ timeout: waitMs });
    const afterForm = await recorded(session.page);
    // The shell is drawn by the app's stylesheet (w-64), which is none of the sign-in screen's styles.
    expect(afterForm.frames.length).toBeGreaterThan(0);
    expect(afterForm.frames.filter((f) => f.sidebar !== '256px')).toEqual([]);
    expect(afterForm.csp).toEqual([]);

    for (const [theme, path] of [
      ['light', '/transactions'],
      ['dark', '/events'],
    ] as const) {
      await session.page.evaluate((t) => localStorage.setItem('theme', t), theme);
      const page = await context.newPage();
      await page.goto(path);
      await page.locator('main table tbody tr:not([data-testid="skeleton-row"])').first().waitFor({ timeout: waitMs });
      const { frames, csp, fcp } = await recorded(page);
      const settled = await page.evaluate(() => getComputedStyle(document.querySelector('#root > div')!).backgroundColor);
      expect(fcp, path).not.toBeNull();
      // The screen's first frame is its first contentful paint: nothing was drawn before the shell.
      expect(frames[0]!.at, path).toBeLessThanOrEqual(fcp!);
      // Every frame from the first is styled and in the chosen theme, with the page's final background.
      expect(
        frames.filter((f) => f.sidebar !== '256px' || f.theme !== theme || f.background !== settled),
        `${path} in ${theme}`,
      ).toEqual([]);
      expect(csp, path).toEqual([]);
      await page.close();
    }
    expect(session.consoleErrors).toEqual([]);
  });
});
