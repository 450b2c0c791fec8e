import { describe, expect, it } from 'vitest';
import type { Route } from 'playwright-core';
import { signedInSession, uid, visible, waitMs, postEvent } from '../setup/browser.ts';

// What every paged list shares (usePagedList, DataTable): rows kept while a new search loads,
// sortable headers in the orders the server serves, row selection, opening a row's details.
const wait = waitMs;
const { page } = await signedInSession();

const bodyRows = () => page.locator('main table tbody tr:not([data-testid="skeleton-row"])');
const param = (name: string) => new URL(page.url()).searchParams.get(name);
/** A transaction row's full id (its ID cell, after the selection checkbox, shows 8 characters). */
const idTitle = 'td:nth-child(2) > [title]';

const createEvent = (title: string) => postEvent(page, { title, date: '2031-09-09T12:00:00.000Z', venue: 'Paging Hall' });

/** Holds the list's requests that match `term` for `ms`, so what shows meanwhile can be read. */
async function slowSearch(procedure: string, term: string, ms: number) {
  const matches = (url: URL) => url.pathname.startsWith('/trpc/') && url.pathname.includes(procedure) && url.search.includes(term);
  const hold = async (route: Route) => {
    await new Promise((r) => setTimeout(r, ms));
    await route.continue().catch(() => undefined);
  };
  await page.route(matches, hold);
  return () => page.unroute(matches, hold);
}

describe('a search on a paged list', () => {
  it('keeps the previous rows on screen, quietly busy, until the new rows arrive: no placeholder flash', async () => {
    const id = uid();
    const event = await createEvent(`Steady Search ${id}`);
    await page.goto('/events');
    await expect.poll(() => page.getByTestId('event-row').count(), { timeout: wait }).toBe(25);

    const release = await slowSearch('events.page', id, 2500);
    try {
      await page.getByRole('searchbox', { name: 'Search events' }).fill(`steady search ${id}`);
      await expect.poll(() => param('q'), { timeout: wait }).toBe(`steady search ${id}`);
      await visible(page.getByRole('progressbar', { name: 'Updating the list' }));
      // While the server answers: the 25 earlier rows, no placeholders, the table marked busy.
      expect(await page.getByTestId('skeleton-row').count()).toBe(0);
      expect(await page.getByTestId('event-row').count()).toBe(25);
      expect(await page.locator('main table').getAttribute('aria-busy')).toBe('true');
      // The earlier rows' next page is not the search's: Load more waits for the new rows.
      expect(await page.getByRole('button', { name: 'Load more' }).isDisabled()).toBe(true);
      await visible(page.getByText('Updating the list...', { exact: true }));

      const shownIds = () => page.getByTestId('event-row').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-event-id')));
      await expect.poll(shownIds, { timeout: wait }).toEqual([event.id]);
      expect(await page.getByRole('progressbar', { name: 'Updating the list' }).count()).toBe(0);
      await visible(page.getByText('1 matching event; searched all events', { exact: true }));
      expect(await page.locator('main table').getAttribute('aria-busy')).toBe('false');
    } finally {
      await release();
    }
  });

  it('on the SEO page runs on the server: it finds an event beyond the first page', async () => {
    const id = uid();
    const target = await createEvent(`Hidden Lantern ${id}`);
    // 25 newer events push it off the first page of the newest-first list.
    for (let i = 0; i < 25; i += 5) {
      await Promise.all(Array.from({ length: 5 }, (_, j) => createEvent(`Filler Night ${id} ${i + j}`)));
    }
    await page.goto('/seo');
    await expect.poll(() => page.getByTestId('seo-row').count(), { timeout: wait }).toBe(25);
    expect(await page.getByTestId('seo-row').filter({ hasText: target.title }).count()).toBe(0);
    await visible(page.getByText('Showing 25 events', { exact: true }));

    const term = `hidden lantern ${id}`;
    const searched = page.waitForRequest(
      (request) => request.url().includes('seo.page') && decodeURIComponent(request.url()).includes(term),
    );
    await page.getByRole('searchbox', { name: 'Search events' }).fill(`hidden lantern ${id}`);
    await searched;
    const shown = () => page.getByTestId('seo-row').allTextContents();
    await expect.poll(shown, { timeout: wait }).toEqual([expect.stringContaining(target.title)]);
    await visible(page.getByText('1 matching event; searched all events', { exact: true }));
    expect(param('q')).toBe(`hidden lantern ${id}`);
    await visible(page.getByRole('button', { name: `Edit SEO for ${target.title}` }));
  });
});

