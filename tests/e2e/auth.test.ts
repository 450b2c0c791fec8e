import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, newPage, signIn } from '../setup/browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('sign-in', () => {
  it('signs in with the configured password and lands on the dashboard', async () => {
    const { page, context } = await newPage(browser);
    await signIn(page);
    await expect(page.getByTestId('shell-title').textContent()).resolves.toBe('Dashboard');
    await context.close();
  });
});
