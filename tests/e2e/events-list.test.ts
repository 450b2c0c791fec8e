import { describe, expect, it } from 'vitest';
import type { CreateEventInput } from '@event-admin/core/event/event.schema';
import { signedInSession, uid, visible, waitMs, postEvent } from '../setup/browser.ts';

const wait = waitMs;
const { page } = await signedInSession();

interface ApiEvent {
  id: string;
  title: string;
  venue: string;
  status: string;
  sales: number;
}

const rows = () => page.getByTestId('event-row');
/**
 * The search text in the URL as the router reads it back: a value that would parse as JSON (a
 * random id like '84E64018' is a number) is stored JSON-quoted so it stays a string.
 */
function urlQuery() {
  const raw = new URL(page.url()).searchParams.get('q');
  if (raw === null) return raw;
  try {
    const value: unknown = JSON.parse(raw);
    return typeof value === 'string' ? value : raw;
  } catch {
    return raw;
  }
}
const searchBox = () => page.getByRole('searchbox', { name: 'Search events' });
const statusFilter = () => page.getByLabel('Filter by status');

const createEvent = (fields: Partial<CreateEventInput> = {}) =>
  postEvent(page, { title: `List Test ${uid()}`, time: '18:00', venue: `Hall ${uid()}`, ...fields });

async function allEvents(): Promise<ApiEvent[]> {
  const response = await page.request.get('/api/events');
  expect(response.status()).toBe(200);
  return response.json();
}

/**
 * The list loads 25 events at a time (newest created first) and more on scroll or Load more:
 * loads every remaining page, so counts can be compared with the whole list.
 */
async function loadAll() {
  const more = page.getByRole('button', { name: 'Load more' });
  // A page that failed (a busy machine's store timing out) is asked again, as a user would.
  const again = page.getByRole('button', { name: 'Try again' });
  await expect
    .poll(
      async () => {
        if (await page.getByTestId('skeleton-row').count()) return false;
        // A new filter's rows are on their way: the previous ones stay on screen meanwhile, with
        // their Load more state, so nothing can be concluded from them yet.
        if ((await page.locator('main table').getAttribute('aria-busy')) === 'true') return false;
        if (await again.count()) {
          await again.click().catch(() => undefined);
          return false;
        }
        if (await more.count()) {
          if (await more.isEnabled()) await more.click().catch(() => undefined);
          return false;
        }
        return true;
      },
      { timeout: wait * 3, interval: 250 },
    )
    .toBe(true);
}

async function openList(query = '') {
  await page.goto(`/events${query}`);
  await visible(page.getByRole('heading', { name: 'All Events' }));
  await expect.poll(() => page.getByTestId('skeleton-row').count(), { timeout: wait }).toBe(0);
}

