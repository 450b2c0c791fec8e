import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { adminPassword, newPage, signIn, signInByApi, waitMs, browserForFile } from '../setup/browser.ts';

const browser = await browserForFile();
// The tests that only look at what a signed-out visitor sees share one page (each goes to its
// screen afresh); a test that signs in, or needs a context's first visit, has a context of its own.
const signedOut = await newPage(browser);

const loginUrl = /\/login(\?.*)?$/;
const dashboardUrl = /\/dashboard$/;
const protectedRoutes = ['/dashboard', '/events', '/events/x', '/customers', '/transactions', '/seo', '/settings'];

/** The one visible toast's title and description. */
async function toastText(page: Page) {
  const toast = page.getByRole('region', { name: 'Notifications' }).locator('[data-variant]');
  await toast.waitFor({ timeout: 10_000 });
  return { text: await toast.innerText(), variant: await toast.getAttribute('data-variant') };
}

const storedAuth = (page: Page) =>
  page.evaluate(() => ({ isAuthenticated: localStorage.getItem('isAuthenticated'), username: localStorage.getItem('username') }));

/** Browsers log every 4xx/5xx fetch; those that a test provokes on purpose are not page errors. */
const unexpected = (errors: string[], status?: number) =>
  errors.filter((e) => !(status && e.includes('Failed to load resource') && e.includes(String(status))));

describe('sign-in screen', () => {
  it('shows the product title, the card texts and a copyright with the current year', async () => {
    const { page, consoleErrors } = signedOut;
    const errorsBefore = consoleErrors.length;
    await page.goto('/login');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText(), { timeout: waitMs }).not.toBe('');
    await expect(page.getByText('Admin Dashboard', { exact: true }).isVisible()).resolves.toBe(true);
    await expect(page.getByRole('heading', { name: 'Sign In' }).isVisible()).resolves.toBe(true);
    await expect(page.getByText('Enter your credentials to access the admin dashboard').isVisible()).resolves.toBe(true);
    const footer = await page.locator('footer').innerText();
    expect(footer).toContain(`© ${new Date().getFullYear()}`);
    expect(consoleErrors.slice(errorsBefore)).toEqual([]);
  });

  it('requires a username and a password', async () => {
    const { page } = signedOut;
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByText('Username is required').waitFor({ timeout: 5000 });
    await expect(page.getByText('Password is required').isVisible()).resolves.toBe(true);
    expect(page.url()).toMatch(loginUrl);
    // Filling one field leaves only the other's message.
    await page.getByLabel('Username').fill('admin');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByText('Username is required').waitFor({ state: 'detached', timeout: 5000 });
    await expect(page.getByText('Password is required').isVisible()).resolves.toBe(true);
  });

  it('shows and hides the password', async () => {
    const { page } = signedOut;
    await page.goto('/login');
    const password = page.getByLabel('Password', { exact: true });
    await password.fill('secret');
    await expect(password.getAttribute('type')).resolves.toBe('password');
    await page.getByRole('button', { name: 'Show password' }).click();
    await expect(password.getAttribute('type')).resolves.toBe('text');
    await page.getByRole('button', { name: 'Hide password' }).click();
    await expect(password.getAttribute('type')).resolves.toBe('password');
    await expect.poll(() => password.inputValue(), { timeout: waitMs }).toBe('secret');
  });

  it('refuses a wrong password, then signs in with the right one', async () => {
    const { page, context, consoleErrors } = await newPage(browser);
    await page.goto('/login');
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    const failed = await toastText(page);
    expect(failed.text).toContain('Login failed');
    expect(failed.text).toContain('Invalid username or password');
    expect(failed.variant).toBe('destructive');
    expect(page.url()).toMatch(loginUrl);
    await expect(storedAuth(page)).resolves.toEqual({ isAuthenticated: null, username: null });

    await page.getByLabel('Password', { exact: true }).fill(adminPassword());
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(dashboardUrl, { timeout: 10_000 });
    await page.getByText('Login successful').waitFor({ timeout: 5000 });
    const ok = await toastText(page);
    expect(ok.text).toContain('Welcome to the admin dashboard');
    await expect(storedAuth(page)).resolves.toEqual({ isAuthenticated: 'true', username: 'admin' });
    // The wrong password's 401 is the only error the browser logged.
    expect(unexpected(consoleErrors, 401)).toEqual([]);
    await context.close();
  });

  it('shows the busy state while signing in', async () => {
    const { page, context } = await newPage(browser);
    // Hold the sign-in call back so the busy state can be seen.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/auth/login', async (route) => {
      await Promise.race([held, new Promise((r) => setTimeout(r, 10_000))]);
      await route.continue();
    });
    await page.goto('/login');
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password', { exact: true }).fill(adminPassword());
    await page.getByRole('button', { name: 'Sign In' }).click();
    const busy = page.getByRole('button', { name: 'Signing in...' });
    await busy.waitFor({ timeout: 5000 });
    await expect(busy.isDisabled()).resolves.toBe(true);
    await expect(page.getByLabel('Username').isDisabled()).resolves.toBe(true);
    await expect(page.getByLabel('Password', { exact: true }).isDisabled()).resolves.toBe(true);
    release();
    await page.waitForURL(dashboardUrl, { timeout: 10_000 });
    await context.close();
  });

  it('signs in with the configured password and lands on the dashboard', async () => {
    const { page, context } = await newPage(browser);
    await signIn(page);
    await expect.poll(() => page.getByTestId('shell-title').textContent(), { timeout: waitMs }).toBe('Dashboard');
    await context.close();
  });
});

