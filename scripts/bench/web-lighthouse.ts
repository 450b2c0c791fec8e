// Lighthouse on every screen, the way the issue checks it: mobile simulation (slow 4G, the CPU
// slowed 4x, simulated from an unthrottled load), the median of 3 runs, each in a fresh Chromium.
// /login is a cold first visit. A signed-in screen is a first visit after signing in through the
// form, with the browser's storage and cache kept (Lighthouse's disableStorageReset), as an admin
// who signs in and then opens that screen in a new tab.
import { launch as launchChrome } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { chromiumPath } from '../../tests/setup/chromium.ts';

export interface Screen {
  name: string;
  path: string;
  signedIn: boolean;
}

/** One screen's figures: the median of each over the runs; failing audits of any run. */
export interface ScreenPaint extends Screen {
  runs: number;
  performance: number;
  accessibility: number;
  bestPractices: number;
  fcpMs: number;
  lcpMs: number;
  speedIndexMs: number;
  tbtMs: number;
  cls: number;
  /** each run's performance score and TBT, to show how much the machine moved them */
  each: { performance: number; tbtMs: number }[];
  /** ids of accessibility and best-practices audits that failed in any run */
  failing: string[];
  lighthouse: string;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const categories = ['performance', 'accessibility', 'best-practices'];

async function signInThroughTheForm(port: number, base: string, password: string) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  const page = await browser.contexts()[0]!.newPage();
  try {
    await page.goto(`${base}/login`);
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor({ timeout: 60_000 });
    await page.waitForLoadState('networkidle');
  } finally {
    // Lighthouse opens a tab of its own; this one would only compete with it for the CPU.
    await page.close();
    // Over CDP, close() only disconnects: the browser stays for Lighthouse.
    await browser.close();
  }
}

async function runOnce(base: string, screen: Screen, password: string) {
  const chrome = await launchChrome({
    chromePath: chromiumPath,
    chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu'],
  });
  try {
    if (screen.signedIn) await signInThroughTheForm(chrome.port, base, password);
    const result = await lighthouse(`${base}${screen.path}`, {
      port: chrome.port,
      onlyCategories: categories,
      disableStorageReset: screen.signedIn,
      logLevel: 'error',
    });
    const lhr = result?.lhr;
    if (!lhr || lhr.runtimeError) throw new Error(`lighthouse failed on ${screen.path}: ${lhr?.runtimeError?.message ?? 'no result'}`);
    const value = (audit: string) => lhr.audits[audit]?.numericValue ?? NaN;
    const score = (category: string) => Math.round((lhr.categories[category]?.score ?? 0) * 100);
    const failing = ['accessibility', 'best-practices'].flatMap((category) =>
      (lhr.categories[category]?.auditRefs ?? [])
        .filter((ref) => ref.weight > 0 && lhr.audits[ref.id]?.score !== null && (lhr.audits[ref.id]?.score ?? 1) < 1)
        .map((ref) => ref.id),
    );
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      fcpMs: value('first-contentful-paint'),
      lcpMs: value('largest-contentful-paint'),
      speedIndexMs: value('speed-index'),
      tbtMs: value('total-blocking-time'),
      cls: value('cumulative-layout-shift'),
      failing,
      lighthouse: lhr.lighthouseVersion,
    };
  } finally {
    chrome.kill();
  }
}

/**
 * On a busy machine Lighthouse sometimes records no usable trace (NO_NAVSTART) or Chromium answers
 * too late (PROTOCOL_TIMEOUT): such a run is made again, at most twice, and said; a run that
 * measured something always counts, however slow.
 */
async function runMeasured(base: string, screen: Screen, password: string, log: (line: string) => void) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await runOnce(base, screen, password);
    } catch (error) {
      if (attempt === 3) throw error;
      log(`    ${screen.name}: run failed, once more (${error instanceof Error ? error.message : error})`);
    }
  }
}

/** Each screen `runs` times, one run after the other (never two Chromiums at once). */
export async function measureScreens(base: string, screens: Screen[], password: string, log: (line: string) => void, runs = 3) {
  const results: ScreenPaint[] = [];
  for (const screen of screens) {
    const figures: Awaited<ReturnType<typeof runOnce>>[] = [];
    for (let i = 0; i < runs; i++) figures.push(await runMeasured(base, screen, password, log));
    const of = (key: 'performance' | 'accessibility' | 'bestPractices' | 'fcpMs' | 'lcpMs' | 'speedIndexMs' | 'tbtMs' | 'cls') =>
      median(figures.map((f) => f[key]));
    const paint: ScreenPaint = {
      ...screen,
      runs,
      performance: of('performance'),
      accessibility: of('accessibility'),
      bestPractices: of('bestPractices'),
      fcpMs: Math.round(of('fcpMs')),
      lcpMs: Math.round(of('lcpMs')),
      speedIndexMs: Math.round(of('speedIndexMs')),
      tbtMs: Math.round(of('tbtMs')),
      cls: of('cls'),
      each: figures.map((f) => ({ performance: f.performance, tbtMs: Math.round(f.tbtMs) })),
      failing: [...new Set(figures.flatMap((f) => f.failing))],
      lighthouse: figures[0]!.lighthouse,
    };
    log(
      `    ${screen.name}: performance ${paint.performance} (${paint.each.map((e) => e.performance).join(', ')}), TBT ${paint.tbtMs} ms, FCP ${(paint.fcpMs / 1000).toFixed(2)} s`,
    );
    results.push(paint);
  }
  return results;
}
