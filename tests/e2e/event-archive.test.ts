import { afterAll, expect, it } from 'vitest';
import { hidden, signedInSession, uid, visible, waitMs } from '../setup/browser.ts';

const session = signedInSession();
let eventId: string | undefined;

// Leave the shared table as found: the other tests compare the events list with GET /api/events.
afterAll(async () => {
  if (eventId) await session.page.request.delete(`/api/events/${eventId}`);
});

it('archives an event from its page: it leaves the list, shows under Archived, and unarchives', async () => {
  const { page } = session;
  const title = `Archive Test ${uid()}`;
  const created = await page.request.post('/api/events', {
    data: { title, description: '', date: '2031-07-01T18:00:00.000Z', time: '18:00', venue: 'Archive Hall', status: 'active' },
  });
  expect(created.status()).toBe(201);
  eventId = (await created.json()).id as string;
  const row = page.locator(`[data-testid="event-row"][data-event-id="${eventId}"]`);
  const alert = page.getByText('This event is archived');

  await page.goto(`/events/${eventId}`);
  await page.getByRole('button', { name: 'Archive', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Archive event?' });
  await visible(dialog);
  expect(await dialog.textContent()).toContain('stay counted in the totals, the reports and the exports');
  await dialog.getByRole('button', { name: 'Archive Event' }).click();
  await visible(alert);

  // Off the list, found under the Archived filter (kept in the URL).
  await page.goto(`/events?q=${encodeURIComponent(title)}`);
  await visible(page.getByText('No events found. Try a different search term or filter.'));
  await page.getByLabel('Archived').check();
  await visible(row);
  await expect.poll(() => new URL(page.url()).searchParams.get('archived'), { timeout: waitMs }).toBe('true');

  await row.getByRole('link', { name: `Edit ${title}` }).click();
  await visible(alert);
  await page.getByRole('button', { name: 'Unarchive', exact: true }).click();
  await page.getByRole('dialog', { name: 'Unarchive event?' }).getByRole('button', { name: 'Unarchive Event' }).click();
  await hidden(alert);

  await page.goto(`/events?q=${encodeURIComponent(title)}`);
  await visible(row);
});
