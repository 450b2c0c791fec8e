import { describe, expect, it } from 'vitest';
import type { CreateEventInput, EventInfo } from '@event-admin/core/event/event.schema';
import { signedInSession, uid, visible, waitMs, postEvent, toastShown, toasts } from '../setup/browser.ts';

const wait = waitMs;
const { page } = await signedInSession();

/** The API's event, typed from core rather than written again. */
type ApiEvent = EventInfo;

const toast = () => toasts(page);
const panel = () => page.getByRole('tabpanel');
const field = (label: string) => panel().getByLabel(label, { exact: true });

const expectToast = (title: string, description?: string) => toastShown(page, title, description);

const createEvent = (fields: Partial<CreateEventInput> = {}) =>
  postEvent(page, {
    title: `Edit Test ${uid()}`,
    description: 'Before the edit',
    date: '2031-04-10T12:00:00.000Z',
    venue: 'Old Venue',
    venueId: 'VEN-1',
    ...fields,
  });

const getJson = async <T>(path: string): Promise<T> => {
  const response = await page.request.get(path);
  expect(response.status()).toBe(200);
  return response.json() as Promise<T>;
};

async function openEdit(id: string, tab?: 'SEO' | 'CTA') {
  await page.goto(`/events/${id}`);
  await visible(page.getByRole('heading', { name: 'Edit Event', level: 2 }));
  await visible(panel().getByLabel('Title', { exact: true }));
  if (tab) {
    await page.getByRole('tab', { name: tab, exact: true }).click();
    await visible(panel().getByRole('button', { name: tab === 'SEO' ? 'Save SEO' : 'Save CTA' }));
  }
}

