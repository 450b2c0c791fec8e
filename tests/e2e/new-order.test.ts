// New order on the transactions page (issue 30 item 9): an active event, a customer, a quantity per
// ticket type with what is left (a sold-out type shown and refused), the totals as they change, a
// refusal kept in the dialog, then the order with its ticket codes; axe-clean light and dark at
// 1280 and 375 px. The event, its types and the customer are made through the API.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { formatCents } from '@event-admin/core/transaction/money';
import { axeProblems } from '../setup/axe.ts';
import { postCreated, postEvent, signedInPage, signedInSession, uid, visible, waitMs } from '../setup/browser.ts';

const session = await signedInSession();
const { page } = session;

const post = postCreated;

/** An active event with Stalls ($25.00, 10), Balcony ($12.50, 3) and a sold-out Box, and a customer. */
async function sale(p: Page) {
  const id = uid();
  const event = await postEvent(p, { title: `Order Hall ${id}`, status: 'active' });
  const stalls = await post(p, `/api/events/${event.id}/ticket-types`, { name: 'Stalls', price: '$25.00', quantity: 10 });
  const balcony = await post(p, `/api/events/${event.id}/ticket-types`, { name: 'Balcony', price: '$12.50', quantity: 3 });
  const box = await post(p, `/api/events/${event.id}/ticket-types`, { name: 'Box', price: '$40.00', quantity: 1 });
  const customer = await post(p, '/api/customers', { name: `Nora Neworder${id}`, email: `nora.${id}@example.com`, phone: '' });
  await post(p, '/api/orders', {
    eventId: event.id,
    customerId: customer.id,
    lines: [{ ticketTypeId: box.id, quantity: 1 }],
    paymentMethod: 'Cash',
  });
  return { event, customer, stalls, balcony };
}

/** Opens New order and picks the sale's event and customer, each found by a search. */
async function openAndPick(p: Page, { event, customer }: Awaited<ReturnType<typeof sale>>) {
  await p.goto('/transactions');
  await p.getByRole('button', { name: 'New order' }).click();
  const dialog = p.getByRole('dialog', { name: 'New order' });
  await dialog.getByLabel('Search events').fill(event.title);
  await dialog.getByLabel('Event', { exact: true }).selectOption(event.id);
  await dialog.getByLabel('Search customers').fill(customer.email);
  await dialog.getByLabel('Customer', { exact: true }).selectOption(customer.id);
  await visible(dialog.getByLabel('Stalls', { exact: true }));
  return dialog;
}

describe('New order', () => {
  it('shows what is left, totals as they change, keeps a refusal in the dialog, and places the order with its codes', async () => {
    const made = await sale(page);
    const fee = (await (await page.request.get('/api/app-settings')).json()).serviceFeePercentage as string;
    const dialog = await openAndPick(page, made);

    const stalls = dialog.getByLabel('Stalls', { exact: true });
    const balcony = dialog.getByLabel('Balcony', { exact: true });
    const box = dialog.getByLabel('Box', { exact: true });
    await visible(dialog.getByText('$25.00 each · 10 left'));
    await visible(dialog.getByText('$12.50 each · 3 left'));
    await visible(dialog.getByText('$40.00 each · Sold out'));
    expect(await box.isDisabled()).toBe(true);

    // The fee as the server rounds it: percentage applied and rounded half up, in cents.
    const sums = dialog.getByTestId('order-sums');
    const feeCents = (subtotalCents: number) => Math.floor((subtotalCents * Number(fee.replace('%', '')) * 2 + 100) / 200);
    const shows = async (subtotalCents: number) => {
      const text = `Subtotal ${formatCents(subtotalCents)} Service fee ${formatCents(feeCents(subtotalCents))} Total ${formatCents(subtotalCents + feeCents(subtotalCents))}`;
      await expect.poll(async () => (await sums.innerText()).replace(/\s+/g, ' ').trim(), { timeout: waitMs }).toBe(text);
    };
    await shows(0);
    await stalls.fill('2');
    await shows(5000);
    await balcony.fill('1');
    await shows(6250);

    // More than is left: the server's refusal, in the dialog, and what was typed stays.
    await balcony.fill('4');
    await dialog.getByRole('button', { name: 'Place order' }).click();
    await visible(dialog.getByRole('alert').filter({ hasText: 'Not enough tickets: Balcony has 3 left' }));
    expect(await stalls.inputValue()).toBe('2');
    expect(await balcony.inputValue()).toBe('4');

    await balcony.fill('1');
    await dialog.getByRole('button', { name: 'Place order' }).click();
    const placed = page.getByRole('dialog', { name: 'Order placed' });
    await visible(placed.getByRole('region', { name: '3 tickets' }));
    const id = (await placed.locator('p').first().innerText()).trim();
    const order = await (await page.request.get(`/api/transactions/${id}`)).json();
    expect(order.lines.map((l: { name: string; quantity: number }) => [l.name, l.quantity])).toEqual([
      ['Stalls', 2],
      ['Balcony', 1],
    ]);
    expect([order.subtotal, order.serviceFee]).toEqual(['$62.50', formatCents(feeCents(6250))]);
    for (const shown of [order.serviceFee, order.amount]) await visible(placed.getByText(shown, { exact: true }).first());
    expect(order.tickets).toHaveLength(3);
    for (const ticket of order.tickets as { code: string }[]) {
      await visible(placed.getByText(ticket.code.match(/.{4}/g)!.join('-'), { exact: true }));
    }
    const left = await (await page.request.get(`/api/events/${made.event.id}/availability`)).json();
    expect(left.types.map((t: { name: string; available: number }) => [t.name, t.available])).toEqual([
      ['Stalls', 8],
      ['Balcony', 2],
      ['Box', 0],
    ]);
    await placed.getByRole('button', { name: 'Done' }).click();
  });
});

describe('New order is axe-clean', () => {
  for (const viewport of [
    { width: 1280, height: 900 },
    { width: 375, height: 800 },
  ]) {
    it(`in light and dark at ${viewport.width} px, with an event's types and totals shown`, async () => {
      const { page: p, context } = await signedInPage(session.browser, { viewport });
      try {
        const dialog = await openAndPick(p, await sale(p));
        await dialog.getByLabel('Stalls', { exact: true }).fill('1');
        await visible(dialog.getByText('$40.00 each · Sold out'));
        const problems: string[] = [];
        for (const scheme of ['light', 'dark'] as const) {
          await p.emulateMedia({ colorScheme: scheme });
          await p.waitForFunction((wanted) => document.documentElement.dataset.theme === wanted, scheme, { timeout: waitMs });
          await new Promise((r) => setTimeout(r, 300));
          problems.push(...(await axeProblems(p, `New order, ${scheme}, ${viewport.width}px`)));
        }
        expect(problems).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }
});