describe('routes and guards', () => {
  it('redirects / to /login when signed out and to /dashboard when signed in', async () => {
    const { page, context } = await newPage(browser);
    await page.goto('/');
    await page.waitForURL(loginUrl, { timeout: 5000 });
    await signInByApi(page);
    await page.goto('/');
    await page.waitForURL(dashboardUrl, { timeout: 5000 });
    await context.close();
  });

  it('sends a signed-in visitor from /login to /dashboard', async () => {
    const { page, context } = await newPage(browser);
    await signInByApi(page);
    await page.goto('/login');
    await page.waitForURL(dashboardUrl, { timeout: 5000 });
    await expect.poll(() => page.getByTestId('shell-title').textContent(), { timeout: waitMs }).toBe('Dashboard');
    await context.close();
  });

  it('sends a signed-out visitor of every protected route to /login', async () => {
    const { page } = signedOut;
    for (const path of protectedRoutes) {
      await page.goto(path);
      await page.waitForURL(loginUrl, { timeout: 5000 });
      await page.getByRole('heading', { name: 'Sign In' }).waitFor({ timeout: 5000 });
      expect(new URL(page.url()).pathname, path).toBe('/login');
    }
  });

  it('returns to the requested page after signing in', async () => {
    const { page, context } = await newPage(browser);
    await page.goto('/customers');
    await page.waitForURL(loginUrl, { timeout: 5000 });
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password', { exact: true }).fill(adminPassword());
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(/\/customers$/, { timeout: 10_000 });
    await context.close();
  });

  it('shows the not-found screen for any other path', async () => {
    const { page, context, consoleErrors } = await newPage(browser);
    await page.goto('/no-such-page');
    await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor({ timeout: 5000 });
    await expect(page.getByText('Did you forget to add the page to the router?').isVisible()).resolves.toBe(true);
    // Signed in, too.
    await signInByApi(page);
    await page.goto('/dashboard/nothing-here');
    await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor({ timeout: 5000 });
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});

describe('signing out', () => {
  it('logs out from the avatar menu: toast, /login, storage cleared, pages guarded again', async () => {
    const { page, context, consoleErrors } = await newPage(browser);
    await signInByApi(page, '/events');
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.waitForURL(loginUrl, { timeout: 10_000 });
    await page.getByText('Logged out successfully').waitFor({ timeout: 5000 });
    const toast = await toastText(page);
    expect(toast.text).toContain('You have been logged out of your account');
    await expect(storedAuth(page)).resolves.toEqual({ isAuthenticated: null, username: null });
    // The server session is gone too.
    const me = await page.request.get('/api/dashboard/stats');
    expect(me.status()).toBe(401);
    await page.goto('/dashboard');
    await page.waitForURL(loginUrl, { timeout: 5000 });
    expect(unexpected(consoleErrors, 401)).toEqual([]);
    await context.close();
  });

  it('signs the browser out when the server answers 401', async () => {
    const { page, context } = await newPage(browser);
    await signInByApi(page, '/events');
    await page.getByTestId('event-row').first().waitFor({ timeout: 10_000 });
    // The session cookie goes, the browser's flag stays: the next call gets a 401.
    await context.clearCookies();
    await page.goto('/dashboard');
    await page.waitForURL(loginUrl, { timeout: 10_000 });
    await page.getByRole('heading', { name: 'Sign In' }).waitFor({ timeout: 5000 });
    await expect(storedAuth(page)).resolves.toEqual({ isAuthenticated: null, username: null });
    await context.close();
  });
});
