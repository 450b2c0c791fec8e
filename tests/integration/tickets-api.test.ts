// Tickets over HTTP (issue 31 item 1, and the door's offline copy of item 5): listed by event,
// searched, filtered, paged, edited and exported; the check-in list as REST and tRPC give it,
// codes only as hashes.
import { createHash } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { normalizeTicketCode } from '@event-admin/core/ticket/code';
import { signedInForFile } from '../setup/api.ts';
import { checkIn, sold } from './check-ins.helpers.ts';
import { expectError, ok } from './helpers.ts';

vi.setConfig({ testTimeout: 120_000 });

const app = await signedInForFile();
const { client } = app;

describe('tickets', () => {
  it('are listed by event, searched, filtered, paged with a Link header, read, edited and exported', async () => {
    const { event, order: placed, codes } = await sold(app, 3);
    const all = ok(await client.get(`/api/events/${event.id}/tickets`));
    expect(all.map((t: { id: string }) => t.id).sort()).toEqual(placed.tickets.map((t: { id: string }) => t.id).sort());
    expect(all[0]).toMatchObject({
      transactionId: placed.id,
      eventId: event.id,
      ticketTypeName: 'Floor',
      status: 'valid',
      checkedInAt: null,
    });
    const page = await client.get(`/api/events/${event.id}/tickets?limit=2`);
    expect(ok(page)).toHaveLength(2);
    const next = /<([^>]+)>; rel="next"/.exec(page.headers.get('link') ?? '')![1]!;
    expect(ok(await client.get(next))).toHaveLength(1);
    expect(ok(await client.get(`/api/events/${event.id}/tickets?search=LOVELACE`))).toHaveLength(1);
    const dashed = codes[2]!.toLowerCase().match(/.{4}/g)!.join('-');
    expect(ok(await client.get(`/api/events/${event.id}/tickets?search=${dashed}`))).toHaveLength(1);
    ok(await checkIn(client, { code: codes[0], eventId: event.id }), 201);
    expect(ok(await client.get(`/api/events/${event.id}/tickets?checkedIn=true`))).toHaveLength(1);
    expect(ok(await client.get(`/api/events/${event.id}/tickets?checkedIn=false`))).toHaveLength(2);

    const id = all.find((t: { code: string }) => t.code === codes[2]).id;
    expectError(
      await client.put(`/api/tickets/${id}`, { attendeeName: 'Grace', attendeeEmail: 'nope' }),
      400,
      'Please enter a valid email address',
    );
    const saved = ok(await client.put(`/api/tickets/${id}`, { attendeeName: 'Grace Hopper', attendeeEmail: 'grace@example.com' }));
    expect(saved).toMatchObject({ attendeeName: 'Grace Hopper', attendeeEmail: 'grace@example.com' });
    expect(ok(await client.get(`/api/tickets/${id}`))).toEqual(saved);
    const history = ok(await client.get(`/api/audit?entity=ticket&id=${id}`));
    expect(history.items[0].changes).toContainEqual({ field: 'attendeeName', from: null, to: 'Grace Hopper' });

    const csv = await client.get(`/api/exports/attendees.csv?eventId=${event.id}`);
    expect(csv.status).toBe(200);
    expect(csv.text).toContain('Grace Hopper');
    expect(csv.text).toContain("'=cmd()");
    expect(csv.text.trim().split('\r\n')).toHaveLength(4);
  });
});

describe('the check-in list for scanning offline', () => {
  it('gives every ticket with the SHA-256 hex of its normalized code, its state, and no readable code', async () => {
    const { event, order: placed, codes, types } = await sold(app, 2);
    const other = await sold(app, 2, { status: 'pending' });
    const first = ok(await checkIn(client, { code: codes[0]!.toLowerCase(), eventId: event.id }), 201);
    ok(await client.post(`/api/transactions/${other.order.id}/status`, { status: 'failed' }));

    const rest = await client.get(`/api/events/${event.id}/check-in-list`);
    const list = ok(rest);
    const viaTrpc = await client.trpc().checkIns.offlineList.query({ eventId: event.id });
    expect({ ...viaTrpc, generatedAt: list.generatedAt }).toEqual(list);
    expect(Date.parse(list.generatedAt)).toBeLessThanOrEqual(Date.now());
    const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
    const byId = new Map(placed.tickets.map((t: { id: string; code: string }) => [t.id, t.code]));
    expect(list.tickets).toHaveLength(2);
    for (const ticket of list.tickets) {
      const code = byId.get(ticket.ticketId) as string;
      expect(ticket.codeHash).toBe(sha256(normalizeTicketCode(code)));
      expect(ticket.codeHash).toBe(sha256(normalizeTicketCode(code.toLowerCase().match(/.{4}/g)!.join(' - '))));
      expect(ticket).toMatchObject({ ticketTypeId: types[0]!.id, ticketTypeName: 'Floor', status: 'valid' });
    }
    expect(list.tickets.find((t: { ticketId: string }) => t.ticketId === first.ticket.id)).toMatchObject({
      checkedInAt: first.checkedInAt,
      checkedInBy: 'admin',
      attendeeName: 'Ada Lovelace',
    });
    expect(list.tickets.find((t: { ticketId: string }) => t.ticketId !== first.ticket.id)).toMatchObject({
      checkedInAt: null,
      checkedInBy: null,
    });
    // no code anywhere, in any of the forms it is written in, nor the attendees' e-mails
    const text = rest.text.toLowerCase();
    for (const code of codes) for (const form of [code, code.match(/.{4}/g)!.join('-')]) expect(text).not.toContain(form.toLowerCase());
    expect(text).not.toContain('ada@example.com');
    expect(JSON.stringify(viaTrpc)).not.toContain(codes[0]);

    const voided = ok(await client.get(`/api/events/${other.event.id}/check-in-list`));
    expect(voided.tickets.map((t: { status: string }) => t.status)).toEqual(['void', 'void']);
    expectError(await client.get(`/api/events/missing-event/check-in-list`), 404);
  });
});
