import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, inject } from 'vitest';

// Debian's Chromium; `npx playwright install` cannot download here. CHROMIUM_PATH overrides.
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(executablePath)) throw new Error(`Chromium not found at ${executablePath}: apt-get install -y chromium`);
  return chromium.launch({
    executablePath,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export const baseUrl = () => inject('baseUrl');
export const adminPassword = () => inject('adminPassword');

/** A fresh browser context (its own storage), with console errors collected for assertions. */
export async function newPage(browser: Browser, viewport = { width: 1280, height: 900 }) {
  const context: BrowserContext = await browser.newContext({ baseURL: baseUrl(), viewport });
  const page: Page = await context.newPage();
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => consoleErrors.push(error.message));
  return { context, page, consoleErrors };
}

/** Signs in through the real sign-in screen and waits for the dashboard. */
export async function signIn(page: Page) {
  await page.goto('/login');
  await page.getByLabel('Username').fill('admin');
  await page.getByLabel('Password', { exact: true }).fill(adminPassword());
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL('**/dashboard');
}

/** How long e2e waits for anything to appear or go (the machine may be busy). */
export const waitMs = 10_000;

/**
 * Answers the Confirm your password dialog that a session's first account change (API tokens, 2FA,
 * sessions, the password) opens, with a code when 2FA is on; the change then carries on by itself.
 */
export async function confirmPassword(page: Page, code?: string) {
  const dialog = page.getByRole('dialog', { name: 'Confirm your password' });
  await dialog.getByLabel('Password', { exact: true }).fill(adminPassword());
  if (code) await dialog.getByLabel('Code', { exact: true }).fill(code);
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await dialog.waitFor({ state: 'hidden', timeout: waitMs });
}

export interface SignedInSession {
  browser: Browser;
  context: BrowserContext;
  page: Page;
  consoleErrors: string[];
}

/**
 * One browser and one signed-in page for a whole test file, closed after it. The fields are set
 * before the file's own beforeAll hooks run.
 */
export function signedInSession(viewport?: { width: number; height: number }): SignedInSession {
  const session = {} as SignedInSession;
  beforeAll(async () => {
    session.browser = await launchBrowser();
    Object.assign(session, await newPage(session.browser, viewport));
    session.page.setDefaultTimeout(waitMs);
    await signIn(session.page);
  });
  afterAll(async () => {
    await session.context?.close();
    await session.browser?.close();
  });
  return session;
}

/** A short unique suffix for test data on the shared server. */
export const uid = () => randomUUID().replace(/-/g, '').slice(0, 8);
export const visible = (locator: Locator, timeout = waitMs) => locator.waitFor({ state: 'visible', timeout });
export const hidden = (locator: Locator, timeout = waitMs) => locator.waitFor({ state: 'hidden', timeout });
