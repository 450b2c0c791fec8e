import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { authenticatorCode } from '../setup/authenticator.ts';
import {
  adminPassword,
  baseUrl,
  confirmPassword,
  hidden,
  newPage,
  uid,
  visible,
  waitMs,
  browserForFile,
  signedInPage,
  toastShown,
  toasts,
} from '../setup/browser.ts';

const browser = await browserForFile();

const status = (page: Page) => page.getByTestId('two-factor-status');
const expectToast = toastShown;

/** A signed-in browser context of its own; `userAgent` tells its session apart in Manage Sessions. */
const signedIn = (userAgent?: string) => signedInPage(browser, { userAgent });

async function openSecurity(page: Page) {
  await page.goto('/settings?tab=security');
  await visible(page.getByRole('tab', { name: 'Security', selected: true }));
}

/** API tokens live under Integrations, beside the webhooks. */
async function openIntegrations(page: Page) {
  await page.goto('/settings?tab=integrations');
  await visible(page.getByRole('tab', { name: 'Integrations', selected: true }));
}

/** What an integration does: the bearer token, no cookie. */
const bearerStatus = (token: string) =>
  fetch(`${baseUrl()}/api/events`, { headers: { Authorization: `Bearer ${token}` } }).then((r) => r.status);

describe('Settings > Security', () => {
  it('turns 2FA on with the QR code and secret, asks for a code at sign-in, and turns it off again', async () => {
    const { page, context } = await signedIn();
    let recoveryCodes: string[] = [];
    try {
      await openSecurity(page);
      await visible(status(page).getByText('Two-factor sign-in is off.', { exact: true }));
      await page.getByRole('button', { name: 'Enable 2FA' }).click();
      await confirmPassword(page);
      const dialog = page.getByRole('dialog', { name: 'Enable 2FA' });
      await visible(dialog.getByRole('img', { name: 'QR code for your authenticator app' }));
      const secret = (await dialog.getByTestId('two-factor-secret').innerText()).replace(/\s/g, '');
      expect(secret).toMatch(/^[A-Z2-7]{32}$/);
      expect(await dialog.getByLabel('Authentication code').evaluate((el) => el === document.activeElement)).toBe(true);

      await dialog.getByLabel('Authentication code').fill('12');
      await dialog.getByRole('button', { name: 'Verify and Enable' }).click();
      await visible(dialog.getByText('Enter the 6-digit code from your authenticator app', { exact: true }));
      await dialog.getByLabel('Authentication code').fill(authenticatorCode(secret));
      await dialog.getByRole('button', { name: 'Verify and Enable' }).click();

      const codesDialog = page.getByRole('dialog', { name: 'Save your recovery codes' });
      const list = codesDialog.getByRole('list', { name: 'Recovery codes' });
      await visible(list, 3 * waitMs); // enabling stores ten hashed codes: slower on a busy machine
      recoveryCodes = await list.getByRole('listitem').allInnerTexts();
      expect(recoveryCodes).toHaveLength(10);
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        codesDialog.getByRole('button', { name: 'Download codes' }).click(),
      ]);
      expect(download.suggestedFilename()).toBe('recovery-codes.txt');
      await codesDialog.getByRole('button', { name: 'Done' }).click();
      await hidden(codesDialog);
      await visible(status(page).getByText(/^Two-factor sign-in is on/));
      expect(await page.getByRole('button', { name: 'Enable 2FA' }).count()).toBe(0);

      // Another browser: the password alone is not enough; the next code signs in.
      const other = await newPage(browser);
      try {
        other.page.setDefaultTimeout(waitMs);
        await other.page.goto('/login');
        await other.page.getByLabel('Username').fill('admin');
        await other.page.getByLabel('Password', { exact: true }).fill(adminPassword());
        await other.page.getByRole('button', { name: 'Sign In' }).click();
        await expectToast(other.page, 'Two-factor code required');
        const code = other.page.getByLabel('Authentication code');
        await visible(code);
        expect(await code.evaluate((el) => el === document.activeElement)).toBe(true);
        expect(new URL(other.page.url()).pathname).toBe('/login');
        await code.fill('000000');
        await other.page.getByRole('button', { name: 'Sign In' }).click();
        await visible(toasts(other.page).getByText('Invalid two-factor code', { exact: true }));
        // The step that enabled 2FA is spent; the next one is within the allowed drift.
        await code.fill(authenticatorCode(secret, 1));
        await other.page.getByRole('button', { name: 'Sign In' }).click();
        await other.page.waitForURL('**/dashboard');

        // That new session turns 2FA off: its first account change asks for the password and a code.
        await openSecurity(other.page);
        await other.page.getByRole('button', { name: 'Disable 2FA' }).click();
        const disable = other.page.getByRole('dialog', { name: 'Disable 2FA' });
        await disable.getByLabel('Password').fill('not-the-password');
        await disable.getByLabel('Code').fill(recoveryCodes[0]!);
        await disable.getByRole('button', { name: 'Disable 2FA' }).click();
        await confirmPassword(other.page, recoveryCodes[1]);
        await visible(disable.getByText('The password is not correct', { exact: true }));
        await disable.getByLabel('Password').fill(adminPassword());
        await disable.getByRole('button', { name: 'Disable 2FA' }).click();
        await expectToast(other.page, 'Two-factor sign-in is off');
        await hidden(disable);
        await visible(status(other.page).getByText('Two-factor sign-in is off.', { exact: true }));
        await visible(other.page.getByRole('button', { name: 'Enable 2FA' }));
      } finally {
        await other.context.close();
      }
    } finally {
      // Other files sign in with the password alone: never leave 2FA on (409 here: it is already off).
      const me = await (await page.request.get('/api/auth/me')).json();
      if (me.twoFactorEnabled) {
        const confirmed = await page.request.post('/api/auth/confirm', { data: { password: adminPassword(), code: recoveryCodes[8] } });
        expect(confirmed.status()).toBe(204);
        const off = await page.request.post('/api/auth/2fa/disable', { data: { password: adminPassword(), code: recoveryCodes[9] } });
        expect(off.status()).toBe(204);
      }
      await context.close();
    }
    // two browsers, ten codes hashed, three sign-ins: past 60 s on a loaded machine (then 2FA stays on)
  }, 150_000);

  it('says so when Enable 2FA was opened again in another tab, instead of calling the code wrong', async () => {
    const { page, context } = await signedIn();
    try {
      const openEnable = async (tab: Page) => {
        await openSecurity(tab);
        await tab.getByRole('button', { name: 'Enable 2FA' }).click();
        // Asked once: the other tab shares the session and its confirmed password.
        if (tab === page) await confirmPassword(tab);
        const dialog = tab.getByRole('dialog', { name: 'Enable 2FA' });
        await visible(dialog.getByRole('img', { name: 'QR code for your authenticator app' }));
        return { dialog, secret: (await dialog.getByTestId('two-factor-secret').innerText()).replace(/\s/g, '') };
      };
      const first = await openEnable(page);
      const otherTab = await context.newPage();
      otherTab.setDefaultTimeout(waitMs);
      const second = await openEnable(otherTab);
      expect(second.secret).not.toBe(first.secret);
      await first.dialog.getByLabel('Authentication code').fill(authenticatorCode(first.secret));
      await first.dialog.getByRole('button', { name: 'Verify and Enable' }).click();
      await expectToast(page, 'Failed to enable 2FA');
      await visible(toasts(page).getByText(/Two-factor setup was started again \(in another tab or window\)/));
      await first.dialog.getByRole('button', { name: 'Cancel' }).click();
      await hidden(first.dialog);
      await visible(status(page).getByText('Two-factor sign-in is off.', { exact: true }));
      await second.dialog.getByRole('button', { name: 'Cancel' }).click();
      await hidden(second.dialog);
    } finally {
      await context.close();
    }
  });

  it('lists the sessions, revokes one, and signs out everywhere else', async () => {
    const other = await signedIn('E2E-Tablet/1.0 (Linux; Android 14)');
    const third = await signedIn('E2E-Laptop/2.0 (Windows NT 10.0; Win64; x64)');
    const { page, context } = await signedIn();
    try {
      await openSecurity(page);
      await page.getByRole('button', { name: 'Manage Sessions' }).click();
      const dialog = page.getByRole('dialog', { name: 'Manage Sessions' });
      const rows = dialog.getByRole('table', { name: 'Sessions' }).getByTestId('session-row');
      await visible(rows.first());
      // Newest first: this browser, then the laptop, then the tablet.
      expect(await rows.first().getAttribute('data-current')).toBe('true');
      await visible(rows.first().getByText('This session'));
      expect(await rows.first().locator('td').first().innerText()).toMatch(/^Chrome \d+ on Linux$/);
      expect(await rows.nth(1).locator('td').first().innerText()).toBe('E2E-Laptop on Windows');
      expect(await rows.nth(2).locator('td').first().innerText()).toBe('E2E-Tablet on Android');
      await visible(rows.nth(2).getByText('127.0.0.1'));

      await dialog.getByRole('button', { name: 'Revoke session: E2E-Tablet on Android, 127.0.0.1' }).click();
      await confirmPassword(page);
      await expectToast(page, 'Session revoked');
      await hidden(dialog.getByText('E2E-Tablet on Android'));
      // The revoked browser is signed out at its next call.
      await other.page.goto('/customers');
      await other.page.waitForURL(/\/login/);

      await dialog.getByRole('button', { name: 'Sign out everywhere else' }).click();
      await expectToast(page, 'Signed out everywhere else');
      await expect.poll(() => rows.count(), { timeout: waitMs }).toBe(1);
      expect(await dialog.getByRole('button', { name: 'Sign out everywhere else' }).count()).toBe(0);
      await third.page.goto('/transactions');
      await third.page.waitForURL(/\/login/);

      await page.keyboard.press('Escape');
      await hidden(dialog);
      // This one is still signed in.
      expect((await page.request.get('/api/auth/me')).status()).toBe(200);
    } finally {
      await Promise.all([other.context.close(), third.context.close(), context.close()]);
    }
  });

  it('creates an API token shown once, lists it, and revokes it after a confirmation', async () => {
    const { page, context } = await signedIn();
    try {
      await openIntegrations(page);
      const form = page.getByRole('form', { name: 'Create API token' });
      await form.getByRole('button', { name: 'Create Token' }).click();
      await visible(form.getByText('Token name is required', { exact: true }));

      const name = `E2E sync ${uid()}`;
      await form.getByLabel('Token name').fill(name);
      await form.getByLabel('Scope').selectOption('write');
      await form.getByLabel('Expires in (days)').fill('500');
      await form.getByRole('button', { name: 'Create Token' }).click();
      await visible(form.getByText('Expiry must be a whole number of days from 1 to 365', { exact: true }));
      await form.getByLabel('Expires in (days)').fill('30');
      await form.getByRole('button', { name: 'Create Token' }).click();
      await confirmPassword(page);

      const value = page.getByLabel('New API token');
      await visible(value);
      const token = await value.inputValue();
      expect(token).toMatch(/^eat_/);
      expect(await bearerStatus(token)).toBe(200);

      const row = page.getByRole('table', { name: 'API tokens' }).getByTestId('api-token-row').filter({ hasText: name });
      await visible(row);
      expect(await row.locator('td').nth(1).innerText()).toBe('Read and write');
      await page.getByRole('button', { name: 'I have saved it' }).click();
      await hidden(value);

      await row.getByRole('button', { name: `Revoke token ${name}` }).click();
      const confirm = page.getByRole('dialog', { name: 'Revoke API token?' });
      await confirm.getByRole('button', { name: 'Cancel' }).click();
      await hidden(confirm);
      expect(await bearerStatus(token)).toBe(200);

      await row.getByRole('button', { name: `Revoke token ${name}` }).click();
      await confirm.getByRole('button', { name: 'Revoke Token' }).click();
      await expectToast(page, 'Token revoked');
      await hidden(row);
      expect(await bearerStatus(token)).toBe(401);
    } finally {
      await context.close();
    }
  });

  it('asks for the password before an account change: Cancel does nothing, a wrong one is refused, the right one carries on', async () => {
    const { page, context } = await signedIn();
    try {
      await openIntegrations(page);
      const form = page.getByRole('form', { name: 'Create API token' });
      const name = `E2E confirm ${uid()}`;
      await form.getByLabel('Token name').fill(name);
      const create = form.getByRole('button', { name: 'Create Token' });
      await create.click();
      const dialog = page.getByRole('dialog', { name: 'Confirm your password' });
      const password = dialog.getByLabel('Password', { exact: true });
      await visible(password);
      const focused = (locator: typeof password) => locator.evaluate((el) => el === document.activeElement);
      expect(await focused(password)).toBe(true);
      expect(await dialog.getByLabel('Code', { exact: true }).count()).toBe(0); // 2FA is off

      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await hidden(dialog);
      await expect.poll(() => focused(create), { timeout: waitMs }).toBe(true);
      const named = async () =>
        ((await (await page.request.get('/api/tokens')).json()) as { name: string }[]).filter((t) => t.name === name);
      expect(await named()).toEqual([]);

      await create.click();
      await password.fill('not-the-password');
      await dialog.getByRole('button', { name: 'Confirm' }).click();
      await visible(dialog.getByText('The password is not correct', { exact: true }));
      expect(await password.getAttribute('aria-invalid')).toBe('true');
      await password.fill(adminPassword());
      await dialog.getByRole('button', { name: 'Confirm' }).click();
      await hidden(dialog);
      // No second click: the token asked for is made.
      await visible(page.getByLabel('New API token'));
      expect(await named()).toHaveLength(1);
    } finally {
      await context.close();
    }
  });

  it('has nothing left that is "coming soon"', async () => {
    const { page, context } = await signedIn();
    try {
      await openSecurity(page);
      await visible(page.getByRole('button', { name: 'Manage Sessions' }));
      expect(await page.getByText(/coming soon/i).count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
