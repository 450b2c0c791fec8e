// The transaction panel of an order (issue 30 item 9): its lines, fee, total and tickets, axe-clean;
// each ticket's QR code and the Download tickets link (issue 31 item 3). The ticket type is made
// through POST /api/events/{id}/ticket-types (issue 30 item 1).
import { describe, expect, it } from 'vitest';
import { axeProblems } from '../setup/axe.ts';
import { signedInSession, uid, visible } from '../setup/browser.ts';

const { page } = await signedInSession();

describe("an order's transaction panel", () => {
  it('shows its lines, subtotal, service fee, total and each ticket with its code, QR code and attendee, and the tickets to download', async () => {
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
    for (const ticket of order.tickets as { code: string }[]) {
      const shown = ticket.code.match(/.{4}/g)!.join('-');
      await visible(tickets.getByText(shown, { exact: true }));
      await visible(tickets.getByRole('img', { name: `QR code of ticket ${shown}` }));
    }
    const download = tickets.getByRole('link', { name: 'Download tickets' });
    expect(await download.getAttribute('href')).toBe(`/api/transactions/${order.id}/tickets.pdf`);
    // The link works with the browser's own session, as a click on it does.
    const pdf = await page.request.get((await download.getAttribute('href'))!);
    expect([pdf.status(), pdf.headers()['content-type']]).toEqual([200, 'application/pdf']);
    await visible(tickets.getByText(`Ivy Attendee (ivy.${id}@example.com)`));
    await visible(tickets.getByText('No attendee named'));
    expect(await axeProblems(page, 'order panel')).toEqual([]);
  });
});
