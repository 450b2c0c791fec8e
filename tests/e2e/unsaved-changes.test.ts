import { describe, expect, it } from 'vitest';
import type { Dialog } from 'playwright-core';
import { firstPaintShown, hidden, signedInSession, uid, visible, waitMs, postEvent, toastShown, toasts } from '../setup/browser.ts';

const wait = waitMs;
const { page, context } = await signedInSession();

const toast = () => toasts(page);
const panel = () => page.getByRole('tabpanel');
const field = (label: string) => panel().getByLabel(label, { exact: true });
const confirm = () => page.getByRole('dialog', { name: 'Discard unsaved changes?' });
const keepEditing = () => confirm().getByRole('button', { name: 'Keep editing' }).click();
const discard = () => confirm().getByRole('button', { name: 'Discard changes' }).click();

const expectToast = (title: string, description?: string) => toastShown(page, title, description);

const createEvent = () =>
  postEvent(page, {
    title: `Guard Test ${uid()}`,
    description: 'Saved words',
    date: '2031-05-20T12:00:00.000Z',
    time: '18:00',
    venue: 'Guard Hall',
  });

async function openEdit(id: string) {
  await page.goto(`/events/${id}`);
  await visible(page.getByRole('heading', { name: 'Edit Event', level: 2 }));
  await visible(field('Title'));
  await firstPaintShown(page);
}

/** Proves no question came: the confirm dialog is absent now and a moment later. */
async function expectNoQuestion() {
  await page.waitForTimeout(300);
  expect(await confirm().count()).toBe(0);
}

/** A click on the modal's backdrop, outside its box (the top-left corner of the viewport). */
const clickBackdrop = () => page.mouse.click(8, 8);

describe('unsaved-changes guard', () => {
  it('asks before a link leaves a dirty form; Keep editing keeps the input, Discard changes leaves', async () => {
    const event = await createEvent();
    await openEdit(event.id);
    await field('Description').fill('Words not yet saved');

    await page.getByRole('link', { name: 'Back to Events' }).click();
    await visible(confirm());
    await keepEditing();
    await hidden(confirm());
    expect(new URL(page.url()).pathname).toBe(`/events/${event.id}`);
    expect(await field('Description').inputValue()).toBe('Words not yet saved');

    await page.getByRole('link', { name: 'Back to Events' }).click();
    await discard();
    await page.waitForURL((url) => url.pathname === '/events', { timeout: wait });
    await visible(page.getByRole('heading', { name: 'All Events' }));
  });

  it('asks before another tab of the event page; discarding puts the saved values back', async () => {
    const event = await createEvent();
    await openEdit(event.id);
    await field('Title').fill('A title not yet saved');

    await page.getByRole('tab', { name: 'SEO', exact: true }).click();
    await visible(confirm());
    await keepEditing();
    await visible(page.getByRole('tab', { name: 'Basic Info', selected: true }));
    expect(await field('Title').inputValue()).toBe('A title not yet saved');

    await page.getByRole('tab', { name: 'SEO', exact: true }).click();
    await discard();
    await visible(page.getByRole('tab', { name: 'SEO', selected: true }));
    // Back on Basic Info (nothing unsaved now, so no question): the stored title again.
    await page.getByRole('tab', { name: 'Basic Info' }).click();
    await visible(page.getByRole('tab', { name: 'Basic Info', selected: true }));
    expect(await field('Title').inputValue()).toBe(event.title);
    await expectNoQuestion();
  });

  it('never asks for an untouched form, nor for one just saved', async () => {
    const event = await createEvent();
    await openEdit(event.id);
    await page.getByRole('tab', { name: 'CTA' }).click();
    await visible(page.getByRole('tab', { name: 'CTA', selected: true }));
    await field('Button Text').fill('Save My Seat');
    await panel().getByRole('button', { name: 'Save CTA' }).click();
    await expectToast('Success', 'CTA data updated successfully');

    await page.getByRole('tab', { name: 'Basic Info' }).click();
    await visible(page.getByRole('tab', { name: 'Basic Info', selected: true }));
    await page.getByRole('link', { name: 'Back to Events' }).click();
    await page.waitForURL((url) => url.pathname === '/events', { timeout: wait });
    await expectNoQuestion();
  });

  it('asks before Escape or the backdrop closes a dirty dialog; Cancel closes it unasked', async () => {
    const event = await createEvent();
    await page.goto(`/seo?q=${encodeURIComponent(event.title)}`);
    const seoDialog = page.getByRole('dialog', { name: 'Edit SEO' });
    await page.getByRole('button', { name: `Edit SEO for ${event.title}` }).click();
    await visible(seoDialog.getByLabel('Meta Title', { exact: true }));

    // Untouched: Escape closes at once.
    await page.keyboard.press('Escape');
    await hidden(seoDialog);
    await expectNoQuestion();

    await page.getByRole('button', { name: `Edit SEO for ${event.title}` }).click();
    await seoDialog.getByLabel('Meta Title', { exact: true }).fill('Typed, not saved');
    await page.keyboard.press('Escape');
    await visible(confirm());
    await keepEditing();
    await hidden(confirm());
    expect(await seoDialog.getByLabel('Meta Title', { exact: true }).inputValue()).toBe('Typed, not saved');

    await clickBackdrop();
    await visible(confirm());
    await discard();
    await hidden(seoDialog);

    // Cancel is the explicit way out: no question, and the next opening starts from what is stored.
    await page.getByRole('button', { name: `Edit SEO for ${event.title}` }).click();
    await seoDialog.getByLabel('Meta Title', { exact: true }).fill('Typed again');
    await seoDialog.getByRole('button', { name: 'Cancel' }).click();
    await hidden(seoDialog);
    await expectNoQuestion();
    await page.getByRole('button', { name: `Edit SEO for ${event.title}` }).click();
    expect(await seoDialog.getByLabel('Meta Title', { exact: true }).inputValue()).toBe('');
    await seoDialog.getByRole('button', { name: 'Cancel' }).click();
  });

  it('asks before Escape or the backdrop closes the create-event wizard with input in it', async () => {
    await page.goto('/events');
    await visible(page.getByRole('heading', { name: 'All Events' }));
    const wizard = page.getByRole('dialog', { name: 'Create New Event' });
    await page.getByRole('button', { name: 'Create Event' }).click();
    await visible(wizard);
    await page.keyboard.press('Escape');
    await hidden(wizard);
    await expectNoQuestion();

    await page.getByRole('button', { name: 'Create Event' }).click();
    await wizard.getByLabel('Title', { exact: true }).fill('Half-made event');
    await wizard.getByLabel('Venue', { exact: true }).fill('Somewhere');
    await wizard.getByRole('button', { name: 'Next' }).click();
    await page.keyboard.press('Escape');
    await visible(confirm());
    await keepEditing();
    await visible(wizard.getByTestId('create-event-step').getByText('SEO Information'));

    await clickBackdrop();
    await visible(confirm());
    await keepEditing();
    await wizard.getByRole('button', { name: 'Back' }).click();
    expect(await wizard.getByLabel('Title', { exact: true }).inputValue()).toBe('Half-made event');

    await page.keyboard.press('Escape');
    await discard();
    await hidden(wizard);
    await page.getByRole('button', { name: 'Create Event' }).click();
    expect(await wizard.getByLabel('Title', { exact: true }).inputValue()).toBe('');
    await wizard.getByRole('button', { name: 'Cancel' }).click();
    await hidden(wizard);
  });

  it("asks through the browser's own prompt before a dirty page's tab closes, and not when clean", async () => {
    const event = await createEvent();
    const tab = await context.newPage();
    try {
      await tab.goto(`/events/${event.id}`);
      const title = tab.getByRole('tabpanel').getByLabel('Title', { exact: true });
      await visible(title);
      // A click first: browsers only prompt on pages the user has interacted with.
      await title.click();
      await title.pressSequentially(' edited');
      const prompts: Dialog[] = [];
      tab.on('dialog', (dialog) => {
        prompts.push(dialog);
        void dialog.dismiss();
      });
      await tab.close({ runBeforeUnload: true });
      await expect.poll(() => prompts.length, { timeout: wait }).toBe(1);
      expect(prompts[0]!.type()).toBe('beforeunload');
      // Dismissing the prompt keeps the tab and its input.
      expect(tab.isClosed()).toBe(false);
      expect(await title.inputValue()).toBe(`${event.title} edited`);

      await title.fill(event.title);
      await tab.close({ runBeforeUnload: true });
      await expect.poll(() => tab.isClosed(), { timeout: wait }).toBe(true);
      expect(prompts).toHaveLength(1);
    } finally {
      if (!tab.isClosed()) await tab.close();
    }
  });
});

