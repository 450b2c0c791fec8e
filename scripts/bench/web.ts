// The web section: what a browser downloads. The web app is built into a temporary directory,
// served by the real local server, and loaded in fresh Chromium contexts (playwright-core).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { launch as launchChrome } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import type { BrowserContext, Page, Request } from 'playwright-core';
import { chromiumPath, launchChromium } from '../../tests/setup/chromium.ts';
import { benchPassword, root, type Stack } from './stack.ts';

export function buildWeb() {
  const dir = mkdtempSync(join(tmpdir(), 'event-admin-bench-web-'));
  const build = spawnSync('npx', ['vite', 'build', '--outDir', dir, '--emptyOutDir', '--logLevel', 'warn'], {
    cwd: resolve(root, 'packages/web'),
    encoding: 'utf8',
    // React's production build whatever NODE_ENV the caller has.
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (build.status !== 0) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`the web build failed:\n${build.stdout}\n${build.stderr}`);
  }
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

export interface Download {
  url: string;
  type: string;
  /** decoded bytes */
  bytes: number;
  /** the same bytes gzipped (zlib's default level), what 'gzipped size' usually means */
  gzip: number;
  /** bytes of the body on the wire, as the server sent it (brotli/gzip/none) */
  wire: number;
  /** bytes of the response headers */
  headers: number;
  encoding: string;
  apexcharts: boolean;
}

/** Records every response a page receives, until `stop`. */
function recorder(page: Page) {
  const downloads: Promise<Download | null>[] = [];
  const listener = (request: Request) => {
    downloads.push(
      (async () => {
        const response = await request.response();
        if (!response) return null;
        const body = await response.body().catch(() => Buffer.alloc(0));
        const sizes = await request.sizes();
        const type = request.resourceType();
        return {
          url: new URL(request.url()).pathname + (new URL(request.url()).search ? '?...' : ''),
          type,
          bytes: body.length,
          gzip: body.length ? gzipSync(body).length : 0,
          wire: Math.max(0, sizes.responseBodySize),
          headers: Math.max(0, sizes.responseHeadersSize),
          encoding: (await response.headerValue('content-encoding')) ?? 'identity',
          apexcharts: type === 'script' && /apexcharts/i.test(body.toString('utf8')),
        };
      })(),
    );
  };
  page.on('requestfinished', listener);
  return {
    async stop() {
      page.off('requestfinished', listener);
      return (await Promise.all(downloads)).filter((d): d is Download => d !== null);
    },
  };
}

const sum = (list: Download[], key: 'bytes' | 'gzip' | 'wire' | 'headers') => list.reduce((n, d) => n + d[key], 0);

export interface AssetFigures {
  jsFiles: number;
  jsBytes: number;
  jsGzip: number;
  jsWire: number;
  cssFiles: number;
  cssBytes: number;
  cssGzip: number;
  cssWire: number;
  apexcharts: boolean;
  files: { url: string; type: string; gzip: number; wire: number }[];
}

function assets(downloads: Download[]): AssetFigures {
  const js = downloads.filter((d) => d.type === 'script');
  const css = downloads.filter((d) => d.type === 'stylesheet');
  return {
    jsFiles: js.length,
    jsBytes: sum(js, 'bytes'),
    jsGzip: sum(js, 'gzip'),
    jsWire: sum(js, 'wire'),
    cssFiles: css.length,
    cssBytes: sum(css, 'bytes'),
    cssGzip: sum(css, 'gzip'),
    cssWire: sum(css, 'wire'),
    apexcharts: js.some((d) => d.apexcharts),
    files: [...js, ...css].map(({ url, type, gzip, wire }) => ({ url, type, gzip, wire })),
  };
}

export interface ViewFigures {
  requests: number;
  /** body bytes on the wire */
  wire: number;
  headers: number;
  byType: Record<string, { requests: number; wire: number; bytes: number }>;
  rows: number;
  files: { url: string; type: string; wire: number; bytes: number; encoding: string }[];
}

function view(downloads: Download[], rows: number): ViewFigures {
  const byType: ViewFigures['byType'] = {};
  for (const d of downloads) {
    const t = (byType[d.type] ??= { requests: 0, wire: 0, bytes: 0 });
    t.requests += 1;
    t.wire += d.wire;
    t.bytes += d.bytes;
  }
  const files = downloads.map(({ url, type, wire, bytes, encoding }) => ({ url, type, wire, bytes, encoding }));
  return { requests: downloads.length, wire: sum(downloads, 'wire'), headers: sum(downloads, 'headers'), byType, rows, files };
}

/** Lighthouse's figures for a first visit to /login: the median of each over the runs. */
export interface LoginPaint {
  runs: number;
  /** the performance score, 0 to 100 */
  performance: number;
  fcpMs: number;
  lcpMs: number;
  speedIndexMs: number;
  tbtMs: number;
  cls: number;
  lighthouse: string;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * Lighthouse with its defaults: a phone on slow 4G (150 ms, 1.6 Mbps) with the CPU slowed 4x,
 * simulated from an unthrottled load. Each run gets a fresh Chromium, as the lighthouse CLI does;
 * the figures on a busy machine vary from run to run, hence the median.
 */
export async function measureLoginPaint(base: string, runs = 3): Promise<LoginPaint> {
  const figures: Omit<LoginPaint, 'runs'>[] = [];
  for (let i = 0; i < runs; i++) {
    const chrome = await launchChrome({
      chromePath: chromiumPath,
      chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu'],
    });
    try {
      const result = await lighthouse(`${base}/login`, { port: chrome.port, onlyCategories: ['performance'], logLevel: 'error' });
      const lhr = result?.lhr;
      if (!lhr || lhr.runtimeError) throw new Error(`lighthouse failed: ${lhr?.runtimeError?.message ?? 'no result'}`);
      const value = (audit: string) => lhr.audits[audit]?.numericValue ?? NaN;
      figures.push({
        performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
        fcpMs: value('first-contentful-paint'),
        lcpMs: value('largest-contentful-paint'),
        speedIndexMs: value('speed-index'),
        tbtMs: value('total-blocking-time'),
        cls: value('cumulative-layout-shift'),
        lighthouse: lhr.lighthouseVersion,
      });
    } finally {
      chrome.kill();
    }
  }
  const of = (key: Exclude<keyof LoginPaint, 'runs' | 'lighthouse'>) => median(figures.map((f) => f[key]));
  return {
    runs,
    performance: of('performance'),
    fcpMs: Math.round(of('fcpMs')),
    lcpMs: Math.round(of('lcpMs')),
    speedIndexMs: Math.round(of('speedIndexMs')),
    tbtMs: Math.round(of('tbtMs')),
    cls: of('cls'),
    lighthouse: figures[0]!.lighthouse,
  };
}

export interface WebResult {
  /** Lighthouse's mobile simulation of a first visit to /login */
  loginPaint: LoginPaint;
  login: AssetFigures;
  dashboard: AssetFigures;
  /** the transactions screen opened from the app (its route chunk, its data) */
  transactionsNavigation: ViewFigures;
  /** the transactions screen as the first page of a visit (HTML, entry, route chunk, data) */
  transactionsCold: ViewFigures;
}

export async function measureWeb(stack: Stack): Promise<WebResult> {
  // First, while nothing else runs: the simulation scales what it observes on this CPU.
  const loginPaint = await measureLoginPaint(stack.base);
  const browser = await launchChromium();
  const signedInContext = async () => {
    const context = await browser.newContext({ baseURL: stack.base, viewport: { width: 1280, height: 900 } });
    const login = await context.request.post('/api/auth/login', {
      data: { username: 'admin', password: benchPassword },
      headers: { Origin: stack.base },
    });
    if (!login.ok()) throw new Error(`sign-in failed: ${login.status()}`);
    // What the sign-in screen leaves in local storage (SPEC §3).
    await context.addInitScript(() => {
      localStorage.setItem('isAuthenticated', 'true');
      localStorage.setItem('username', 'admin');
    });
    return context;
  };
  const rows = (page: Page) => page.locator('main table tbody tr:not([data-testid="skeleton-row"])');
  const open = async (context: BrowserContext, path: string, ready: (page: Page) => Promise<unknown>) => {
    const page = await context.newPage();
    const record = recorder(page);
    await page.goto(path);
    await ready(page);
    await page.waitForLoadState('networkidle');
    return { page, downloads: await record.stop() };
  };
  try {
    const anonymous = await browser.newContext({ baseURL: stack.base });
    const login = await open(anonymous, '/login', (page) => page.getByRole('button', { name: 'Sign In' }).waitFor());
    await anonymous.close();

    const dashboardContext = await signedInContext();
    const dashboard = await open(dashboardContext, '/dashboard', (page) => page.getByText('Total Events').first().waitFor());
    // From the dashboard, open the transactions screen as an admin would.
    const record = recorder(dashboard.page);
    await dashboard.page.getByRole('link', { name: 'Transactions' }).first().click();
    await rows(dashboard.page).nth(49).waitFor({ timeout: 60_000 });
    await dashboard.page.getByTestId('card-value').first().waitFor();
    await dashboard.page.waitForLoadState('networkidle');
    const navigation = await record.stop();
    const navigationRows = await rows(dashboard.page).count();
    await dashboardContext.close();

    const coldContext = await signedInContext();
    const cold = await open(coldContext, '/transactions', async (page) => {
      await rows(page).nth(49).waitFor({ timeout: 60_000 });
      await page.getByTestId('card-value').first().waitFor();
    });
    const coldRows = await rows(cold.page).count();
    await coldContext.close();

    return {
      loginPaint,
      login: assets(login.downloads),
      dashboard: assets(dashboard.downloads),
      transactionsNavigation: view(navigation, navigationRows),
      transactionsCold: view(cold.downloads, coldRows),
    };
  } finally {
    await browser.close();
  }
}
