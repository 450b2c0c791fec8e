// The web section: every screen in Lighthouse (web-lighthouse.ts), and what a browser downloads.
// The web app is built into a temporary directory, served by the real local server, and loaded
// in fresh Chromium contexts (playwright-core).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { launchChromium } from '../../tests/setup/chromium.ts';
import { assets, recorder, view, type AssetFigures, type ViewFigures } from './web-downloads.ts';
import { measureScreens, type Screen, type ScreenPaint } from './web-lighthouse.ts';
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

export interface WebResult {
  /** Lighthouse's mobile simulation of a first visit to each screen (median of 3 runs) */
  screens: ScreenPaint[];
  login: AssetFigures;
  dashboard: AssetFigures;
  /** the transactions screen opened from the app (its route chunk, its data) */
  transactionsNavigation: ViewFigures;
  /** the transactions screen as the first page of a visit (HTML, entry, route chunk, data) */
  transactionsCold: ViewFigures;
}

/** The screens the issue names: /login cold, then every signed-in screen, an event's page among them. */
async function screens(stack: Stack): Promise<Screen[]> {
  const recent = await fetch(`${stack.base}/api/events/recent?limit=1`, { headers: { Cookie: stack.cookie } });
  const [event] = (await recent.json()) as { id: string }[];
  if (!event) throw new Error('the bench data has no event to open');
  const signedIn = (name: string, path = `/${name}`) => ({ name, path, signedIn: true });
  return [
    { name: 'login', path: '/login', signedIn: false },
    signedIn('dashboard'),
    signedIn('events'),
    signedIn("an event's page", `/events/${event.id}`),
    signedIn('customers'),
    signedIn('transactions'),
    signedIn('settings'),
    signedIn('reports'),
  ];
}

export async function measureWeb(stack: Stack, log: (line: string) => void = console.log): Promise<WebResult> {
  // First, while nothing else runs: the simulation scales what it observes on this CPU.
  const paints = await measureScreens(stack.base, await screens(stack), benchPassword, log);
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
      screens: paints,
      login: assets(login.downloads),
      dashboard: assets(dashboard.downloads),
      transactionsNavigation: view(navigation, navigationRows),
      transactionsCold: view(cold.downloads, coldRows),
    };
  } finally {
    await browser.close();
  }
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const label = (size: number) => (size >= 1000 ? `${size / 1000}k` : String(size));

export function webBudgets(web: WebResult | undefined, size: number) {
  if (!web) return [];
  const view = web.transactionsNavigation;
  const login = web.screens.find((s) => s.path === '/login')!;
  return [
    {
      name: '/login downloads <= 110 KB of gzipped JS',
      pass: web.login.jsGzip <= 110 * 1024,
      detail: `${kb(web.login.jsGzip)} in ${web.login.jsFiles} files`,
    },
    {
      name: '/login first contentful paint <= 1.2 s (Lighthouse, mobile)',
      pass: login.fcpMs <= 1200,
      detail: `${seconds(login.fcpMs)}, median of ${login.runs} runs`,
    },
    ...web.screens.map((s) => ({
      name: `${s.path === '/login' ? '/login, cold' : `${s.name}, signed in`}: Lighthouse performance >= 98 (mobile)`,
      pass: s.performance >= 98,
      detail: `${s.performance} (runs: ${s.each.map((e) => e.performance).join(', ')}), TBT ${s.tbtMs} ms, FCP ${seconds(s.fcpMs)}`,
    })),
    {
      name: 'every screen: Lighthouse accessibility and best practices 100',
      pass: web.screens.every((s) => s.accessibility === 100 && s.bestPractices === 100 && s.failing.length === 0),
      detail:
        web.screens
          .filter((s) => s.accessibility < 100 || s.bestPractices < 100 || s.failing.length > 0)
          .map((s) => `${s.name}: ${s.accessibility} / ${s.bestPractices} (${s.failing.join(', ')})`)
          .join('; ') || 'all 100, no failing audit',
    },
    {
      name: '/login downloads no ApexCharts',
      pass: !web.login.apexcharts,
      detail: web.login.apexcharts ? 'ApexCharts found in its JS' : 'none found in its JS',
    },
    {
      name: `transactions first view < 100 KB on the wire at ${label(size)}`,
      pass: view.wire < 100 * 1024,
      detail: `${kb(view.wire)} body (+${kb(view.headers)} headers) in ${view.requests} requests, ${view.rows} rows; as the first page of a visit: ${kb(web.transactionsCold.wire)}`,
    },
  ];
}

export function printWeb(web: WebResult, size: number, log: (line: string) => void = console.log) {
  log('\nWeb app (production build, served by the local server)');
  const first = web.screens[0]!;
  log(
    `  Lighthouse ${first.lighthouse}, mobile (slow 4G, CPU 4x slower), median of ${first.runs} runs a screen; signed in through the form first, storage kept:`,
  );
  const cells = (s: ScreenPaint) => [
    s.path === '/login' ? '/login (cold)' : s.name,
    String(s.performance),
    s.each.map((e) => e.performance).join(' '),
    `${s.tbtMs} ms`,
    seconds(s.fcpMs),
    seconds(s.lcpMs),
    seconds(s.speedIndexMs),
    s.cls.toFixed(3),
    `${s.accessibility} / ${s.bestPractices}`,
  ];
  const header = ['screen', 'perf', 'runs', 'TBT', 'FCP', 'LCP', 'SI', 'CLS', 'a11y / BP'];
  const rows = [header, ...web.screens.map(cells)];
  const widths = header.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  for (const r of rows) log(`    ${r.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ')}`);
  for (const s of web.screens.filter((s) => s.failing.length)) log(`    ${s.name}: failing audits ${s.failing.join(', ')}`);
  for (const [name, a] of [
    ['first visit to /login', web.login],
    ['first visit to /dashboard (signed in)', web.dashboard],
  ] as const)
    log(
      `  ${name}: JS ${a.jsFiles} files, ${kb(a.jsGzip)} gzip (${kb(a.jsBytes)} raw); CSS ${kb(a.cssGzip)} gzip; ${kb(a.jsWire + a.cssWire)} on the wire; ApexCharts ${a.apexcharts ? 'yes' : 'no'}`,
    );
  const v = web.transactionsNavigation;
  log(
    `  transactions, first view at ${label(size)} purchases, opened from the dashboard: ${kb(v.wire)} on the wire (+${kb(v.headers)} headers), ${v.requests} requests:`,
  );
  for (const [type, t] of Object.entries(v.byType))
    log(
      `    ${type.padEnd(10)} ${String(t.requests).padStart(2)} requests  ${kb(t.wire).padStart(9)} on the wire (${kb(t.bytes)} decoded)`,
    );
  const c = web.transactionsCold;
  log(
    `  transactions as the first page of a visit (HTML, entry JS and CSS, route chunk, data): ${kb(c.wire)} on the wire, ${c.requests} requests`,
  );
}
