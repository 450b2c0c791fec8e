// The first frame a signed-in screen paints is already styled and in the chosen theme: after the
// sign-in form (login.html leaves the app's stylesheet for later, lib/app-styles.ts applies it
// before the next screen is drawn) and in a new tab of the same browser (index.html). A new tab
// paints its screen once, with its data, or shows its placeholders after a second if the data are
// slower (lib/first-paint.ts). A frame is
// read in a requestAnimationFrame callback, which runs just before the browser draws it; the
// paint timing entry says which frame was the first contentful paint. No page reports a CSP
// violation (zod's probe for `new Function`, an inline script without its hash).
import { afterAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { browserForFile, newPage, signIn, waitMs } from '../setup/browser.ts';

interface Frame {
  /** the frame's time (requestAnimationFrame's), which is before its paint and its presentation */
  at: number;
  /** the sidebar's width, if the signed-in shell is in this frame */
  sidebar: string | null;
  theme: string | undefined;
  background: string | null;
  /** whether the app's root is shown, and how many loading placeholders it holds */
  shown: boolean;
  placeholders: number;
}

/**
 * Runs in every page of the context before its own scripts. Its callback is the first of each
 * frame's, so a frame records the page as the frame before it left it.
 */
function recordFrames() {
  const w = window as unknown as { frames_: Frame[]; csp: string[] };
  w.frames_ = [];
  w.csp = [];
  document.addEventListener('securitypolicyviolation', (e) => w.csp.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}`));
  const frame = (at: number) => {
    const sidebar = document.getElementById('app-sidebar');
    const shell = document.querySelector('#root > div');
    const root = document.getElementById('root');
    if (sidebar || w.frames_.length > 0)
      w.frames_.push({
        at,
        sidebar: sidebar && getComputedStyle(sidebar).width,
        theme: document.documentElement.dataset.theme,
        background: shell && getComputedStyle(shell).backgroundColor,
        shown: root !== null && getComputedStyle(root).opacity !== '0',
        placeholders: root?.querySelectorAll('.skeleton').length ?? 0,
      });
    // The frames until the screen has settled: a few seconds at 60 frames a second, and on
    // while placeholders are shown (a busy machine's slow data), up to 20 seconds.
    const waiting = (w.frames_.at(-1)?.placeholders ?? 0) > 0;
    if (w.frames_.length < 300 || (waiting && w.frames_.length < 1200)) requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}

const recorded = (page: Page) =>
  page.evaluate(() => {
    const w = window as unknown as { frames_: Frame[]; csp: string[] };
    const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null;
    const hold = performance.getEntriesByName('first-paint:hold')[0];
    const show = performance.getEntriesByName('first-paint:show')[0] as PerformanceMark | undefined;
    const firstPaint = hold && show && { settled: (show.detail as { settled: boolean }).settled, waited: show.startTime - hold.startTime };
    return { frames: w.frames_, csp: w.csp, fcp, firstPaint };
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
      // The paint timing entry comes once the frame is presented, a moment after it is drawn.
      await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0, null, { timeout: waitMs });
      const { frames, csp, fcp, firstPaint } = await recorded(page);
      const settled = await page.evaluate(() => getComputedStyle(document.querySelector('#root > div')!).backgroundColor);
      expect(fcp, path).not.toBeNull();
      // The screen's first frame is its first contentful paint: nothing was drawn before the shell.
      expect(frames[0]!.at, path).toBeLessThanOrEqual(fcp!);
      // The first frame shown is the first contentful paint, and holds the data, not placeholders,
      // unless they took longer than the second the first paint waits for them. The root was
      // shown during the frame before the first that records it shown.
      const firstShown = frames.findIndex((f) => f.shown);
      expect(frames[Math.max(firstShown - 1, 0)]!.at, path).toBeLessThanOrEqual(fcp!);
      if (firstPaint!.settled) expect(frames[firstShown]!.placeholders, path).toBe(0);
      else expect(firstPaint!.waited, path).toBeGreaterThanOrEqual(1000);
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

  it('shows the placeholders after a second when the data are slower', async () => {
    const page = await context.newPage();
    await page.route('**/trpc/**', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 3000));
      await route.continue();
    });
    await page.goto('/events');
    await page.locator('main table tbody tr:not([data-testid="skeleton-row"])').first().waitFor({ timeout: waitMs });
    const { frames, firstPaint } = await recorded(page);
    expect(firstPaint!.settled).toBe(false);
    expect(firstPaint!.waited).toBeGreaterThanOrEqual(1000);
    expect(firstPaint!.waited).toBeLessThan(3000);
    // Shown with its placeholders while the data were still on their way, then filled in.
    expect(frames.find((f) => f.shown)!.placeholders).toBeGreaterThan(0);
    // The frame that draws the rows may come just after the rows are found.
    const lastFrame = async () => (await recorded(page)).frames.at(-1)!.placeholders;
    await expect.poll(lastFrame, { timeout: waitMs }).toBe(0);
    await page.close();
  });
});