describe('a save refused with 409 keeps the input', () => {
  it('on the CTA tab, and the latest version can be loaded', async () => {
    const event = await createEvent();
    const saveCta = (text: string) => page.request.post(`/api/events/${event.id}/cta`, { data: { text, isCustom: false } });
    expect((await saveCta('RSVP')).status()).toBe(200);
    await page.goto(`/events/${event.id}?tab=cta`);
    await visible(field('Button Text'));
    expect(await field('Button Text').inputValue()).toBe('RSVP');
    expect((await saveCta('Join Us')).status()).toBe(200);

    await field('Button Text').fill('Mine, not theirs');
    await panel().getByRole('button', { name: 'Save CTA' }).click();
    await expectToast('Failed to update CTA data');
    await visible(panel().getByRole('alert').getByText('The call to action was changed elsewhere since you opened it.'));
    expect(await field('Button Text').inputValue()).toBe('Mine, not theirs');
    expect(await (await page.request.get(`/api/events/${event.id}/cta`)).json()).toMatchObject({ text: 'Join Us' });

    await panel().getByRole('button', { name: 'Load latest version' }).click();
    await expect.poll(() => field('Button Text').inputValue(), { timeout: wait }).toBe('Join Us');
    await hidden(panel().getByRole('button', { name: 'Load latest version' }));
  });

  it('on Global Settings, and the latest version can be loaded', async () => {
    const before = await (await page.request.get('/api/app-settings')).json();
    await page.goto('/settings?tab=global');
    const fee = page.getByLabel('Service Fee Percentage');
    await visible(fee);
    try {
      const current = await (await page.request.get('/api/app-settings')).json();
      const other = await page.request.post('/api/app-settings', { data: { serviceFeePercentage: '12.5', version: current.version } });
      expect(other.status()).toBe(200);

      await fee.fill('21');
      await page.getByRole('button', { name: 'Save Global Settings' }).click();
      await expectToast('Error');
      await visible(toast().getByText(/changed by someone else/));
      await visible(page.getByRole('alert').getByText('The service fee was changed elsewhere since you opened it.'));
      expect(await fee.inputValue()).toBe('21');
      expect((await (await page.request.get('/api/app-settings')).json()).serviceFeePercentage).toBe('12.5');

      await page.getByRole('button', { name: 'Load latest version' }).click();
      await expect.poll(() => fee.inputValue(), { timeout: wait }).toBe('12.5');
    } finally {
      // Put back what the other files may have set (nothing to put back if it was never saved).
      const latest = await (await page.request.get('/api/app-settings')).json();
      if (before.serviceFeePercentage) {
        const data = { serviceFeePercentage: before.serviceFeePercentage, version: latest.version };
        await page.request.post('/api/app-settings', { data });
      }
    }
  });
});
