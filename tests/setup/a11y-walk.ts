// The accessibility walk (tests/e2e/a11y-*.test.ts): two halves per width, each a file of its
// own, so the suite's two workers walk them side by side and no one file is the suite's tail.
import { expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { EventInfo } from '@event-admin/core/event/event.schema';
import { axeProblems } from './axe.ts';
import { browserForFile, confirmPassword, newPage, postCreated, signIn, signInByApi, visible, waitMs } from './browser.ts';

/**
 * Waits (bounded) until the skeletons are gone and no transition is halfway (axe would measure a
 * menu's colours while it fades in).
 */
async function settled(page: Page) {
  await page
    .waitForFunction(
      () =>
        // a chart below the fold keeps its placeholder until scrolled to (WhenVisible): not loading
        !document.querySelector(':is(.skeleton, .loading):not([data-when-visible] *)') &&
        // Endless or long animations (spinners, daisyUI's scroll lock) are not transitions to wait for.
        document.getAnimations().every((a) => a.playState !== 'running' || !(Number(a.effect?.getComputedTiming().endTime) < 5000)),
      null,
      { timeout: waitMs },
    )
    .catch(async (error: Error) => {
      const running = await page.evaluate(() =>
        document
          .getAnimations()
          .filter((a) => a.playState === 'running')
          .map((a) => `${(a as CSSAnimation).animationName ?? ''} on ${(a.effect as KeyframeEffect)?.target?.outerHTML.slice(0, 200)}`),
      );
      throw new Error(`${error.message}; still running: ${running.join(' | ')}`);
    });
}

const schemes = ['light', 'dark'] as const;

/**
 * Every screen, tab and dialog once (in two halves, files of their own, so the suite's two workers
 * share a width's walk), in one page of the given width, each state checked in the
 * light and the dark scheme (the app follows the system's setting unless the user chose
 * otherwise, so switching the emulated setting re-themes the state in place: one walk, not one
 * per scheme), collecting axe's serious and critical findings on the way.
 */
async function walkEveryScreen(browser: Browser, viewport: { width: number; height: number }, half: 1 | 2) {
  const { page, context } = await newPage(browser, viewport);
  page.setDefaultTimeout(waitMs);
  const problems: string[] = [];
  const dialog = () => page.getByRole('dialog');
  const check = async (state: string) => {
    // The requests the state started settle once (500 ms without one): a scheme switch starts none.
    await page.waitForLoadState('networkidle', { timeout: waitMs }).catch(() => undefined);
    for (const scheme of schemes) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.waitForFunction((wanted) => document.documentElement.dataset.theme === wanted, scheme, { timeout: waitMs });
      await settled(page);
      // the second scheme changes only colours: its colour rules are what could answer differently
      problems.push(...(await axeProblems(page, `${state}, ${scheme}`, { coloursOnly: scheme !== schemes[0] })));
    }
  };
  const openDialog = async (button: string | RegExp) => {
    await page.getByRole('button', { name: button }).first().click();
    await visible(dialog());
  };
  const closeDialog = async () => {
    await dialog().getByRole('button', { name: 'Close dialog' }).click();
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
  };
  const tab = async (name: string) => {
    await page.getByRole('tab', { name, exact: true }).click();
    await visible(page.getByRole('tab', { name, exact: true, selected: true }));
  };

  // The first half: signed out, the shell, events and customers.
  if (half === 1) {
    await page.goto('/login');
    await visible(page.getByRole('button', { name: 'Sign In' }));
    await check('login');
    // An invitation's page: its form, and what a used or missing code shows.
    await page.goto('/accept-invite?code=a11y-walk');
    await visible(page.getByRole('button', { name: 'Accept and Sign In' }));
    await check('accept invitation');
    await page.goto('/accept-invite');
    await visible(page.getByRole('alert').getByText('This invitation is no longer valid', { exact: true }));
    await check('accept invitation, no longer valid');

    await signIn(page);
    await visible(page.getByTestId('event-row').first());
    await check('dashboard');

    const banner = page.getByRole('banner');
    await banner.getByRole('button', { name: 'Notifications', exact: true }).click();
    await visible(page.getByRole('dialog', { name: 'Notifications' }));
    await check('notifications (the bell)');
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
    await banner.getByRole('button', { name: 'Help' }).click();
    await visible(page.getByRole('dialog', { name: 'Help' }));
    await check('help');
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'hidden' });

    await page.getByRole('button', { name: /account menu/i }).click();
    await visible(page.getByRole('menu'));
    await check('avatar menu open');
    await page.keyboard.press('Escape');

    if (viewport.width < 768) {
      await page.getByRole('button', { name: 'Open sidebar' }).click();
      await visible(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Events' }));
      await page.waitForTimeout(250); // the drawer's 200 ms slide
      await check('mobile sidebar open');
      await page.keyboard.press('Escape');
    }

    await page.goto('/events');
    await visible(page.getByRole('heading', { name: 'All Events' }));
    await check('events');
    await openDialog('Create Event');
    await check('create event, step 1');
    await dialog().getByLabel('Title', { exact: true }).fill('Accessibility walk');
    await dialog().getByLabel('Venue', { exact: true }).fill('Riverside Hall');
    await dialog().getByRole('button', { name: 'Next' }).click();
    await visible(dialog().getByLabel('SEO Title'));
    await check('create event, step 2');
    await dialog().getByRole('button', { name: 'Next' }).click();
    await visible(dialog().getByRole('button', { name: 'Create Event' }));
    await check('create event, step 3');
    // Typed-in values make closing ask first: that question is a screen too.
    await dialog().getByRole('button', { name: 'Close dialog' }).click();
    const discard = page.getByRole('dialog', { name: 'Discard unsaved changes?' });
    await visible(discard);
    await check('discard unsaved changes?');
    await discard.getByRole('button', { name: 'Discard changes' }).click();
    await page.getByRole('dialog').waitFor({ state: 'hidden' });

    const events = (await (await page.request.get('/api/events')).json()) as EventInfo[];
    await page.goto(`/events/${events[0]!.id}`);
    await visible(page.getByRole('heading', { name: 'Edit Event', level: 2 }));
    await check('event, Basic Info');
    for (const name of ['SEO', 'CTA', 'Content Blocks']) {
      await tab(name);
      await check(`event, ${name}`);
    }
    await openDialog(/^(Add Block|Add your first block)$/);
    await check('event, Add Block dialog');
    await closeDialog();
    await tab('History');
    await check('event, History');

    await page.goto('/customers');
    await visible(page.getByRole('heading', { name: 'Customers', level: 2 }));
    await check('customers');
    await openDialog('Add New Customer');
    await check('Add New Customer dialog');
    await closeDialog();
    // a customer of the walk's own: the demo's first may have been erased by an earlier file (no Erase then)
    const name = `Walker ${viewport.width} ${Date.now()}`;
    await postCreated(page, '/api/customers', { name, email: `walker.${viewport.width}.${Date.now()}@example.com`, phone: '' });
    await page.getByRole('searchbox', { name: 'Search customers' }).fill(name);
    await visible(page.getByRole('button', { name: `View ${name}` }));
    await openDialog(/^View /);
    await check('customer detail, Transactions');
    await dialog().getByRole('button', { name: 'Erase', exact: true }).click();
    const erase = page.getByRole('dialog', { name: 'Erase customer?' });
    await visible(erase);
    await check('Erase customer dialog');
    await erase.getByRole('button', { name: 'Cancel' }).click();
    await erase.waitFor({ state: 'hidden' });
    await tab('Addresses');
    await check('customer detail, Addresses');
    await tab('History');
    await check('customer detail, History');
    await closeDialog();
  } else {
    // The second half: transactions, reports, SEO, settings and a missing screen.
    await signInByApi(page);
    await page.goto('/transactions');
    await visible(page.getByRole('heading', { name: 'Transaction History', level: 2 }));
    await check('transactions');
    const firstRow = page.locator('tr[data-transaction-id]').first();
    await firstRow.getByRole('checkbox').check();
    await visible(page.getByRole('group', { name: 'Bulk actions' }));
    await check('transactions, bulk bar');
    await page.getByRole('group', { name: 'Bulk actions' }).getByRole('button', { name: 'Fail', exact: true }).click();
    await visible(dialog());
    await check('transactions, bulk confirmation');
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
    await firstRow.getByRole('checkbox').uncheck();

    const sold = ((await (await page.request.get('/api/transactions')).json()) as { id: string; status: string }[]).find(
      (t) => t.status === 'completed',
    )!;
    await page.goto(`/transactions?id=${sold.id}`);
    const panel = page.getByRole('dialog', { name: 'Transaction' });
    await visible(panel.getByRole('button', { name: 'Refund' }));
    await check('transaction panel');
    await panel.getByRole('button', { name: 'Refund' }).click();
    await visible(page.getByRole('dialog', { name: 'Refund transaction' }));
    await check('refund dialog');
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: 'Refund transaction' }).waitFor({ state: 'hidden' });

    await page.goto('/reports');
    await visible(page.getByRole('heading', { name: 'Reports', level: 2 }));
    await check('reports');

    await page.goto('/seo');
    await visible(page.getByRole('heading', { name: 'SEO Management', level: 2 }));
    await check('seo, Event SEO');
    await openDialog(/^Edit SEO for /);
    await check('Edit SEO dialog');
    await closeDialog();
    await tab('SEO Tips');
    await check('seo, SEO Tips');

    await page.goto('/settings');
    for (const name of ['Profile', 'Notifications', 'Security', 'Integrations', 'Global Settings', 'Team']) {
      await tab(name);
      await check(`settings, ${name}`);
    }
    await tab('Security');
    // Enable 2FA asks for the password first (this session has not confirmed it): that dialog is a screen too.
    await page.getByRole('button', { name: 'Enable 2FA' }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirm your password' });
    await visible(confirm.getByLabel('Password', { exact: true }));
    await check('Confirm your password dialog');
    await confirmPassword(page);
    const enable = page.getByRole('dialog', { name: 'Enable 2FA' });
    await visible(enable.getByLabel('Authentication code'));
    await check('Enable 2FA dialog');
    await closeDialog();
    await openDialog('Manage Sessions');
    await check('Manage Sessions dialog');
    await closeDialog();
    await tab('Team');
    await openDialog('Invite Member');
    await check('Invite Member dialog');
    await closeDialog();
    // Integrations with a webhook: its secret shown once, its row, its log and its edit dialog
    await tab('Integrations');
    const addWebhook = page.getByRole('form', { name: 'Add webhook' });
    await addWebhook.getByLabel('Endpoint URL').fill(`http://127.0.0.1:9/a11y-${viewport.width}`);
    await addWebhook.getByRole('button', { name: 'Add Webhook' }).click();
    await visible(page.getByLabel('Signing secret'));
    await check('Integrations, a new webhook');
    await page.getByRole('button', { name: 'I have saved it' }).click();
    const webhook = page
      .getByRole('table', { name: 'Webhooks' })
      .getByRole('row')
      .filter({ hasText: `a11y-${viewport.width}` });
    await webhook.getByRole('button', { name: 'Deliveries' }).click();
    await visible(dialog());
    await check('Delivery log dialog');
    await closeDialog();
    await webhook.getByRole('button', { name: 'Edit' }).click();
    await visible(dialog());
    await check('Edit Webhook dialog');
    await closeDialog();
    await webhook.getByRole('button', { name: 'Rotate secret' }).click();
    await visible(dialog());
    await check('Rotate signing secret dialog');
    await closeDialog();
    await webhook.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog', { name: 'Delete webhook?' }).getByRole('button', { name: 'Delete Webhook' }).click();
    await webhook.waitFor({ state: 'hidden' });

    await page.goto('/no-such-screen');
    await visible(page.getByRole('heading', { name: '404 Page Not Found' }));
    await check('404');
  }
  await context.close();
  return problems;
}

/** One half of the walk at one width as a test of its own file (tests/e2e/a11y-desktop-1.test.ts and so on). */
export async function walkTest(label: string, viewport: { width: number; height: number }, half: 1 | 2) {
  const browser = await browserForFile();
  it(
    `axe (WCAG 2.1 A and AA): no serious or critical violation on every screen, tab and dialog at ${label} (half ${half}), in light and in dark`,
    { timeout: 240_000 },
    async () => {
      const problems = await walkEveryScreen(browser, viewport, half);
      expect(problems, problems.join('\n')).toEqual([]);
    },
  );
}
