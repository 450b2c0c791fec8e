// Attendees are personal data (issue 31 item 6): a customer's data export lists their orders'
// tickets with who each is for; their erasure scrubs those names and e-mails from the ticket
// records, the list and its search, the attendees export, the offline list and the tickets' history.
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it, vi } from 'vitest';
import { keys } from '@event-admin/core/db/keys';
import { codePrefix } from '@event-admin/core/order/ticket-code';
import { signedInForFile } from '../setup/api.ts';
import { checkIn, doorCountsExact, sold } from './check-ins.helpers.ts';
import { createCustomer, ok } from './helpers.ts';

vi.setConfig({ testTimeout: 120_000 });

const app = await signedInForFile();
const { api, client } = app;

const stored = async (key: { pk: string; sk: string }) =>
  JSON.stringify((await api.db.doc.send(new GetCommand({ TableName: api.db.tableName, Key: key, ConsistentRead: true }))).Item);

describe("a customer's tickets", () => {
  it('are in their data export with their attendees, and leave every place with their erasure', async () => {
    const buyer = await createCustomer(client, { name: 'Ophelia Ticketholder', email: 'ophelia.holder@example.com' });
    const attendees = [
      { name: 'Percival Attendee', email: 'percival.attendee@example.com' },
      { name: 'Quentin Guestwright', email: 'quentin.guest@example.com' },
    ];
    const { event, order: placed, codes } = await sold(app, 2, { customer: buyer, attendees });
    const [first, second] = placed.tickets as { id: string; code: string }[];
    const renamed = { attendeeName: 'Rosalind Renamed', attendeeEmail: 'rosalind.renamed@example.com' };
    ok(await client.put(`/api/tickets/${second!.id}`, renamed));
    ok(await checkIn(client, { code: codes[0], eventId: event.id }), 201);

    const exported = ok(await client.get(`/api/customers/${buyer.id}/export`));
    const order = exported.transactions.find((t: { id: string }) => t.id === placed.id);
    expect(order.tickets).toEqual([
      expect.objectContaining({ id: first!.id, code: first!.code, attendeeName: 'Percival Attendee', attendeeEmail: attendees[0]!.email }),
      expect.objectContaining({ id: second!.id, code: second!.code, ...renamed }),
    ]);
    const counts = await doorCountsExact(client, event.id);

    ok(await client.post(`/api/customers/${buyer.id}/erase`, { confirm: buyer.email }));
    expect(ok(await client.get(`/api/customers/${buyer.id}`)).erasure).toBe('complete');
    const traces = ['Percival', 'percival.attendee', 'Quentin', 'quentin.guest', 'Rosalind', 'rosalind.renamed'];
    const texts = await Promise.all([
      client.get(`/api/events/${event.id}/tickets`),
      client.get(`/api/exports/attendees.csv?eventId=${event.id}`),
      client.get(`/api/events/${event.id}/check-in-list`),
      client.get(`/api/transactions/${placed.id}`),
      ...[first!, second!].flatMap((t) => [client.get(`/api/tickets/${t.id}`), client.get(`/api/audit?entity=ticket&id=${t.id}`)]),
    ]);
    for (const result of texts) expect(result.status, result.text).toBe(200);
    const raw = await Promise.all([
      stored(keys.ticket(first!.id)),
      stored(keys.ticket(second!.id)),
      stored(keys.ticketCodes(codePrefix(codes[0]!))),
    ]);
    for (const text of [...texts.map((r) => r.text), ...raw])
      for (const trace of traces) expect(text.toLowerCase()).not.toContain(trace.toLowerCase());
    // nothing found by the names any more; the tickets stay, valid, checked in as they were, counted alike
    for (const term of ['percival', 'rosalind']) expect(ok(await client.get(`/api/events/${event.id}/tickets?search=${term}`))).toEqual([]);
    expect(ok(await client.get(`/api/tickets/${first!.id}`))).toMatchObject({
      attendeeName: null,
      attendeeEmail: null,
      status: 'valid',
      checkedInBy: 'admin',
    });
    const history = ok(await client.get(`/api/audit?entity=ticket&id=${second!.id}`)).items;
    expect(history.find((r: { action: string }) => r.action === 'update').changes).toContainEqual({
      field: 'attendeeName',
      from: '[erased]',
      to: '[erased]',
    });
    expect(await doorCountsExact(client, event.id)).toEqual(counts);
  });
});
