import { describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import type { Invitation } from '@event-admin/core/user/user.schema';
import { authenticatorCode } from '../setup/authenticator.ts';
import {
  adminPassword,
  confirmPassword,
  hidden,
  newPage,
  uid,
  visible,
  waitMs,
  signedInSession,
  toastShown,
  toasts,
} from '../setup/browser.ts';

/** One signed-in administrator for the file (its password, once confirmed, covers every team change). */
const { browser, page: admin } = await signedInSession();

const expectToast = toastShown;
const memberRow = (username: string) => admin.locator(`tr[data-username="${username}"]`);
const memberPassword = 'member-Secret-pass';

async function openTeam() {
  await admin.goto('/settings?tab=team');
  await visible(admin.getByRole('tab', { name: 'Team', selected: true }));
}

/** The link of the Invitation link dialog, which is then closed. */
async function takeLink() {
  const dialog = admin.getByRole('dialog', { name: 'Invitation link' });
  const link = await dialog.getByLabel('Invitation link').inputValue();
  await dialog.getByRole('button', { name: 'Done' }).click();
  await hidden(dialog);
  return link;
}

/** Answers Confirm your password if this session's password is asked for before `next` shows. */
async function confirmIfAsked(next: Locator) {
  const confirm = admin.getByRole('dialog', { name: 'Confirm your password' });
  await visible(confirm.or(next));
  if (await confirm.isVisible()) await confirmPassword(admin);
}

/** Invite Member through its dialog; returns the link it shows once. */
async function invite(username: string, name: string) {
  await admin.getByRole('button', { name: 'Invite Member' }).click();
  const dialog = admin.getByRole('dialog', { name: 'Invite Member' });
  await dialog.getByLabel('Username', { exact: true }).fill(username);
  await dialog.getByLabel('Name', { exact: true }).fill(name);
  await dialog.getByRole('button', { name: 'Send Invitation' }).click();
  await confirmIfAsked(admin.getByRole('dialog', { name: 'Invitation link' }));
  return takeLink();
}

/** A member's row action and its confirmation. */
async function act(username: string, action: string, dialogTitle: string, confirmLabel: string) {
  await memberRow(username)
    .getByRole('button', { name: `${action} ${username}` })
    .click();
  await admin.getByRole('dialog', { name: dialogTitle }).getByRole('button', { name: confirmLabel }).click();
}

/** Opens an invitation link in a browser of its own and sets the password. */
async function accept(link: string) {
  const member = await newPage(browser);
  member.page.setDefaultTimeout(waitMs);
  await member.page.goto(link);
  await member.page.getByLabel('New password').fill(memberPassword);
  await member.page.getByLabel('Confirm password').fill(memberPassword);
  await member.page.getByRole('button', { name: 'Accept and Sign In' }).click();
  return member;
}

describe('Settings > Team', () => {
  it('invites a member who accepts in another browser, is signed in as them, and is signed out when disabled', async () => {
    const username = `e2e-${uid()}`;
    await openTeam();
    // Your own row has no actions.
    await visible(memberRow('admin').getByText('You', { exact: true }));
    expect(await memberRow('admin').getByRole('button').count()).toBe(0);

    const link = await invite(username, 'Robin Member');
    expect(new URL(link).pathname).toBe('/accept-invite');
    const row = memberRow(username);
    await visible(row.getByText('Invited', { exact: true }));
    expect((await row.locator('td').allInnerTexts()).slice(0, 5)).toEqual([username, 'Robin Member', 'Invited', 'Off', 'Never']);

    const member = await newPage(browser);
    try {
      const page = member.page;
      page.setDefaultTimeout(waitMs);
      await page.goto(link);
      // SPEC's new-password rules, before anything is sent.
      await page.getByLabel('New password').fill('short');
      await page.getByRole('button', { name: 'Accept and Sign In' }).click();
      await visible(page.getByText('New password must be at least 8 characters', { exact: true }));
      await page.getByLabel('New password').fill(memberPassword);
      await page.getByLabel('Confirm password').fill(memberPassword);
      await page.getByRole('button', { name: 'Accept and Sign In' }).click();
      await page.waitForURL('**/dashboard');
      const menuButton = page.getByRole('button', { name: /account menu/i });
      expect(await menuButton.getAttribute('aria-label')).toBe('E2 Account menu');
      await menuButton.click();
      await visible(page.getByRole('menu').getByText(username, { exact: true }));
      await page.keyboard.press('Escape');

      await admin.reload();
      await visible(row.getByText('Active', { exact: true }));
      await act(username, 'Disable', 'Disable member?', 'Disable Member');
      await expectToast(admin, 'Member disabled');
      await visible(row.getByText('Disabled', { exact: true }));
      await visible(row.getByRole('button', { name: `Enable ${username}` }));

      // The disabled member's next step is refused: back to the sign-in screen.
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Customers' }).click();
      await page.waitForURL(/\/login/);
    } finally {
      await member.context.close();
    }
  });

  it('resets an invitation (the earlier link stops working) and deletes it', async () => {
    const username = `e2e-${uid()}`;
    await openTeam();
    const first = await invite(username, 'Casey Invitee');
    await act(username, 'Reset', 'Reset member?', 'Reset Member');
    const second = await takeLink();
    expect(second).not.toBe(first);
    await expectToast(admin, 'Member reset');

    const visitor = await accept(first);
    try {
      await visible(visitor.page.getByRole('alert').getByText('This invitation is no longer valid', { exact: true }));
      expect(new URL(visitor.page.url()).pathname).toBe('/accept-invite');
    } finally {
      await visitor.context.close();
    }

    await act(username, 'Delete', 'Delete invitation?', 'Delete Member');
    await expectToast(admin, 'Member deleted');
    await hidden(memberRow(username));
  });
});

describe('Settings > Security: Require two-factor sign-in for every member', () => {
  it('is refused to an administrator without 2FA, with the reason', async () => {
    await admin.goto('/settings?tab=security');
    const rule = admin.getByRole('switch', { name: 'Require two-factor sign-in for every member' });
    await rule.check();
    await admin.getByRole('button', { name: 'Save Team Sign-In' }).click();
    await confirmIfAsked(toasts(admin).getByText('Failed to save team sign-in', { exact: true }));
    await expectToast(admin, 'Failed to save team sign-in');
    await visible(
      toasts(admin).getByText('Turn on two-factor sign-in for yourself first, then require it for every member', { exact: true }),
    );
    expect((await (await admin.request.get('/api/security-settings')).json()).requireTwoFactor).toBe(false);
    await rule.uncheck();
  });

  it('takes a member without 2FA straight to its setup, and into the app once it is on', async () => {
    // The administrator turns 2FA on and requires it, through the API (Settings > Security is tested elsewhere).
    const post = (path: string, data?: object) => admin.request.post(path, { data });
    expect((await post('/api/auth/confirm', { password: adminPassword() })).status()).toBe(204);
    const { secret } = await (await post('/api/auth/2fa/setup')).json();
    const { recoveryCodes } = await (await post('/api/auth/2fa/enable', { code: authenticatorCode(secret), secret })).json();
    const invitation: Invitation = await (await post('/api/users', { username: `e2e-${uid()}`, name: 'Sam Required' })).json();
    let member: Awaited<ReturnType<typeof accept>> | undefined;
    try {
      expect((await admin.request.put('/api/security-settings', { data: { requireTwoFactor: true } })).status()).toBe(200);
      member = await accept(invitation.inviteUrl);
      const page = member.page;
      // Straight to Enable 2FA, which asks for the new member's password first.
      await visible(page.getByRole('heading', { name: 'Set Up Two-Factor Sign-In' }));
      const confirm = page.getByRole('dialog', { name: 'Confirm your password' });
      await confirm.getByLabel('Password', { exact: true }).fill(memberPassword);
      await confirm.getByRole('button', { name: 'Confirm' }).click();
      const dialog = page.getByRole('dialog', { name: 'Enable 2FA' });
      await visible(dialog.getByRole('img', { name: 'QR code for your authenticator app' }));
      expect(await page.getByRole('navigation', { name: 'Main' }).count()).toBe(0);
      const memberSecret = (await dialog.getByTestId('two-factor-secret').innerText()).replace(/\s/g, '');
      await dialog.getByLabel('Authentication code').fill(authenticatorCode(memberSecret));
      await dialog.getByRole('button', { name: 'Verify and Enable' }).click();
      const codes = page.getByRole('dialog', { name: 'Save your recovery codes' });
      await visible(codes.getByRole('list', { name: 'Recovery codes' }), 3 * waitMs);
      await codes.getByRole('button', { name: 'Done' }).click();
      // The app, its first screen read again now that the server answers.
      await visible(page.getByTestId('event-row').first());
      expect(await page.getByTestId('shell-title').textContent()).toBe('Dashboard');
    } finally {
      await member?.context.close();
      // Other files sign in with the password alone: the rule and the administrator's 2FA go again.
      expect((await admin.request.put('/api/security-settings', { data: { requireTwoFactor: false } })).status()).toBe(200);
      if (recoveryCodes)
        expect((await post('/api/auth/2fa/disable', { password: adminPassword(), code: recoveryCodes[0] })).status()).toBe(204);
      expect((await post(`/api/users/${invitation.user.id}/disable`)).status()).toBe(204);
    }
  });
});
