// The event page's Tickets tab (issue 30 item 9): capacity, the sold / held / free bar, ticket
// types added, edited, reordered and refused deletion, in Chromium; axe-clean light and dark at
// 1280 and 375 px.
import { describe, expect, it } from 'vitest';
import type { APIResponse, Page } from 'playwright-core';
import { axeProblems } from '../setup/axe.ts';
import { hidden, newPage, signInByApi, signedInSession, uid, visible, waitMs } from '../setup/browser.ts';

const session = await signedInSession();
const { page } = session;

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
const panel = () => page.getByRole('tabpanel');
const rows = () => panel().getByTestId('ticket-type-row');
const names = async () => (await rows().locator('td:nth-child(2)').allInnerTexts()).map((t) => t.trim());

/** A request's JSON answer, after checking its status. */
const answer = async (response: APIResponse, status = 201) => (expect(response.status()).toBe(status), response.json());
const createEvent = async (p: Page = page): Promise<{ id: string }> =>
  answer(
    await p.request.post('/api/events', {
      data: { title: `Tickets night ${uid()}`, date: '2031-06-01', venue: 'Main hall', status: 'active' },
    }),
  );
const addType = async (eventId: string, data: Record<string, unknown>): Promise<{ id: string }> =>
  answer(await page.request.post(`/api/events/${eventId}/ticket-types`, { data }));

/** Tickets held for a storefront's checkout (POST /api/holds), for the default 10 minutes. */
const hold = async (eventId: string, ticketTypeId: string, quantity: number) =>
  answer(await page.request.post('/api/holds', { data: { eventId, lines: [{ ticketTypeId, quantity }] } }));

async function openTickets(eventId: string, p: Page = page) {
  await p.goto(`/events/${eventId}?tab=tickets`);
  await visible(p.getByRole('tab', { name: 'Tickets', selected: true }));
  await visible(p.getByRole('heading', { name: 'Ticket Types' }));
}

