import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { signedInSession, visible, waitMs } from '../setup/browser.ts';

// The Reports screen on the demo data: figures from the server, the chart, the table, the exports.
const session = await signedInSession();
const today = new Date().toISOString().slice(0, 10);
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

describe('Reports screen', () => {
  it("shows the range's totals against the previous period, the chart and each event's figures", async () => {
    const { page, consoleErrors } = session;
    await page.goto('/transactions');
    await page.getByRole('link', { name: 'Reports and exports' }).click();
    await page.waitForURL(/\/reports$/);
    await visible(page.getByTestId('shell-title').getByText('Reports', { exact: true }));

    const report = await (await page.request.get(`/api/reports/sales?from=${daysAgo(29)}&to=${today}`)).json();
    const totals = page.getByTestId('report-totals');
    await visible(totals);
    const money = (cents: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);
    await expect.poll(() => totals.locator('.stat').first().locator('.stat-value').innerText()).toBe(money(report.totals.netCents));
    await expect
      .poll(() => totals.locator('.stat').nth(1).locator('.stat-value').innerText(), { timeout: waitMs })
      .toBe(report.totals.purchases.toLocaleString('en-US'));
    await page.getByTestId('sales-chart').locator('.apexcharts-canvas svg.apexcharts-svg').waitFor({ timeout: 15_000 });
    // Two series: the range and the previous period beneath it.
    await expect.poll(() => page.getByTestId('sales-chart').locator('.apexcharts-series').count(), { timeout: 15_000 }).toBe(2);

    const events = await (
      await page.request.get(`/trpc/reports.events?input=${encodeURIComponent(JSON.stringify({ from: daysAgo(29), to: today }))}`)
    ).json();
    const rows = page.locator('section', { has: page.getByRole('heading', { name: 'Events in this period' }) }).locator('tbody tr');
    // All of them, or the first 50 when there are more (the next test draws the rest).
    await expect.poll(() => rows.count(), { timeout: waitMs }).toBe(Math.min(50, Math.max(1, events.result.data.events.length)));
    expect(consoleErrors).toEqual([]);
  });

  it("draws each event's figures 50 at a time as the table's foot comes into view", async () => {
    const { page } = session;
    // The demo data have a few dozen events: the server's own answer, each row repeated under
    // new ids until there are 120, stands for a year of a large organiser's.
    await page.route(
      (url) => url.pathname.startsWith('/trpc/') && url.pathname.includes('reports.events'),
      async (route) => {
        const answer = await route.fetch();
        const body = await answer.json();
        const entry = Array.isArray(body) ? body[0] : body;
        const real = entry.result.data.events as { eventId: string }[];
        entry.result.data.events = Array.from({ length: 120 }, (_, i) => ({
          ...real[i % real.length]!,
          eventId: `${real[i % real.length]!.eventId}-${i}`,
        }));
        await route.fulfill({ response: answer, json: body });
      },
    );
    await page.goto('/reports');
    const table = page.locator('section', { has: page.getByRole('heading', { name: 'Events in this period' }) });
    const rows = table.locator('tbody tr');
    await expect.poll(() => rows.count(), { timeout: waitMs }).toBe(50);
    await visible(table.getByText('Showing 50 of 120 events'));
    await table.getByText('Showing 50 of 120 events').scrollIntoViewIfNeeded();
    await expect.poll(() => rows.count(), { timeout: waitMs }).toBeGreaterThan(50);
    await table
      .getByRole('button', { name: 'Load more' })
      .click({ timeout: 2_000 })
      .catch(() => undefined);
    await expect.poll(() => rows.count(), { timeout: waitMs }).toBe(120);
    await visible(table.getByText('Showing 120 of 120 events'));
    await expect(table.getByRole('button', { name: 'Load more' }).count()).resolves.toBe(0);
    await page.unrouteAll();
  });

  it('keeps the range in the URL, and a custom range takes two dates', async () => {
    const { page } = session;
    await page.getByLabel('Period', { exact: true }).selectOption({ label: 'Last 7 days' });
    await expect.poll(() => page.url()).toMatch(/range=7d/);
    await expect(page.getByText(`Sales from ${daysAgo(6)} to ${today}`).isVisible()).resolves.toBe(true);
    await page.getByLabel('Period', { exact: true }).selectOption({ label: 'Custom' });
    await page.getByLabel('From', { exact: true }).fill(daysAgo(2));
    await expect.poll(() => page.url()).toMatch(new RegExp(`from=${daysAgo(2)}`));
    await visible(page.getByText(`Sales from ${daysAgo(2)} to`));
    await page.reload();
    await visible(page.getByText(`Sales from ${daysAgo(2)} to`));
  });

  it('downloads the transactions the server streams, every row', async () => {
    const { page } = session;
    const all = (await (await page.request.get('/api/transactions')).json()) as unknown[];
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export all transactions' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^transactions-\d{4}-\d{2}-\d{2}\.csv$/);
    // the file's bytes over the connection: the worker's Chromium may be another process's (browserForFile)
    const csv = await text(await download.createReadStream());
    expect(csv.split('\r\n')[0]).toBe('ID,Date,Local Date,Event,Customer,Amount,Refunded,Status,Payment Method');
    expect(csv.match(/\r\n/g)).toHaveLength(all.length + 1);
    await visible(page.getByText('Export downloaded'));
  });

  it("shows an event's own figures on its edit page", async () => {
    const { page } = session;
    const [event] = (await (await page.request.get('/api/events')).json()) as { id: string }[];
    const own = await (await page.request.get(`/api/reports/sales?from=${daysAgo(29)}&to=${today}&eventId=${event!.id}`)).json();
    await page.goto(`/events/${event!.id}`);
    const panel = page.getByTestId('event-figures');
    await visible(panel);
    await expect.poll(() => panel.locator('dd').nth(1).innerText(), { timeout: 10_000 }).toBe(own.totals.purchases.toLocaleString('en-US'));
    await expect.poll(() => panel.locator('dd').first().innerText()).toBe(own.totals.pageViews.toLocaleString('en-US'));
  });
});
