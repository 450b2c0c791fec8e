import { describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import { signedInSession, uid, visible, waitMs, postEvent } from '../setup/browser.ts';

const wait = waitMs;
const { page } = await signedInSession();

const toast = () => page.getByRole('region', { name: 'Notifications' });
const dialog = () => page.getByRole('dialog');
const rows = () => page.getByTestId('seo-row');

const createEvent = () => postEvent(page, { title: `Search Gala ${uid()}`, date: '2031-06-15T12:00:00.000Z', venue: 'Index Hall' });

async function openSeo(query: string) {
  await page.goto(`/seo?q=${encodeURIComponent(query)}`);
  await visible(page.getByRole('heading', { name: 'SEO Management', level: 2 }));
  await expect.poll(() => rows().count(), { timeout: wait }).toBe(1);
  return rows().first();
}

async function score(row: Locator) {
  const bar = row.getByTestId('seo-score');
  return { score: Number(await bar.getAttribute('data-score')), text: (await bar.textContent())! };
}

async function editSeo(title: string, fields: { metaTitle: string; metaDescription: string; keywords: string }) {
  await page.getByRole('button', { name: `Edit SEO for ${title}` }).click();
  await visible(dialog().getByRole('heading', { name: 'Edit SEO' }));
  await visible(dialog().getByLabel('Meta title'));
  await dialog().getByLabel('Meta title').fill(fields.metaTitle);
  await dialog().getByLabel('Meta description').fill(fields.metaDescription);
  await dialog().getByLabel('Keywords').fill(fields.keywords);
  await dialog().getByRole('button', { name: 'Save SEO' }).click();
  await visible(toast().getByText('SEO data updated successfully', { exact: true }));
  await dialog().waitFor({ state: 'hidden', timeout: wait });
}

describe('SEO page', () => {
  it('has the Event SEO and SEO Tips tabs; the tips give the length targets', async () => {
    const event = await createEvent();
    await openSeo(event.title);
    await visible(page.getByRole('tab', { name: 'Event SEO', selected: true }));
    const headers = await page.locator('main table thead th').allTextContents();
    expect(headers).toEqual(['Event', 'Date', 'SEO Title', 'Keywords', 'SEO Score', 'Actions']);
    await page.getByRole('tab', { name: 'SEO Tips' }).click();
    await visible(page.getByRole('tab', { name: 'SEO Tips', selected: true }));
    const tips = page.getByRole('tabpanel');
    await visible(tips.getByText(/40-60 characters/).first());
    await visible(tips.getByText(/120-160 characters/).first());
  });

  it('searches by event title and shows an event without SEO as Not set, 0% Poor', async () => {
    const event = await createEvent();
    const row = await openSeo(event.title.toUpperCase());
    const cells = await row.locator('td').allTextContents();
    expect(cells[0]).toBe(event.title);
    expect(cells[1]).toBe('Jun 15, 2031');
    expect(cells[2]).toBe('Not set');
    expect(await score(row)).toEqual({ score: 0, text: '0%Poor' });

    await page.getByRole('searchbox', { name: 'Search events' }).fill(`no-such-event-${uid()}`);
    await expect.poll(() => rows().count(), { timeout: wait }).toBe(0);
  });

  it("edits an event's SEO, which changes the row's score and label", async () => {
    const event = await createEvent();
    const row = await openSeo(event.title);

    // Validation first: the required fields and the URL.
    await page.getByRole('button', { name: `Edit SEO for ${event.title}` }).click();
    await visible(dialog().getByLabel('Meta title'));
    expect(await dialog().getByLabel('Open Graph type').inputValue()).toBe('website');
    await dialog().getByLabel('Open Graph image URL').fill('not a url');
    await dialog().getByRole('button', { name: 'Save SEO' }).click();
    await visible(dialog().getByText('Meta title is required.', { exact: true }));
    await visible(dialog().getByText('Meta description is required.', { exact: true }));
    await visible(dialog().getByText('Must be a valid URL', { exact: true }));
    await dialog().getByLabel('Open Graph image URL').fill('');
    await dialog().getByRole('button', { name: 'Cancel' }).click();
    await dialog().waitFor({ state: 'hidden', timeout: wait });

    // A title on target (34) and a short description (20), no keywords: 54, Fair.
    const metaTitle = `${event.title} tickets, times and venue info`.padEnd(45, '!');
    await editSeo(event.title, { metaTitle, metaDescription: 'Short and sweet.', keywords: '' });
    await expect.poll(async () => (await score(row)).text, { timeout: wait }).toBe('54%Fair');
    expect(await row.locator('td').nth(2).textContent()).toBe(metaTitle);

    // Everything on target: 100, Excellent; the first two keywords and +2.
    const metaDescription =
      'An evening of great music, food and company. Get your tickets early, bring your friends and enjoy a night to remember at Index Hall.';
    expect(metaDescription.length).toBeGreaterThanOrEqual(120);
    await editSeo(event.title, { metaTitle, metaDescription, keywords: 'gala, search, tickets, live' });
    await expect.poll(async () => (await score(row)).text, { timeout: wait }).toBe('100%Excellent');
    const keywords = row.locator('td').nth(3);
    expect(await keywords.textContent()).toBe('galasearch+2');

    // Stored, and still so after a reload; the dialog opens with what was saved.
    const stored = await (await page.request.get(`/api/events/${event.id}/seo`)).json();
    expect(stored).toMatchObject({
      title: metaTitle,
      description: metaDescription,
      keywords: 'gala, search, tickets, live',
      ogType: 'website',
    });
    await page.reload();
    await expect.poll(async () => (await score(rows().first())).text, { timeout: wait }).toBe('100%Excellent');
    await page.getByRole('button', { name: `Edit SEO for ${event.title}` }).click();
    await visible(dialog().getByLabel('Meta title'));
    expect(await dialog().getByLabel('Meta title').inputValue()).toBe(metaTitle);
    await dialog().getByRole('button', { name: 'Cancel' }).click();
  });

  it('refuses a save over a newer one, keeping the input', async () => {
    const event = await createEvent();
    await openSeo(event.title);
    await page.request.post(`/api/events/${event.id}/seo`, {
      data: { title: 'First title', description: 'First description', keywords: 'one' },
    });
    await page.reload();
    await page.getByRole('button', { name: `Edit SEO for ${event.title}` }).click();
    await visible(dialog().getByLabel('Meta title'));
    // Another admin saves in between (sending the version they read).
    const current = await (await page.request.get(`/api/events/${event.id}/seo`)).json();
    const other = await page.request.post(`/api/events/${event.id}/seo`, {
      data: { title: 'Their title', description: 'Their description', keywords: 'two', version: current.version },
    });
    expect(other.status()).toBe(200);
    await dialog().getByLabel('Meta title').fill('My title');
    await dialog().getByRole('button', { name: 'Save SEO' }).click();
    await visible(toast().getByText('Failed to update SEO data', { exact: true }));
    await visible(
      dialog()
        .getByRole('alert')
        .filter({ hasText: /changed by someone else/ }),
    );
    expect(await dialog().getByLabel('Meta title').inputValue()).toBe('My title');
    await dialog().getByRole('button', { name: 'Cancel' }).click();
  });
});
