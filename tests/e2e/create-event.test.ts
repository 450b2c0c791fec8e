import { describe, expect, it } from 'vitest';
import type { EventInfo } from '@event-admin/core/event/event.schema';
import { hidden, signedInSession, uid, visible, waitMs, toastShown } from '../setup/browser.ts';

const wait = waitMs;
const { page } = await signedInSession();

const dialog = () => page.getByRole('dialog', { name: 'Create New Event' });
const field = (label: string) => dialog().getByLabel(label, { exact: true });
const button = (name: string) => dialog().getByRole('button', { name, exact: true });
const stepText = () => dialog().getByTestId('create-event-step');

const expectToast = (title: string, description?: string) => toastShown(page, title, description);

async function expectStep(n: number, name: string) {
  await expect.poll(() => stepText().textContent(), { timeout: wait }).toBe(`Step ${n} of 3: ${name}`);
  expect(await dialog().locator('[aria-current="step"]').textContent()).toContain(name.split(' ')[0]);
}

async function openDialog() {
  await page.goto('/events');
  await visible(page.getByRole('heading', { name: 'All Events' }));
  await page.getByRole('button', { name: 'Create Event' }).click();
  await visible(dialog());
  await expectStep(1, 'Basic Information');
}

async function eventsTitled(title: string): Promise<EventInfo[]> {
  const response = await page.request.get('/api/events');
  expect(response.status()).toBe(200);
  return ((await response.json()) as EventInfo[]).filter((e) => e.title === title);
}

/** The event's saved SEO or CTA, as the REST API answers it. */
const savedPart = async (id: string, part: 'seo' | 'cta') => (await page.request.get(`/api/events/${id}/${part}`)).json();

async function fillBasic(title: string, venue = 'Riverside Hall') {
  await field('Title').fill(title);
  await field('Venue').fill(venue);
}

