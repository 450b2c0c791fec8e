import { describe, expect, it } from 'vitest';
import type { Response } from 'playwright-core';
import { adminPassword, newPage, signedInPage, waitMs, browserForFile } from '../setup/browser.ts';
import { count, expectXAxis, openDashboard, xAxisLabels, type Stats } from './dashboard.helpers.ts';

// The dashboard's chart (and its lazily loaded code) and its actions: links, create, export. The
// actions share one signed-in page, each opening the dashboard afresh; the chart's tests watch or
// block what a page loads from its start, each in a context of its own.
const browser = await browserForFile();
const shared = await signedInPage(browser);

describe('dashboard chart and actions', () => {
  it('draws the Customer Activity chart and switches its time range', async () => {
    const { page, context, consoleErrors } = await newPage(browser);
    // How often each attribute of each element of the chart is set: once or twice as it is drawn,
    // every frame while something animates.
    await page.addInitScript(() => {
      const sets = new WeakMap<Element, Record<string, number>>();
      const most = { n: 0 };
      Object.assign(window, { chartAttributeSets: most });
      new MutationObserver((records) => {
        for (const { target, attributeName } of records) {
          const element = target as Element;
          if (!attributeName || !element.closest('[data-testid="customer-activity"]')) continue;
          const counts = sets.get(element) ?? {};
          counts[attributeName] = (counts[attributeName] ?? 0) + 1;
          sets.set(element, counts);
          most.n = Math.max(most.n, counts[attributeName]);
        }
      }).observe(document, { subtree: true, attributes: true });
    });
    await openDashboard(page, { signIn: true });
    const panel = page.getByTestId('customer-activity');
    await expect.poll(() => panel.getByRole('heading').innerText(), { timeout: waitMs }).toBe('Customer Activity');
    await panel.locator('.apexcharts-canvas svg.apexcharts-svg').waitFor({ timeout: 15_000 });
    // drawn at once, not animated (components/ui/chart-base.ts): nothing in it is set over and over
    await page.waitForTimeout(1_000);
    await expect(
      page.evaluate(() => (window as unknown as { chartAttributeSets: { n: number } }).chartAttributeSets.n),
    ).resolves.toBeLessThanOrEqual(5);

    const select = page.getByLabel('Time range');
    await expect(select.locator('option').allInnerTexts()).resolves.toEqual([
      'Select time range',
      'Last 7 days',
      'Last 30 days',
      'Last 90 days',
    ]);
    await expect.poll(() => select.locator('option:checked').innerText(), { timeout: waitMs }).toBe('Last 7 days');
    await expectXAxis(page, ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']);

    await select.selectOption({ label: 'Last 30 days' });
    await expectXAxis(page, ['Week 1', 'Week 2', 'Week 3', 'Week 4']);
    await select.selectOption({ label: 'Last 90 days' });
    await expectXAxis(page, ['Jan', 'Feb', 'Mar']);
    await select.selectOption({ label: 'Last 7 days' });
    await expectXAxis(page, ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']);
    await expect(xAxisLabels(page)).resolves.toHaveLength(7);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('keeps the rest of the dashboard when the chart code cannot be downloaded', async () => {
    const { page, context } = await newPage(browser);
    await page.route('**/assets/activity-chart-*.js', (route) => route.abort());
    await openDashboard(page, { signIn: true });
    await page.getByText('The chart could not be loaded.').waitFor({ timeout: 10_000 });
    await expect(page.getByTestId('stat-card-totalEvents').isVisible()).resolves.toBe(true);
    await expect(page.getByTestId('customer-activity').getByRole('button', { name: 'Reload page' }).isVisible()).resolves.toBe(true);
    await context.close();
  });

  it('downloads no chart code on /login, and does on the dashboard', async () => {
    const { page, context } = await newPage(browser);
    const scripts: Response[] = [];
    page.on('response', (r) => {
      if (r.request().resourceType() === 'script') scripts.push(r);
    });
    await page.goto('/login');
    await page.waitForLoadState('networkidle', { timeout: 10_000 });
    const loginScripts = [...scripts];
    expect(loginScripts.length).toBeGreaterThan(0);
    for (const script of loginScripts) {
      expect(script.url()).not.toMatch(/apexcharts|activity-chart/i);
      expect(await script.text(), script.url()).not.toContain('apexcharts');
    }

    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password', { exact: true }).fill(adminPassword());
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL('**/dashboard', { timeout: 10_000 });
    await page.locator('.apexcharts-canvas').waitFor({ timeout: 15_000 });
    const chartScripts = [];
    for (const script of scripts.slice(loginScripts.length))
      if ((await script.text()).includes('apexcharts')) chartScripts.push(script.url());
    expect(chartScripts).toHaveLength(1);
    await context.close();
  });

  it('has Quick Actions and SEO Tips that lead where they say', async () => {
    const { page } = shared;
    await openDashboard(page);
    const actions = page.getByTestId('quick-actions');
    await expect(actions.getByRole('button', { name: 'Create New Event' }).isVisible()).resolves.toBe(true);
    await expect(actions.getByRole('link', { name: 'Export Reports' }).isVisible()).resolves.toBe(true);
    await actions.getByRole('link', { name: 'Add Customer' }).click();
    await page.waitForURL(/\/customers$/, { timeout: 10_000 });

    await page.goto('/dashboard');
    const tips = page.getByTestId('seo-tips');
    await expect.poll(() => tips.getByRole('heading').innerText(), { timeout: waitMs }).toBe('SEO Tips');
    await expect.poll(() => tips.locator('li').count(), { timeout: waitMs }).toBeGreaterThan(0);
    await tips.getByRole('link', { name: 'Manage SEO' }).click();
    await page.waitForURL(/\/seo$/, { timeout: 10_000 });
  });

  it('creates an event from Create New Event and shows it in the figures and Recent Events', async () => {
    const { page, consoleErrors } = shared;
    const errorsBefore = consoleErrors.length;
    await openDashboard(page);
    const before = (await (await page.request.get('/api/dashboard/stats')).json()) as Stats;
    await expect
      .poll(() => page.getByTestId('stat-card-totalEvents').getByTestId('stat-value').innerText(), { timeout: waitMs })
      .toBe(count(before.totalEvents));

    await page.getByTestId('quick-actions').getByRole('button', { name: 'Create New Event' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New Event' });
    await dialog.waitFor({ state: 'visible', timeout: 5000 });
    // Escape closes it and leaves the dashboard as it was.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden', timeout: 5000 });
    expect(new URL(page.url()).pathname).toBe('/dashboard');

    const title = `Dashboard e2e ${Date.now().toString(36)}`;
    await page.getByTestId('quick-actions').getByRole('button', { name: 'Create New Event' }).click();
    await dialog.waitFor({ state: 'visible', timeout: 5000 });
    await dialog.getByLabel('Title').fill(title);
    await dialog.getByLabel('Venue').fill('E2E Test Hall');
    await dialog.getByLabel('Status').selectOption('active');
    await dialog.getByRole('button', { name: 'Next' }).click();
    await dialog.getByLabel('SEO Title').waitFor({ timeout: 5000 });
    await dialog.getByRole('button', { name: 'Next' }).click();
    await dialog.getByRole('button', { name: 'Create Event' }).click();
    await page.getByText('Event created', { exact: true }).waitFor({ timeout: 10_000 });
    await dialog.waitFor({ state: 'hidden', timeout: 5000 });

    // The dashboard refreshes: the new event leads Recent Events (with Edit), the count grows by one.
    const firstRow = page.getByTestId('events-table').getByTestId('event-row').first();
    await page.waitForFunction((t) => document.querySelector('[data-testid="event-row"] td')?.textContent === t, title, {
      timeout: 10_000,
    });
    await expect.poll(() => firstRow.getByRole('link').innerText(), { timeout: waitMs }).toBe('Edit');
    await expect.poll(() => page.getByTestId('events-table').getByTestId('event-row').count(), { timeout: waitMs }).toBe(4);
    await page.waitForFunction(
      (n) => document.querySelector('[data-testid="stat-card-totalEvents"] [data-testid="stat-value"]')?.textContent === n,
      count(before.totalEvents + 1),
      { timeout: 10_000 },
    );
    expect(consoleErrors.slice(errorsBefore)).toEqual([]);
  });

  it('leads from Export Reports to the Reports screen and its exports', async () => {
    const { page } = shared;
    await openDashboard(page);
    await page.getByTestId('quick-actions').getByRole('link', { name: 'Export Reports' }).click();
    await page.waitForURL(/\/reports$/, { timeout: 10_000 });
    await page.getByRole('heading', { name: 'Exports' }).waitFor({ timeout: 10_000 });
  });
});