describe('event edit page', () => {
  it("has the heading, a Back to Events link and SPEC's four accessible tabs, then History", async () => {
    const event = await createEvent();
    await openEdit(event.id);
    const tabs = page.getByRole('tablist', { name: 'Event sections' }).getByRole('tab');
    const labels = (await tabs.allTextContents()).map((t) => t.trim());
    expect(labels.join(', ')).toBe('Basic Info, SEO, CTA, Content Blocks, Tickets, History');
    expect(await page.getByRole('tab', { name: 'Basic Info' }).getAttribute('aria-selected')).toBe('true');

    // Arrow keys move between tabs (WAI-ARIA tabs pattern), and the tab is kept in the URL.
    await page.getByRole('tab', { name: 'Basic Info' }).focus();
    await page.keyboard.press('ArrowRight');
    expect(await page.getByRole('tab', { name: 'SEO', exact: true }).getAttribute('aria-selected')).toBe('true');
    await visible(panel().getByLabel('Meta Title', { exact: true }));
    await expect.poll(() => new URL(page.url()).searchParams.get('tab'), { timeout: wait }).toBe('seo');
    await page.keyboard.press('End');
    await visible(panel().getByTestId('history-entry').first());
    await page.keyboard.press('ArrowLeft');
    await visible(panel().getByRole('heading', { name: 'Ticket Types' }));
    await page.keyboard.press('ArrowLeft');
    await visible(panel().getByRole('heading', { name: 'Content Blocks' }));
    await page.keyboard.press('Home');
    await visible(panel().getByLabel('Title', { exact: true }));

    // Basic Info shows the loaded event.
    expect(await field('Title').inputValue()).toBe(event.title);
    expect(await field('Description').inputValue()).toBe('Before the edit');
    expect(await field('Location').inputValue()).toBe('Old Venue');
    expect(await field('Venue ID').inputValue()).toBe('VEN-1');
    expect(await field('Date and Time').inputValue()).toMatch(/^2031-04-1\dT19:00$/);
    await visible(panel().getByRole('group', { name: 'External IDs' }));

    await page.getByRole('link', { name: 'Back to Events' }).click();
    await page.waitForURL((url) => url.pathname === '/events', { timeout: wait });
  });

  it('saves Basic Info, keeps the status, and the edit survives a reload', async () => {
    const event = await createEvent({ status: 'cancelled' });
    await openEdit(event.id);
    const title = `Edited Title ${uid()}`;
    await field('Title').fill(title);
    await field('Date and Time').fill('2032-01-20T18:45');
    await field('Description').fill('After the edit');
    await field('Location').fill('New Venue');
    await field('Venue ID').fill('VEN-2');
    await field('Ticket Evolution Event ID').fill('TE-42');
    await field('Tailgate Event ID').fill('TG-7');
    await field('Tailgate Discount %').fill('15%');
    await field('Seat View URL').fill('https://seats.example.com/new');
    await panel().getByRole('button', { name: 'Save Changes' }).click();
    await expectToast('Success', 'Event updated successfully');

    const saved = await getJson<ApiEvent>(`/api/events/${event.id}`);
    expect(saved).toMatchObject({
      title,
      description: 'After the edit',
      venue: 'New Venue',
      time: '18:45',
      status: 'cancelled',
      venueId: 'VEN-2',
      ticketEvolutionEventId: 'TE-42',
      tailgateEventId: 'TG-7',
      tailgateDiscount: '15%',
      seatViewUrl: 'https://seats.example.com/new',
    });
    expect(saved.version).toBe(event.version + 1);

    await page.reload();
    await visible(panel().getByLabel('Title', { exact: true }));
    expect(await field('Title').inputValue()).toBe(title);
    expect(await field('Date and Time').inputValue()).toBe('2032-01-20T18:45');
    expect(await field('Location').inputValue()).toBe('New Venue');
    expect(await field('Tailgate Discount %').inputValue()).toBe('15%');

    // A second save in the same page uses the new version: no false conflict.
    await field('Description').fill('Edited twice');
    await panel().getByRole('button', { name: 'Save Changes' }).click();
    await expectToast('Success', 'Event updated successfully');
    expect((await getJson<ApiEvent>(`/api/events/${event.id}`)).description).toBe('Edited twice');
  });

  it('validates Basic Info with the SPEC messages', async () => {
    const event = await createEvent();
    await openEdit(event.id);
    await field('Title').fill('a');
    await field('Date and Time').fill('');
    await field('Location').fill('   ');
    await panel().getByRole('button', { name: 'Save Changes' }).click();
    await visible(panel().getByText('Title must be at least 2 characters.', { exact: true }));
    await visible(panel().getByText('Date is required.', { exact: true }));
    await visible(panel().getByText('Location is required.', { exact: true }));
    expect((await getJson<ApiEvent>(`/api/events/${event.id}`)).version).toBe(event.version);
  });

  it('reports a 409 when the event changed elsewhere, keeps the input, and can load the latest', async () => {
    const event = await createEvent();
    await openEdit(event.id);
    // Someone else saves after this page loaded.
    const elsewhere = `Changed Elsewhere ${uid()}`;
    const put = await page.request.put(`/api/events/${event.id}`, {
      data: {
        title: elsewhere,
        description: event.description,
        date: event.date,
        time: event.time,
        venue: event.venue,
        status: event.status,
      },
    });
    expect(put.status()).toBe(200);

    await field('Description').fill('My unsaved words');
    await panel().getByRole('button', { name: 'Save Changes' }).click();
    await expectToast('Failed to update event');
    await visible(toast().getByText(/changed by someone else/));
    await visible(panel().getByRole('alert').getByText('The event was changed elsewhere since you opened it.'));
    expect(await field('Description').inputValue()).toBe('My unsaved words');
    expect(await field('Title').inputValue()).toBe(event.title);
    expect((await getJson<ApiEvent>(`/api/events/${event.id}`)).title).toBe(elsewhere);

    await panel().getByRole('button', { name: 'Load latest version' }).click();
    await expect.poll(() => field('Title').inputValue(), { timeout: wait }).toBe(elsewhere);
    expect(await field('Description').inputValue()).toBe(event.description);
    await field('Description').fill('Now on the latest');
    await panel().getByRole('button', { name: 'Save Changes' }).click();
    await expectToast('Success', 'Event updated successfully');
    expect(await getJson<ApiEvent>(`/api/events/${event.id}`)).toMatchObject({ title: elsewhere, description: 'Now on the latest' });
  });

  it('edits SEO (default Open Graph type website), with its rules, and the edit survives a reload', async () => {
    const event = await createEvent();
    await openEdit(event.id, 'SEO');
    expect(await field('Meta Title').inputValue()).toBe('');
    expect(await field('Open Graph Type').inputValue()).toBe('website');

    await panel().getByRole('button', { name: 'Save SEO' }).click();
    await visible(panel().getByText('Meta title is required.', { exact: true }));
    await visible(panel().getByText('Meta description is required.', { exact: true }));
    await field('Meta Title').fill('A title for search engines');
    await field('Meta Description').fill('A description for search engines.');
    await field('Open Graph Image URL').fill('javascript:alert(1)');
    await panel().getByRole('button', { name: 'Save SEO' }).click();
    await visible(panel().getByText('Must be a valid URL', { exact: true }));
    expect(await (await page.request.get(`/api/events/${event.id}/seo`)).json()).toBeNull();

    await field('Keywords').fill('jazz, night, river');
    await field('Open Graph Image URL').fill('https://images.example.com/og.jpg');
    await field('Open Graph Type').selectOption('article');
    await panel().getByRole('button', { name: 'Save SEO' }).click();
    await expectToast('Success', 'SEO data updated successfully');
    expect(await getJson(`/api/events/${event.id}/seo`)).toMatchObject({
      title: 'A title for search engines',
      description: 'A description for search engines.',
      keywords: 'jazz, night, river',
      ogImageUrl: 'https://images.example.com/og.jpg',
      ogType: 'article',
    });

    await page.reload();
    await visible(panel().getByLabel('Meta Title', { exact: true }));
    expect(await page.getByRole('tab', { name: 'SEO', exact: true }).getAttribute('aria-selected')).toBe('true');
    expect(await field('Meta Title').inputValue()).toBe('A title for search engines');
    expect(await field('Keywords').inputValue()).toBe('jazz, night, river');
    expect(await field('Open Graph Type').inputValue()).toBe('article');

    // A second save goes through with the version it got back.
    await field('Meta Title').fill('A second title');
    await panel().getByRole('button', { name: 'Save SEO' }).click();
    await expectToast('Success', 'SEO data updated successfully');
    expect(await getJson(`/api/events/${event.id}/seo`)).toMatchObject({ title: 'A second title' });
  });

  it('reports a 409 on a stale SEO save and keeps the input', async () => {
    const event = await createEvent();
    expect(
      (await page.request.post(`/api/events/${event.id}/seo`, { data: { title: 'First', description: 'First', keywords: '' } })).status(),
    ).toBe(200);
    await openEdit(event.id, 'SEO');
    expect(await field('Meta Title').inputValue()).toBe('First');
    expect(
      (
        await page.request.post(`/api/events/${event.id}/seo`, { data: { title: 'Elsewhere', description: 'Elsewhere', keywords: '' } })
      ).status(),
    ).toBe(200);
    await field('Meta Title').fill('Mine');
    await panel().getByRole('button', { name: 'Save SEO' }).click();
    await expectToast('Failed to update SEO data');
    await visible(toast().getByText(/changed by someone else/));
    expect(await field('Meta Title').inputValue()).toBe('Mine');
    expect(await getJson(`/api/events/${event.id}/seo`)).toMatchObject({ title: 'Elsewhere' });
  });

  it('edits the CTA with the colour picker and text field in sync, and the edit survives a reload', async () => {
    const event = await createEvent();
    await openEdit(event.id, 'CTA');
    const picker = panel().getByLabel('Button colour picker');
    expect(await field('Button Colour').inputValue()).toBe('#3088D8');
    expect((await picker.inputValue()).toLowerCase()).toBe('#3088d8');

    await panel().getByRole('button', { name: 'Save CTA' }).click();
    await visible(panel().getByText('Button text is required.', { exact: true }));

    await field('Button Text').fill('Grab a Seat');
    await field('Tickets CTA').fill('Get Tickets Now');
    await field('Button Colour').fill('#E4572E');
    await expect.poll(() => picker.inputValue(), { timeout: wait }).toBe('#e4572e');
    await picker.fill('#22aa55');
    await expect.poll(() => field('Button Colour').inputValue(), { timeout: wait }).toBe('#22AA55');
    await panel().getByRole('button', { name: 'Save CTA' }).click();
    await expectToast('Success', 'CTA data updated successfully');
    expect(await getJson(`/api/events/${event.id}/cta`)).toMatchObject({
      text: 'Grab a Seat',
      isCustom: true,
      ticketsCta: 'Get Tickets Now',
      buttonColor: '#22AA55',
    });

    await page.reload();
    await visible(panel().getByLabel('Button Text', { exact: true }));
    expect(await field('Button Text').inputValue()).toBe('Grab a Seat');
    expect(await field('Tickets CTA').inputValue()).toBe('Get Tickets Now');
    expect(await field('Button Colour').inputValue()).toBe('#22AA55');
    expect(await picker.inputValue()).toBe('#22aa55');

    await field('Button Text').fill('Buy Tickets');
    await panel().getByRole('button', { name: 'Save CTA' }).click();
    await expectToast('Success', 'CTA data updated successfully');
    expect(await getJson(`/api/events/${event.id}/cta`)).toMatchObject({ text: 'Buy Tickets', isCustom: false });
  });

  it('reports a failed CTA save with the SPEC message', async () => {
    const event = await createEvent();
    await openEdit(event.id, 'CTA');
    await field('Button Text').fill('Join Us');
    const saveCall = (url: URL) => url.pathname.startsWith('/trpc/') && url.pathname.includes('cta.save');
    await page.route(saveCall, (route) => route.abort());
    try {
      await panel().getByRole('button', { name: 'Save CTA' }).click();
      await expectToast('Error', 'Failed to update CTA data');
    } finally {
      await page.unroute(saveCall);
    }
    expect(await field('Button Text').inputValue()).toBe('Join Us');
  });

  it('redirects to /events with a toast when the event cannot be loaded', async () => {
    await page.goto('/events/does-not-exist');
    await expectToast('Error', 'Failed to load event. Redirecting to events page.');
    await page.waitForURL((url) => url.pathname === '/events', { timeout: wait });
    await visible(page.getByRole('heading', { name: 'All Events' }));
  });
});
