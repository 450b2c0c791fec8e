// The transaction panel of an order (issue 30 item 9): its lines, fee, total and tickets, axe-clean.
// The ticket type is made through POST /api/events/{id}/ticket-types (issue 30 item 1).
import { describe, expect, it } from 'vitest';
import { axeProblems } from '../setup/axe.ts';
import { signedInSession, uid, visible } from '../setup/browser.ts';

const { page } = await signedInSession();

describe("an order's transaction panel", () => {
  it('shows its lines, subtotal, service fee, total and each ticket with its code and attendee', async () => {
    const post = async (path: string, data: unknown) => {
      const response = await page.request.post(path, { data });
      expect(response.status(), await response.text()).toBe(201);
      return response.json();
    };
    const id = uid();
    const event = await post('/api/events', {
      title: `Order Night ${id}`,
      date: '2031-05-01T12:00:00.000Z',
      venue: 'Hall',
      status: 'active',
    });
    const type = await post(`/api/events/${event.id}/ticket-types`, { name: 'Balcony', price: '$30.00' });
    const customer = await post('/api/customers', { name: `Olga Order${id}`, email: `olga.${id}@example.com`, phone: '' });
    const order = await post('/api/orders', {
      eventId: event.id,
      customerId: customer.id,
      lines: [{ ticketTypeId: type.id, quantity: 2, attendees: [{ name: 'Ivy Attendee', email: `ivy.${id}@example.com` }] }],
      paymentMethod: 'Visa',
    });
    await page.goto(`/transactions?id=${order.id}`);
    const panel = page.getByRole('dialog', { name: 'Transaction' });
    const lines = panel.getByRole('region', { name: 'Tickets ordered' });
    await visible(lines.getByRole('cell', { name: 'Balcony' }));
    for (const shown of ['$60.00', order.serviceFee, order.amount]) await visible(lines.getByText(shown, { exact: true }).first());
    const tickets = panel.getByRole('region', { name: '2 tickets' });
    for (const ticket of order.tickets as { code: string }[])
      await visible(tickets.getByText(ticket.code.match(/.{4}/g)!.join('-'), { exact: true }));
    await visible(tickets.getByText(`Ivy Attendee (ivy.${id}@example.com)`));
    await visible(tickets.getByText('No attendee named'));
    expect(await axeProblems(page, 'order panel')).toEqual([]);
  });
});