describe('sortable headers', () => {
  const dates = () => bodyRows().locator('td:nth-child(5)').allTextContents();

  it('order the transactions by date, newest or oldest first, from the Date header, kept in the URL', async () => {
    const all: { id: string; purchaseDate: string }[] = await (await page.request.get('/api/transactions')).json();
    // The REST list reads the same index newest first: reversed, it is the oldest first.
    const byDate = [...all].reverse();
    const idsShown = () =>
      bodyRows()
        .locator(idTitle)
        .evaluateAll((cells) => cells.map((c) => c.getAttribute('title')));
    await page.goto('/transactions');
    const header = page.locator('main table thead th').filter({ hasText: 'Date' });
    await expect.poll(idsShown, { timeout: wait }).toEqual(all.slice(0, 50).map((t) => t.id));
    expect(await header.getAttribute('aria-sort')).toBe('descending');
    // Only the order the server can serve is offered: no other header is a button.
    expect(await page.locator('main table thead th button').count()).toBe(1);

    await header.getByRole('button', { name: 'Date' }).click();
    await expect.poll(() => param('order'), { timeout: wait }).toBe('asc');
    await expect.poll(idsShown, { timeout: wait }).toEqual(byDate.slice(0, 50).map((t) => t.id));
    expect(await header.getAttribute('aria-sort')).toBe('ascending');
    const shown = (await dates()).map((d) => Date.parse(d));
    expect(shown).toEqual([...shown].sort((a, b) => a - b));

    await page.reload();
    await expect.poll(idsShown, { timeout: wait }).toEqual(byDate.slice(0, 50).map((t) => t.id));
    await page.locator('main table thead th').filter({ hasText: 'Date' }).getByRole('button', { name: 'Date' }).click();
    await expect.poll(() => param('order'), { timeout: wait }).toBeNull();
    await expect.poll(idsShown, { timeout: wait }).toEqual(all.slice(0, 50).map((t) => t.id));
  });

  it('order the customers by creation from the Created header', async () => {
    const all: { email: string }[] = await (await page.request.get('/api/customers')).json();
    const emails = () => bodyRows().locator('td:nth-child(2)').allTextContents();
    await page.goto('/customers');
    await expect.poll(emails, { timeout: wait }).toEqual(all.slice(0, 50).map((c) => c.email));
    await page.getByRole('button', { name: 'Created' }).click();
    await expect.poll(() => param('order'), { timeout: wait }).toBe('asc');
    await expect.poll(emails, { timeout: wait }).toEqual(
      [...all]
        .reverse()
        .slice(0, 50)
        .map((c) => c.email),
    );
    expect(await page.locator('main table thead th').filter({ hasText: 'Created' }).getAttribute('aria-sort')).toBe('ascending');
  });
});

describe('row selection', () => {
  it('selects one row, a shift-clicked range and all loaded rows, with the count in the bulk actions bar', async () => {
    await page.goto('/transactions');
    await expect.poll(() => bodyRows().count(), { timeout: wait }).toBe(50);
    const bar = page.getByRole('group', { name: 'Bulk actions' });
    const box = (n: number) => bodyRows().nth(n).getByRole('checkbox');
    expect(await bar.count()).toBe(0);

    await box(1).check();
    await visible(bar.getByText('1 selected', { exact: true }));
    await box(4).click({ modifiers: ['Shift'] });
    await visible(bar.getByText('4 selected', { exact: true }));
    const checked = await bodyRows()
      .getByRole('checkbox')
      .evaluateAll((boxes) => boxes.map((b) => (b as HTMLInputElement).checked));
    expect(checked.slice(0, 6)).toEqual([false, true, true, true, true, false]);
    // Shift with a click on a checked row clears the range from the last one clicked to it.
    await box(2).click({ modifiers: ['Shift'] });
    await visible(bar.getByText('1 selected', { exact: true }));
    const after = await bodyRows()
      .getByRole('checkbox')
      .evaluateAll((boxes) => boxes.map((b) => (b as HTMLInputElement).checked));
    expect(after.slice(0, 6)).toEqual([false, true, false, false, false, false]);

    const all = page.getByRole('checkbox', { name: 'Select all loaded rows' });
    expect(await all.evaluate((b) => (b as HTMLInputElement).indeterminate)).toBe(true);
    await all.check();
    await visible(bar.getByText('50 selected', { exact: true }));
    // More rows loaded are not selected: 'all loaded' meant the 50 on screen.
    await page.getByRole('button', { name: 'Load more' }).scrollIntoViewIfNeeded();
    await expect.poll(() => bodyRows().count(), { timeout: wait }).toBeGreaterThan(50);
    await visible(bar.getByText('50 selected', { exact: true }));
    expect(await all.evaluate((b) => (b as HTMLInputElement).indeterminate)).toBe(true);

    await bar.getByRole('button', { name: 'Clear selection' }).click();
    expect(await bar.count()).toBe(0);
    expect(await all.isChecked()).toBe(false);

    // Rows a new order takes off screen leave the selection for good, even when they come back.
    const first = await bodyRows().first().locator(idTitle).getAttribute('title');
    await box(0).check();
    await visible(bar.getByText('1 selected', { exact: true }));
    await page.getByRole('button', { name: 'Date' }).click();
    await expect.poll(() => param('order'), { timeout: wait }).toBe('asc');
    await bar.waitFor({ state: 'detached', timeout: wait });
    await page.getByRole('button', { name: 'Date' }).click();
    await expect.poll(() => bodyRows().first().locator(idTitle).getAttribute('title'), { timeout: wait }).toBe(first);
    expect(await box(0).isChecked()).toBe(false);
    expect(await bar.count()).toBe(0);
  });
});

describe('row click', () => {
  it("opens a customer's details by click or by Enter on the focused row, and not from the row's Edit button", async () => {
    await page.goto('/customers');
    await expect.poll(() => bodyRows().count(), { timeout: wait }).toBe(50);
    const row = bodyRows().first();
    const name = (await row.locator('td').first().locator('span.font-medium').textContent())!;
    const dialog = page.getByRole('dialog');

    await row.locator('td').nth(1).click();
    await visible(dialog.getByText('Customer details'));
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden', timeout: wait });

    await row.focus();
    await page.keyboard.press('Enter');
    await visible(dialog.getByText('Customer details'));
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden', timeout: wait });

    await row.getByRole('button', { name: `Edit ${name}` }).click();
    await visible(page.getByRole('dialog', { name: 'Edit Customer' }));
    expect(await dialog.getByText('Customer details').count()).toBe(0);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
  });
});
