import { afterAll, expect, it } from 'vitest';
import { hidden, signedInSession, uid, visible, waitMs } from '../setup/browser.ts';

const session = await signedInSession();
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

it('deletes and archives selected events in bulk: an event with sales is refused delete and says why', async () => {
  const { page } = session;
  const tag = `Bulk ${uid()}`;
  const make = async (title: string) => {
    const body = { title, description: '', date: '2031-08-01T18:00:00.000Z', time: '18:00', venue: 'Bulk Hall', status: 'active' };
    return (await (await page.request.post('/api/events', { data: body })).json()) as { id: string };
  };
  const [unsold, sold] = [await make(`${tag} unsold`), await make(`${tag} sold`)];
  const customer = await (
    await page.request.post('/api/customers', { data: { name: `${tag} buyer`, email: `${uid()}@example.com` } })
  ).json();
  const sale = { eventId: sold.id, customerId: customer.id, amount: '$9.00', status: 'completed', paymentMethod: 'Cash' };
  expect((await page.request.post('/api/transactions', { data: sale })).status()).toBe(201);
  const row = (id: string) => page.locator(`[data-testid="event-row"][data-event-id="${id}"]`);
  const bar = page.getByRole('group', { name: 'Bulk actions' });

  await page.goto(`/events?q=${encodeURIComponent(tag)}`);
  for (const title of [`${tag} unsold`, `${tag} sold`]) await page.getByRole('checkbox', { name: `Select ${title}` }).check();
  await bar.getByRole('button', { name: 'Delete', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete 2 events?' });
  await confirm.getByRole('button', { name: 'Delete 2 events' }).click();
  const refusals = page.getByRole('dialog', { name: '1 event not changed' });
  await visible(refusals.getByText(`${tag} sold: This event has transactions; archive it instead`));
  await refusals.getByRole('button', { name: 'OK' }).click();
  await hidden(row(unsold.id));
  expect((await page.request.get(`/api/events/${unsold.id}`)).status()).toBe(404);

  await page.getByRole('checkbox', { name: `Select ${tag} sold` }).check();
  await bar.getByRole('button', { name: 'Archive', exact: true }).click();
  await page.getByRole('dialog', { name: 'Archive 1 event?' }).getByRole('button', { name: 'Archive 1 event' }).click();
  await hidden(row(sold.id));
  await page.getByRole('checkbox', { name: 'Archived' }).check();
  await visible(row(sold.id), waitMs);
  await page.getByRole('checkbox', { name: `Select ${tag} sold` }).check();
  await bar.getByRole('button', { name: 'Unarchive', exact: true }).click();
  await page.getByRole('dialog', { name: 'Unarchive 1 event?' }).getByRole('button', { name: 'Unarchive 1 event' }).click();
  await hidden(row(sold.id));
  expect((await (await page.request.get(`/api/events/${sold.id}`)).json()).archivedAt).toBeNull();
});
