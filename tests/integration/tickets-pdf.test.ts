// Printable tickets over HTTP (issue 31 item 3): an order's PDF parsed back, one page per valid
// ticket with its event, type, attendee and code, each page's QR code rasterised and decoded back
// to the ticket's code; void tickets printed on no page; the refusals.
import { describe, expect, it } from 'vitest';
import { formatTicketCode } from '@event-admin/core/order/ticket-code';
import { Client, signedInForFile, trpcFailure } from '../setup/api.ts';
import { createTransaction, expectError, ok, unknownId } from './helpers.ts';
import { onSale, order } from './orders.helpers.ts';
import { getPdf, readTicketPages } from './tickets-pdf.helpers.ts';

const { api, client } = await signedInForFile();
const pdfPath = (id: string) => `/api/transactions/${id}/tickets.pdf`;
const voidMessage = "This order has no valid tickets: a failed or fully refunded order's tickets are void";

/** An event in Los Angeles on 14 July 2031 at 20:00 there, two types, and a customer. */
async function night() {
  const sale = await onSale(api, client, [{ name: 'Floor' }, { name: 'Balcony' }]);
  const body = { ...sale.event, date: '2031-07-15T03:00:00.000Z', time: '20:00', timeZone: 'America/Los_Angeles', venue: 'Harbour hall' };
  const { id: _id, version: _version, ...fields } = body;
  const event = ok(await client.put(`/api/events/${sale.event.id}`, fields));
  return { ...sale, event };
}

describe('GET /api/transactions/{id}/tickets.pdf', () => {
  it('prints one page per ticket: the event on its own clock, the type, the attendee, the code as text and as a QR code that reads back', async () => {
    const { event, types, customer } = await night();
    const sold = await order(client, {
      eventId: event.id,
      customerId: customer.id,
      lines: [
        { ticketTypeId: types[0]!.id, quantity: 2, attendees: [{ name: 'Zoë Łukasiewicz' }] },
        { ticketTypeId: types[1]!.id, quantity: 1, attendees: [{ name: 'Grace Hopper', email: 'grace@example.com' }] },
      ],
      paymentMethod: 'Credit Card',
    });
    expect(sold.tickets).toHaveLength(3);

    const result = await getPdf(client, pdfPath(sold.id));
    expect(result.status, result.text).toBe(200);
    expect(result.headers.get('content-type')).toBe('application/pdf');
    expect(result.headers.get('content-disposition')).toBe(`attachment; filename="tickets-${sold.id}.pdf"`);
    expect(new TextDecoder().decode(result.bytes.slice(0, 5))).toBe('%PDF-');

    const pages = await readTicketPages(result.bytes);
    expect(pages).toHaveLength(3);
    const names = new Map(types.map((type) => [type.id, type.name]));
    pages.forEach((page, index) => {
      const ticket = sold.tickets[index];
      // A camera reads the code itself from the drawn squares: 21 x 21 modules at level M, some dark.
      expect(page.code).toBe(ticket.code);
      expect(page.squares).toBeGreaterThan(100);
      const attendee = ticket.attendeeName === 'Zoë Łukasiewicz' ? 'Zoë Lukasiewicz' : (ticket.attendeeName ?? 'No attendee named');
      expect(page.texts).toEqual([
        event.title,
        'Jul 14, 2031 at 20:00 PDT',
        'Harbour hall',
        names.get(ticket.ticketTypeId),
        attendee,
        formatTicketCode(ticket.code),
        `Ticket ${index + 1} of 3 \u00b7 Order ${sold.id}`,
      ]);
    });
    expect(pages.map((page) => page.texts[4])).toEqual(['Zoë Lukasiewicz', 'No attendee named', 'Grace Hopper']);

    // The procedure behind it answers the same tickets to a tRPC client.
    const printable = await client.trpc().transactions.printableTickets.query({ id: sold.id });
    expect(printable.tickets.map((t) => t.code)).toEqual(sold.tickets.map((t: { code: string }) => t.code));
    expect(printable.event).toEqual({ title: event.title, date: 'Jul 14, 2031', time: '20:00 PDT', venue: 'Harbour hall' });
  });

  it("keeps a partly refunded order's tickets; a failed or fully refunded order's are void: 409 and nothing printed", async () => {
    const { event, types, customer } = await night();
    const line = (quantity: number) => ({
      eventId: event.id,
      customerId: customer.id,
      lines: [{ ticketTypeId: types[0]!.id, quantity }],
      paymentMethod: 'Cash',
    });
    const pending = await order(client, { ...line(2), status: 'pending' });
    const refunded = await order(client, line(1));
    const partial = await order(client, line(2));
    ok(await client.post(`/api/transactions/${pending.id}/status`, { status: 'failed' }));
    ok(await client.post(`/api/transactions/${refunded.id}/refunds`, { reason: 'Cancelled' }), 201);
    ok(await client.post(`/api/transactions/${partial.id}/refunds`, { amount: '$1.00', reason: 'Late start' }), 201);

    for (const id of [pending.id, refunded.id]) {
      const result = await getPdf(client, pdfPath(id));
      expectError({ ...result, body: null }, 409, voidMessage);
    }
    expect(await trpcFailure(client.trpc().transactions.printableTickets.query({ id: pending.id }))).toEqual({
      message: voidMessage,
      status: 409,
    });
    const kept = await getPdf(client, pdfPath(partial.id));
    expect(kept.status).toBe(200);
    expect((await readTicketPages(kept.bytes)).map((page) => page.code)).toEqual(partial.tickets.map((t: { code: string }) => t.code));
  });

  it('answers 404 for a purchase without tickets and for an unknown transaction, 401 without a session', async () => {
    const { event, customer } = await night();
    const purchase = await createTransaction(client, event.id, customer.id, '$25.00');
    expectError({ ...(await getPdf(client, pdfPath(purchase.id))), body: null }, 404, 'This transaction has no tickets');
    expectError({ ...(await getPdf(client, pdfPath(unknownId()))), body: null }, 404, 'Transaction not found');
    expectError({ ...(await getPdf(new Client(api.base), pdfPath(purchase.id))), body: null }, 401);
  });
});