describe('the Tickets tab', () => {
  it('adds a ticket type in the dialog, with the shared form rules, and edits it in the same dialog', async () => {
    const event = await createEvent();
    await openTickets(event.id);
    await visible(panel().getByText('No ticket types yet. Add one to start selling.'));

    await panel().getByRole('button', { name: 'Add Ticket Type' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Ticket Type' });
    await dialog.getByLabel('Name').fill('A');
    await dialog.getByLabel('Quantity').fill('0');
    await dialog.getByRole('button', { name: 'Add Ticket Type' }).click();
    await visible(dialog.getByText('Ticket name must be at least 2 characters'));
    await visible(dialog.getByText('Quantity must be a whole number of at least 1'));
    await dialog.getByLabel('Name').fill('Stalls');
    await dialog.getByLabel('Price').fill('$25');
    await dialog.getByLabel('Quantity').fill('100');
    await dialog.getByRole('button', { name: 'Add Ticket Type' }).click();
    await hidden(dialog);
    await expect.poll(names, { timeout: waitMs }).toEqual(['Stalls']);
    const row = rows().first();
    await expect.poll(() => row.innerText(), { timeout: waitMs }).toMatch(/Stalls\s+\$25\.00\s+0\s+0\s+100\s+Yes\s+1–10/);

    await panel().getByRole('button', { name: 'Edit Stalls' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Ticket Type' });
    await expect(edit.getByLabel('Price').inputValue()).resolves.toBe('$25.00');
    await edit.getByLabel('Price').fill('$30');
    await edit.getByLabel('Maximum per order').fill('4');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await hidden(edit);
    await expect.poll(() => row.innerText(), { timeout: waitMs }).toMatch(/\$30\.00.*1–4/s);
    const [saved] = await (await page.request.get(`/api/events/${event.id}/ticket-types`)).json();
    expect(saved).toMatchObject({ name: 'Stalls', price: '$30.00', maxPerOrder: 4, version: 2 });
  });

  it('reorders by dragging a handle (keyboard), and the order stays after a reload', async () => {
    const event = await createEvent();
    await addType(event.id, { name: 'First', price: 10 });
    await addType(event.id, { name: 'Second', price: 20 });
    await openTickets(event.id);
    await expect.poll(names, { timeout: waitMs }).toEqual(['First', 'Second']);
    await panel().getByRole('button', { name: 'Drag to reorder Second' }).focus();
    // Space picks it up, ArrowUp moves it, Space drops it (each step given time to land).
    for (const key of ['Space', 'ArrowUp', 'Space']) {
      await page.keyboard.press(key);
      await pause(200);
    }
    await expect.poll(names, { timeout: waitMs }).toEqual(['Second', 'First']);
    const stored = async () =>
      ((await (await page.request.get(`/api/events/${event.id}/ticket-types`)).json()) as { name: string }[]).map((t) => t.name);
    await expect.poll(stored, { timeout: waitMs }).toEqual(['Second', 'First']);
    await page.reload();
    await expect.poll(names, { timeout: waitMs }).toEqual(['Second', 'First']);
  });

  it('shows a refused delete and a refused capacity, and the bar of sold, held and free', async () => {
    const event = await createEvent();
    const held = await addType(event.id, { name: 'Held seats', price: 15, quantity: 20 });
    await addType(event.id, { name: 'Spare', price: 5 });
    await hold(event.id, held.id, 3);
    await openTickets(event.id);

    await panel().getByRole('button', { name: 'Delete Held seats' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete ticket type?' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await visible(confirm.getByRole('alert').getByText('This ticket type has sales; end its sales instead'));
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await hidden(confirm);
    expect(await names()).toEqual(['Held seats', 'Spare']);

    await panel().getByRole('button', { name: 'Delete Spare' }).click();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await hidden(confirm);
    await expect.poll(names, { timeout: waitMs }).toEqual(['Held seats']);

    const capacity = panel().getByLabel('Tickets for the whole event');
    await capacity.fill('2');
    await panel().getByRole('button', { name: 'Save Capacity' }).click();
    await visible(panel().getByText('Capacity cannot be lower than the 3 tickets already sold or held'));
    const event0 = await (await page.request.get(`/api/events/${event.id}`)).json();
    expect(event0.capacity).toBeNull();

    await capacity.fill('10');
    await panel().getByRole('button', { name: 'Save Capacity' }).click();
    const bar = panel().getByTestId('sales-bar');
    await expect.poll(() => bar.innerText(), { timeout: waitMs }).toMatch(/Sold\s+0\s+Held\s+3\s+Free\s+7/);
    await hidden(panel().getByText('Capacity cannot be lower than the 3 tickets already sold or held'));
    expect((await (await page.request.get(`/api/events/${event.id}`)).json()).capacity).toBe(10);
  });
});

describe('the Tickets tab is axe-clean', () => {
  for (const viewport of [
    { width: 1280, height: 900 },
    { width: 375, height: 800 },
  ]) {
    it(`in light and dark at ${viewport.width} px, with its dialog open`, async () => {
      const { page: p, context } = await newPage(session.browser, viewport);
      try {
        p.setDefaultTimeout(waitMs);
        await signInByApi(p);
        const event = await createEvent(p);
        await p.request.post(`/api/events/${event.id}/ticket-types`, { data: { name: 'Stalls', price: 25, quantity: 50 } });
        await openTickets(event.id, p);
        await visible(p.getByTestId('ticket-type-row').first());
        const problems: string[] = [];
        const check = async (state: string) => {
          for (const scheme of ['light', 'dark'] as const) {
            await p.emulateMedia({ colorScheme: scheme });
            await p.waitForFunction((wanted) => document.documentElement.dataset.theme === wanted, scheme, { timeout: waitMs });
            await pause(300);
            problems.push(...(await axeProblems(p, `${state}, ${scheme}, ${viewport.width}px`)));
          }
        };
        await check('Tickets tab');
        await p.getByRole('button', { name: 'Edit Stalls' }).click();
        await visible(p.getByRole('dialog', { name: 'Edit Ticket Type' }));
        await pause(300);
        await check('Edit Ticket Type dialog');
        expect(problems).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }
});
