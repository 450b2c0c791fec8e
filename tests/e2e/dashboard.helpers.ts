import { expect } from 'vitest';
import type { Page, Response } from 'playwright-core';
import { signInByApi } from '../setup/browser.ts';

// Shared by the dashboard's two e2e files: its data (dashboard.test.ts) and its chart and actions.

export interface Stats {
  totalEvents: number;
  activeCustomers: number;
  ticketSales: number;
  avgConversion: number;
}
export interface EventRow {
  id: string;
  title: string;
  date: string;
  venue: string;
  status: string;
  sales: number;
}

export const count = (n: number) => n.toLocaleString('en-US');
export const usd = (n: number) => `$${Math.round(n).toLocaleString('en-US')}`;
export const isDashboardBatch = (url: string) => url.includes('/trpc/') && !url.includes('auth.');

/** The procedures of a tRPC batch URL, in order: /trpc/a.b,c.d?batch=1 -> ['a.b', 'c.d'] */
export const procedures = (url: string) => decodeURIComponent(new URL(url).pathname.replace(/^\/trpc\//, '')).split(',');

/**
 * Opens the dashboard afresh in `page` (signed in already, or through the API when `signIn`) and
 * waits until every panel has its data.
 */
export async function openDashboard(page: Page, { signIn = false } = {}) {
  const batch = page.waitForResponse((r) => isDashboardBatch(r.url()) && r.url().includes('events.recent'), { timeout: 15_000 });
  if (signIn) await signInByApi(page, '/dashboard');
  else await page.goto('/dashboard');
  const response = await batch;
  await page.getByTestId('event-row').first().waitFor({ timeout: 10_000 });
  return response;
}

/** The value one procedure returned inside a tRPC batch response. */
export async function batchResult<T>(response: Response, procedure: string): Promise<T> {
  const index = procedures(response.url()).indexOf(procedure);
  expect(index, `${procedure} in ${response.url()}`).toBeGreaterThanOrEqual(0);
  const body = (await response.json()) as { result: { data: T } }[];
  return body[index]!.result.data;
}

export async function xAxisLabels(page: Page) {
  return page.locator('[data-testid="customer-activity"] .apexcharts-xaxis-label tspan').allTextContents();
}

/** Waits (bounded) for the chart's x-axis to read `labels`. */
export async function expectXAxis(page: Page, labels: string[]) {
  await page.waitForFunction(
    (expected) =>
      JSON.stringify(
        [...document.querySelectorAll('[data-testid="customer-activity"] .apexcharts-xaxis-label tspan')].map((t) => t.textContent),
      ) === JSON.stringify(expected),
    labels,
    { timeout: 10_000 },
  );
}