describe('events list', () => {
  it('shows every event with the SPEC columns, formats and actions', async () => {
    await openList();
    const events = await allEvents();
    expect(events.length).toBeGreaterThanOrEqual(25);
    // The first page holds 25 events; the rest come a page at a time.
    await expect.poll(() => rows().count(), { timeout: wait }).toBeGreaterThanOrEqual(25);
    await loadAll();
    await expect.poll(() => rows().count(), { timeout: wait }).toBe(events.length);
    // the selection column (row checkboxes for the bulk bar) aside
    const headers = (await page.locator('table thead th:not(:has(input[type="checkbox"]))').allTextContents()).map((h) => h.trim());
    expect(headers).toEqual(['Event Name', 'Date', 'Venue', 'Status', 'Sales', 'Actions']);

    for (const event of events.slice(0, 12)) {
      const row = page.locator(`[data-testid="event-row"][data-event-id="${event.id}"]`);
      const cells = (await row.locator('td:not(:has(input[type="checkbox"]))').allTextContents()).map((c) => c.trim());
      expect(cells[0]).toBe(event.title);
      expect(cells[1]).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/);
      expect(cells[2]).toBe(event.venue);
      expect(cells[3]).toBe(event.status[0]!.toUpperCase() + event.status.slice(1));
      expect(cells[4]).toBe(`$${Math.round(event.sales).toLocaleString('en-US')}`);
      const action = event.status === 'completed' ? 'View' : 'Edit';
      const link = row.getByRole('link', { name: `${action} ${event.title}` });
      expect(await link.textContent()).toBe(action);
      expect(await link.getAttribute('href')).toBe(`/events/${event.id}`);
    }
    // The demo data holds completed events, which offer View.
    expect(events.some((e) => e.status === 'completed')).toBe(true);
    await visible(
      rows()
        .getByRole('link', { name: /^View / })
        .first(),
    );
  });

  it('badges use the SPEC colours', async () => {
    // Each status on the list filtered to it: other files' new events can fill the first page.
    const colour = async (status: string) => {
      await openList(`?status=${status}`);
      return page
        .locator(`[data-testid="event-row"] [data-status="${status}"]`)
        .first()
        .evaluate((el) => getComputedStyle(el).backgroundColor);
    };
    const active = await colour('active');
    const draft = await colour('draft');
    const completed = await colour('completed');
    const cancelled = await colour('cancelled');
    expect(new Set([active, draft, completed, cancelled]).size).toBe(4);
  });

  it('searches title and venue, case-insensitively, and keeps the search in the URL', async () => {
    const id = uid();
    const byTitle = await createEvent({ title: `Zephyr Gala ${id}`, venue: 'Ordinary Room' });
    const byVenue = await createEvent({ title: `Plain Evening ${id}`, venue: `Quartz Hall ${id}` });
    await openList();

    // The box reaches the URL (and the server search) after a short pause in typing.
    const shownIds = () =>
      page.locator('[data-testid="event-row"]').evaluateAll((els) => els.map((el) => el.getAttribute('data-event-id')));
    await searchBox().fill(`zEPHYR gala ${id}`);
    await expect.poll(urlQuery, { timeout: wait }).toBe(`zEPHYR gala ${id}`);
    await expect.poll(shownIds, { timeout: wait }).toEqual([byTitle.id]);

    await searchBox().fill(`QUARTZ HALL ${id}`);
    await expect.poll(urlQuery, { timeout: wait }).toBe(`QUARTZ HALL ${id}`);
    await expect.poll(shownIds, { timeout: wait }).toEqual([byVenue.id]);

    // Both match the shared suffix, one through its title and one through its venue.
    await searchBox().fill(id.toUpperCase());
    await expect.poll(urlQuery, { timeout: wait }).toBe(id.toUpperCase());
    await expect.poll(async () => (await shownIds()).sort(), { timeout: wait }).toEqual([byTitle.id, byVenue.id].sort());

    // A reload keeps the search.
    await page.reload();
    await visible(page.getByRole('heading', { name: 'All Events' }));
    await expect.poll(() => rows().count(), { timeout: wait }).toBe(2);
    expect(await searchBox().inputValue()).toBe(id.toUpperCase());

    await searchBox().fill('');
    await expect.poll(urlQuery, { timeout: wait }).toBeNull();
    await loadAll();
    await expect.poll(() => rows().count(), { timeout: wait }).toBe((await allEvents()).length);
  });

  it('filters by each status, keeps the filter in the URL, and combines it with the search', async () => {
    const id = uid();
    await createEvent({ title: `Filter Night ${id}`, status: 'cancelled' });
    await openList();
    const events = await allEvents();
    const options = (await statusFilter().locator('option').allTextContents()).map((o) => o.trim());
    expect(options).toEqual(['All Statuses', 'Active', 'Draft', 'Completed', 'Cancelled']);

    for (const status of ['active', 'draft', 'completed', 'cancelled']) {
      await statusFilter().selectOption(status);
      const expected = events.filter((e) => e.status === status).length;
      expect(expected).toBeGreaterThan(0);
      await expect.poll(() => new URL(page.url()).searchParams.get('status'), { timeout: wait }).toBe(status);
      await loadAll();
      await expect.poll(() => rows().count(), { timeout: wait }).toBe(expected);
      const shown = await page
        .locator('[data-testid="event-row"] [data-status]')
        .evaluateAll((els) => els.map((el) => el.getAttribute('data-status')));
      expect(new Set(shown)).toEqual(new Set([status]));
      await expect.poll(() => new URL(page.url()).searchParams.get('status'), { timeout: wait }).toBe(status);
    }

    await page.reload();
    await visible(page.getByRole('heading', { name: 'All Events' }));
    expect(await statusFilter().inputValue()).toBe('cancelled');
    await searchBox().fill(`filter night ${id}`);
    await expect.poll(urlQuery, { timeout: wait }).toBe(`filter night ${id}`);
    await expect.poll(() => rows().count(), { timeout: wait }).toBe(1);
    await statusFilter().selectOption('active');
    await visible(page.getByText('No events found. Try a different search term or filter.'));

    await searchBox().fill('');
    await expect.poll(urlQuery, { timeout: wait }).toBeNull();
    await statusFilter().selectOption({ label: 'All Statuses' });
    await expect.poll(() => new URL(page.url()).searchParams.get('status'), { timeout: wait }).toBeNull();
    await loadAll();
    await expect.poll(() => rows().count(), { timeout: wait }).toBe(events.length);
  });

  it('shows the empty message when nothing matches', async () => {
    await openList(`?q=${encodeURIComponent(`no-such-event-${uid()}`)}`);
    // The server searches every event, a page at a time, before the list calls itself empty.
    await visible(page.getByText('No events found. Try a different search term or filter.', { exact: true }));
    expect(await rows().count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Load more' }).count()).toBe(0);
  });

  it('shows 5 placeholder rows while loading, and the Create Event button opens the dialog', async () => {
    const listCall = (url: URL) => url.pathname.startsWith('/trpc/') && url.pathname.includes('events.page');
    await page.route(listCall, async (route) => {
      await new Promise((r) => setTimeout(r, 1500));
      await route.continue();
    });
    try {
      // A fresh load so the list is not already cached.
      await page.goto('/events');
      await expect.poll(() => page.getByTestId('skeleton-row').count(), { timeout: wait }).toBe(5);
      await expect.poll(() => page.getByTestId('skeleton-row').count(), { timeout: wait }).toBe(0);
    } finally {
      await page.unroute(listCall);
    }
    await page.getByRole('button', { name: 'Create Event' }).click();
    await visible(page.getByRole('dialog', { name: 'Create New Event' }));
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('dialog').waitFor({ state: 'hidden', timeout: wait });
  });

  it('links each row to its edit page', async () => {
    const event = await createEvent({ title: `Link Night ${uid()}`, status: 'draft' });
    await openList(`?q=${encodeURIComponent(event.title)}`);
    await rows()
      .first()
      .getByRole('link', { name: `Edit ${event.title}` })
      .click();
    await page.waitForURL(`**/events/${event.id}`, { timeout: wait });
    await visible(page.getByRole('heading', { name: 'Edit Event' }));
  });

  it('orders by event date from the Date header, latest or soonest first, kept in the URL', async () => {
    const byDate = (await allEvents()).map((e) => e.id); // GET /api/events: latest date first
    const shownIds = () => rows().evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-event-id')));
    const header = () => page.locator('main table thead th').filter({ hasText: 'Date' });
    const param = (name: string) => new URL(page.url()).searchParams.get(name);
    await openList();
    expect(await header().getAttribute('aria-sort')).toBe('none');

    await header().getByRole('button', { name: 'Date' }).click();
    await expect.poll(() => param('sort'), { timeout: wait }).toBe('date');
    expect(param('order')).toBeNull();
    await expect.poll(shownIds, { timeout: wait }).toEqual(byDate.slice(0, 25));
    expect(await header().getAttribute('aria-sort')).toBe('descending');

    await header().getByRole('button', { name: 'Date' }).click();
    await expect.poll(() => param('order'), { timeout: wait }).toBe('asc');
    const soonest = [...byDate].reverse().slice(0, 25);
    await expect.poll(shownIds, { timeout: wait }).toEqual(soonest);
    await page.reload();
    await expect.poll(shownIds, { timeout: wait }).toEqual(soonest);
    expect(await header().getAttribute('aria-sort')).toBe('ascending');
  });
});