describe('create event dialog', () => {
  it('starts with the SPEC defaults and shows the three steps', async () => {
    await openDialog();
    const today = await page.evaluate(() => {
      const d = new Date();
      return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
    });
    expect(await field('Title').inputValue()).toBe('');
    expect(await field('Description').inputValue()).toBe('');
    expect(await field('Date').inputValue()).toBe(today);
    expect(await field('Time').inputValue()).toBe('09:00');
    expect(await field('Venue').inputValue()).toBe('');
    expect(await field('Status').inputValue()).toBe('draft');
    const statusOptions = await field('Status').locator('option').allTextContents();
    expect(statusOptions).toEqual(['Draft', 'Active', 'Completed', 'Cancelled']);

    await fillBasic(`Defaults ${uid()}`);
    await button('Next').click();
    await expectStep(2, 'SEO Information');
    expect(await field('SEO Title').inputValue()).toBe('');
    expect(await field('SEO Description').inputValue()).toBe('');
    expect(await field('SEO Keywords').inputValue()).toBe('');
    await visible(dialog().getByText(/SEO title 50-60 characters/));
    await visible(dialog().getByText(/meta description 150-160 characters/));

    await button('Next').click();
    await expectStep(3, 'Call to Action');
    expect(await field('Call to Action Text').inputValue()).toBe('Register Now');
    const choices = await field('Call to Action Text').locator('option').allTextContents();
    expect(choices).toEqual(['Register Now', 'Buy Tickets', 'RSVP', 'Learn More', 'Join Us', 'Custom']);
    expect(await field('Custom CTA Text').count()).toBe(0);
    await field('Call to Action Text').selectOption('Custom');
    await visible(field('Custom CTA Text'));
    await field('Call to Action Text').selectOption('RSVP');
    await hidden(field('Custom CTA Text'));
    await button('Cancel').click();
    await hidden(dialog());
  });

  it('validates only the current step, with the SPEC messages', async () => {
    await openDialog();
    // Step 1: title and venue at least 3 characters, time HH:MM, a parseable date.
    await button('Next').click();
    await visible(dialog().getByText('Title must be at least 3 characters long', { exact: true }));
    await visible(dialog().getByText('Venue must be at least 3 characters long', { exact: true }));
    await field('Title').fill('ab');
    await field('Venue').fill('  xy  ');
    await field('Time').fill('');
    await field('Date').fill('');
    await button('Next').click();
    await visible(dialog().getByText('Invalid time format (HH:MM)', { exact: true }));
    await visible(dialog().getByText('Invalid date format', { exact: true }));
    expect(await dialog().getByText('Title must be at least 3 characters long').count()).toBe(1);
    expect(await dialog().getByText('Venue must be at least 3 characters long').count()).toBe(1);
    await expectStep(1, 'Basic Information');

    await field('Title').fill('abc');
    await field('Venue').fill('Hall');
    await field('Time').fill('21:45');
    await field('Date').fill('2031-02-03');
    await button('Next').click();
    await expectStep(2, 'SEO Information');
    // Nothing on step 2 was validated on the way in.
    expect(await dialog().getByRole('alert').count()).toBe(0);

    // Step 2: at most 60 and 160 characters.
    await field('SEO Title').fill('t'.repeat(61));
    await field('SEO Description').fill('d'.repeat(161));
    await button('Next').click();
    await visible(dialog().getByText('SEO title should be under 60 characters', { exact: true }));
    await visible(dialog().getByText('Description should be under 160 characters', { exact: true }));
    await expectStep(2, 'SEO Information');
    await field('SEO Title').fill('t'.repeat(60));
    await field('SEO Description').fill('d'.repeat(160));
    await button('Next').click();
    await expectStep(3, 'Call to Action');
    await button('Cancel').click();
    await hidden(dialog());
  });

  it('goes back cta -> seo -> basic keeping the input, and Cancel resets the form and closes', async () => {
    await openDialog();
    const title = `Back and forth ${uid()}`;
    await fillBasic(title, 'Back Hall');
    await field('Status').selectOption('active');
    await button('Next').click();
    await expectStep(2, 'SEO Information');
    expect(await button('Back').count()).toBe(1);
    await field('SEO Title').fill('Kept SEO title');
    await button('Next').click();
    await expectStep(3, 'Call to Action');
    await field('Call to Action Text').selectOption('Join Us');

    await button('Back').click();
    await expectStep(2, 'SEO Information');
    expect(await field('SEO Title').inputValue()).toBe('Kept SEO title');
    await button('Back').click();
    await expectStep(1, 'Basic Information');
    expect(await button('Back').count()).toBe(0);
    expect(await field('Title').inputValue()).toBe(title);
    expect(await field('Status').inputValue()).toBe('active');
    await button('Next').click();
    await button('Next').click();
    expect(await field('Call to Action Text').inputValue()).toBe('Join Us');

    await button('Cancel').click();
    await hidden(dialog());
    await page.getByRole('button', { name: 'Create Event' }).click();
    await visible(dialog());
    await expectStep(1, 'Basic Information');
    expect(await field('Title').inputValue()).toBe('');
    expect(await field('Venue').inputValue()).toBe('');
    expect(await field('Status').inputValue()).toBe('draft');
    await button('Next').click();
    // The reset also cleared the old errors' cause: the new empty form fails again on step 1.
    await visible(dialog().getByText('Title must be at least 3 characters long'));
    // Escape closes like Cancel.
    await page.keyboard.press('Escape');
    await hidden(dialog());
    expect(await eventsTitled(title)).toHaveLength(0);
  });

  it('creates the event with its SEO and CTA, then shows it in the list and on the dashboard', async () => {
    await openDialog();
    const title = `Created Gala ${uid()}`;
    await field('Title').fill(title);
    await field('Description').fill('An evening created through the wizard.');
    await field('Date').fill('2031-07-15');
    await field('Time').fill('20:30');
    await field('Venue').fill('Wizard Hall');
    await field('Status').selectOption('active');
    await button('Next').click();
    await field('SEO Title').fill('Created Gala tickets, dinner and dancing by the river');
    await field('SEO Description').fill('Join the Created Gala for dinner and dancing.');
    await field('SEO Keywords').fill('gala, dinner, dancing');
    await button('Next').click();
    await field('Call to Action Text').selectOption('Custom');
    await field('Custom CTA Text').fill('Save My Seat');
    await button('Create Event').click();

    await expectToast('Event created', 'Your event has been created successfully.');
    await hidden(dialog());

    const [event, ...others] = await eventsTitled(title);
    expect(others).toHaveLength(0);
    expect(event).toMatchObject({
      description: 'An evening created through the wizard.',
      time: '20:30',
      venue: 'Wizard Hall',
      status: 'active',
    });
    expect(event!.date).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(await savedPart(event!.id, 'seo')).toMatchObject({
      title: 'Created Gala tickets, dinner and dancing by the river',
      description: 'Join the Created Gala for dinner and dancing.',
      keywords: 'gala, dinner, dancing',
    });
    expect(await savedPart(event!.id, 'cta')).toMatchObject({ text: 'Save My Seat', isCustom: true });

    // The list was refreshed: the new event is there without a reload.
    const row = page.locator(`[data-testid="event-row"][data-event-id="${event!.id}"]`);
    await visible(row);
    const cells = (await row.locator('td:not(:has(input[type="checkbox"]))').allTextContents()).map((c) => c.trim());
    expect(cells.slice(0, 4)).toEqual([title, 'Jul 15, 2031', 'Wizard Hall', 'Active']);

    // A new wizard starts again at step 1 with the defaults.
    await page.getByRole('button', { name: 'Create Event' }).click();
    await expectStep(1, 'Basic Information');
    expect(await field('Title').inputValue()).toBe('');
    await button('Cancel').click();

    await page.getByRole('link', { name: 'Dashboard' }).first().click();
    await page.waitForURL('**/dashboard', { timeout: wait });
    const recent = page.getByRole('region', { name: 'Recent Events' });
    await visible(recent.getByText(title, { exact: true }));
  });

  it('sends a preset CTA without SEO when the SEO step is left empty', async () => {
    await openDialog();
    const title = `Plain Create ${uid()}`;
    await fillBasic(title);
    await button('Next').click();
    await button('Next').click();
    await field('Call to Action Text').selectOption('Buy Tickets');
    await button('Create Event').click();
    await expectToast('Event created', 'Your event has been created successfully.');
    const [event] = await eventsTitled(title);
    expect(event!.status).toBe('draft');
    expect(await savedPart(event!.id, 'seo')).toBeNull();
    expect(await savedPart(event!.id, 'cta')).toMatchObject({ text: 'Buy Tickets', isCustom: false });
  });

  it('reports a failed create and keeps the input', async () => {
    await openDialog();
    const title = `Failing Create ${uid()}`;
    await fillBasic(title);
    await button('Next').click();
    await button('Next').click();
    const createCall = (url: URL) => url.pathname.startsWith('/trpc/') && url.pathname.includes('events.create');
    await page.route(createCall, (route) => route.abort());
    try {
      await button('Create Event').click();
      await expectToast('Failed to create event', 'An error occurred while creating the event.');
    } finally {
      await page.unroute(createCall);
    }
    await expectStep(3, 'Call to Action');
    await button('Back').click();
    await button('Back').click();
    expect(await field('Title').inputValue()).toBe(title);
    expect(await eventsTitled(title)).toHaveLength(0);
    await button('Cancel').click();
  });

  it('says so when the event was created but its SEO could not be saved, and a retry does not duplicate it', async () => {
    await openDialog();
    const title = `Half Created ${uid()}`;
    await fillBasic(title);
    await button('Next').click();
    await field('SEO Title').fill('Half created title');
    await button('Next').click();
    const seoCall = (url: URL) => url.pathname.startsWith('/trpc/') && url.pathname.includes('seo.save');
    await page.route(seoCall, (route) => route.abort());
    try {
      await button('Create Event').click();
      await expectToast('Event created, but its SEO data could not be saved');
      await visible(
        dialog()
          .getByRole('alert')
          .getByText(/the event will not be created twice/),
      );
    } finally {
      await page.unroute(seoCall);
    }
    expect(await eventsTitled(title)).toHaveLength(1);

    await button('Create Event').click();
    await expectToast('Event created', 'Your event has been created successfully.');
    await hidden(dialog());
    const events = await eventsTitled(title);
    expect(events).toHaveLength(1);
    expect(await savedPart(events[0]!.id, 'seo')).toMatchObject({ title: 'Half created title' });
    expect(await savedPart(events[0]!.id, 'cta')).toMatchObject({ text: 'Register Now', isCustom: false });
  });

  it('asks for the custom text before creating anything', async () => {
    await openDialog();
    const title = `Custom Empty ${uid()}`;
    await fillBasic(title);
    await button('Next').click();
    await button('Next').click();
    await field('Call to Action Text').selectOption('Custom');
    await button('Create Event').click();
    await visible(dialog().getByText('Button text is required.', { exact: true }));
    expect(await eventsTitled(title)).toHaveLength(0);
    await button('Cancel').click();
  });
});
