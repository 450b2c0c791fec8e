import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { randomUUID } from 'node:crypto';
import { afterAll, expect, inject } from 'vitest';
import type { CreateEventInput, EventInfo } from '@event-admin/core/event/event.schema';
import { storageKeys } from '../../packages/web/src/lib/storage.ts';
import { launchChromium } from './chromium.ts';
import { workersOwn } from './workers.ts';

/** This file's server. */
export const baseUrl = () => workersOwn(inject('baseUrls'));
export const adminPassword = () => inject('adminPassword');

/**
 * A fresh browser context (its own storage), with console errors collected for assertions;
 * `userAgent` tells its session apart in Manage Sessions.
 */
export async function newPage(browser: Browser, viewport = { width: 1280, height: 900 }, userAgent?: string) {
  const context: BrowserContext = await browser.newContext({ baseURL: baseUrl(), viewport, ...(userAgent ? { userAgent } : {}) });
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

/**
 * Signs `page`'s context in as the sign-in screen does, without drawing it: `POST /api/auth/login`
 * (the session cookie, in the context's jar), then the flag and username the screen keeps in local
 * storage under the web app's own keys (lib/storage.ts), set once by an init script before the
 * app's first script reads them. A sign-in through the form draws /login and then the dashboard:
 * about 3 CPU seconds of Chromium that a file testing another screen does not need (auth.test.ts
 * tests the form). Opens `path` when given.
 */
export async function signInByApi(page: Page, path?: string) {
  const response = await page.request.post('/api/auth/login', { data: { username: 'admin', password: adminPassword() } });
  expect(response.status(), await response.text()).toBe(200);
  await page.context().addInitScript(
    ({ origin, keys }) => {
      if (location.origin !== origin || localStorage.getItem('e2e:signedIn')) return;
      localStorage.setItem('e2e:signedIn', 'true'); // once: a sign-out later in the test stays signed out
      localStorage.setItem(keys.isAuthenticated, 'true');
      localStorage.setItem(keys.username, 'admin');
    },
    { origin: new URL(baseUrl()).origin, keys: storageKeys },
  );
  if (path) await page.goto(path);
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
 * The Chromium of a test file, connected to as the file loads (top-level await): its worker's
 * (server.global.ts, launched as the bench launches one: tests/setup/chromium.ts), or one of its
 * own when that is gone (a crash in an earlier file). After its last test the file's contexts
 * are closed with the connection.
 */
export async function browserForFile(): Promise<Browser> {
  const browser = await chromium.connect(workersOwn(inject('browserEndpoints'))).catch((error: Error) => {
    process.stderr.write(`the worker's Chromium did not answer (${error.message.split('\n')[0]}): launching one for this file\n`);
    return launchChromium();
  });
  afterAll(() => browser.close());
  return browser;
}

/**
 * A new context of `browser` (its own storage), signed in through the API (signInByApi): its page
 * opens nothing until the test goes to a screen, or opens `path`.
 */
export async function signedInPage(
  browser: Browser,
  options: { viewport?: { width: number; height: number }; userAgent?: string; path?: string } = {},
) {
  const opened = await newPage(browser, options.viewport, options.userAgent);
  opened.page.setDefaultTimeout(waitMs);
  await signInByApi(opened.page, options.path);
  return opened;
}

/**
 * One browser and one signed-in page for a whole test file: `const { page } = await
 * signedInSession()` at its top. Closed after its last test.
 */
export async function signedInSession(viewport?: { width: number; height: number }): Promise<SignedInSession> {
  const browser = await browserForFile();
  return { browser, ...(await signedInPage(browser, { viewport })) };
}

/**
 * An event made through the API as `page`'s signed-in admin (the 201 checked): `fields` over
 * defaults for what a test does not care about.
 */
export async function postEvent(page: Page, fields: Partial<CreateEventInput> & { title: string }): Promise<EventInfo> {
  const defaults = { description: '', date: '2031-06-15T18:00:00.000Z', time: '19:00', venue: 'Test Hall', status: 'active' };
  return (await postCreated(page, '/api/events', { ...defaults, ...fields })) as EventInfo;
}

/** A POST through the API as `page`'s signed-in admin, its 201 checked: the answer's body. */
export async function postCreated(page: Page, path: string, data: unknown): Promise<any> {
  const response = await page.request.post(path, { data });
  expect(response.status(), await response.text()).toBe(201);
  return response.json();
}

/** The app's toasts on `page`. */
export const toasts = (page: Page) => page.getByRole('region', { name: 'Notifications' });

/** Waits (bounded) for a toast titled `title` on `page`, with `description` under it when given. */
export async function toastShown(page: Page, title: string, description?: string) {
  await visible(toasts(page).getByText(title, { exact: true }));
  if (description) await visible(toasts(page).getByText(description, { exact: true }));
}

/** A short unique suffix for test data on the shared server. */
export const uid = () => randomUUID().replace(/-/g, '').slice(0, 8);
export const visible = (locator: Locator, timeout = waitMs) => locator.waitFor({ state: 'visible', timeout });
export const hidden = (locator: Locator, timeout = waitMs) => locator.waitFor({ state: 'hidden', timeout });

/**
 * Waits for a new tab's screen to show (lib/first-paint.ts). Until then its root is transparent
 * and ignores the pointer: a locator's click waits for that by itself, a raw `page.mouse` does not.
 */
export const firstPaintShown = (page: Page) =>
  page.waitForFunction(() => performance.getEntriesByName('first-paint:show').length > 0, null, { timeout: waitMs });

/**
 * Scrolls each part drawn only once in view (the charts' WhenVisible) into view, one after
 * another, and waits until all are drawn: what an admin scrolling down the page would see.
 */
export async function drawDeferred(page: Page) {
  const deferred = page.locator('[data-when-visible]');
  for (let left = await deferred.count(); left > 0; left = await deferred.count()) {
    await deferred.first().scrollIntoViewIfNeeded();
    await expect.poll(() => deferred.count(), { timeout: waitMs }).toBeLessThan(left);
  }
}
