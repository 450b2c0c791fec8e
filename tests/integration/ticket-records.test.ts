// Ticket records that are not there (issue 31 item 1): an order's records lost to a crash after its
// commit, found again by the sweep; orders placed before ticket records, converted by the
// tickets-v1 migration. Each is then listed, checked in and counted exactly (the door counts
// equal a recount from the tickets).
import { DeleteCommand, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it, vi } from 'vitest';
import { runBackground } from '@event-admin/core/background';
import { keys } from '@event-admin/core/db/keys';
import { shardSuffixes } from '@event-admin/core/db/shards';
import { runMigrations } from '@event-admin/core/maintenance/migrations';
import { codePrefix } from '@event-admin/core/order/ticket-code';
import { signedInForFile } from '../setup/api.ts';
import { checkIn, doorCountsExact, sold, stats } from './check-ins.helpers.ts';
import { expectError, ok } from './helpers.ts';
import { onSale, order } from './orders.helpers.ts';

vi.setConfig({ testTimeout: 120_000 });

const app = await signedInForFile();
const { api, client } = app;

const table = api.db.tableName;
const get = async (key: { pk: string; sk: string }) =>
  (await api.db.doc.send(new GetCommand({ TableName: table, Key: key, ConsistentRead: true }))).Item;
const remove = (key: { pk: string; sk: string }) => api.db.doc.send(new DeleteCommand({ TableName: table, Key: key }));
const update = (key: { pk: string; sk: string }, expression: string, values?: Record<string, unknown>) =>
  api.db.doc.send(new UpdateCommand({ TableName: table, Key: key, UpdateExpression: expression, ExpressionAttributeValues: values }));
const listed = async (eventId: string) =>
  ok(await client.get(`/api/events/${eventId}/tickets`))
    .map((t: { id: string }) => t.id)
    .sort();
const ids = (tickets: { id: string }[]) => tickets.map((t) => t.id).sort();

describe('ticket records a crash left unwritten', () => {
  it('are written by the sweep: listed, exported, checked in and counted again', async () => {
    const { event, order: placed, codes } = await sold(app, 3);
    const prefix = codePrefix(codes[0]!);
    // the order's writer wrote its records and took its code item off the sweep's index
    expect(await get(keys.ticketCodes(prefix))).not.toHaveProperty('gsi1pk');
    const before = await doorCountsExact(client, event.id);
    expect(before.shown).toEqual(before.recount);

    // a crash after the commit: two records never written, the code item still due since its commit
    const [kept, ...lost] = placed.tickets as { id: string }[];
    for (const ticket of lost) await remove(keys.ticket(ticket.id));
    const due = keys.ticketRecordsDue(new Date(Date.now() - 60_000).toISOString(), prefix);
    await update(keys.ticketCodes(prefix), 'SET gsi1pk = :pk, gsi1sk = :sk', { ':pk': due.gsi1pk, ':sk': due.gsi1sk });
    expect(await listed(event.id)).toEqual([kept!.id]);
    const csv = await client.get(`/api/exports/attendees.csv?eventId=${event.id}`);
    expect(csv.text.trim().split('\r\n')).toHaveLength(2);

    const run = await runBackground(api.db, { budgetMs: 5000 });
    expect(run.changed).toBeGreaterThanOrEqual(1);
    expect(await listed(event.id)).toEqual(ids(placed.tickets));
    expect(ok(await client.get(`/api/tickets/${lost[0]!.id}`))).toMatchObject({
      attendeeName: '=cmd()',
      status: 'valid',
      checkedInAt: null,
    });
    expect((await client.get(`/api/exports/attendees.csv?eventId=${event.id}`)).text.trim().split('\r\n')).toHaveLength(4);
    expect(await get(keys.ticketCodes(prefix))).not.toHaveProperty('gsi1pk');
    ok(await checkIn(client, { code: codes[2], eventId: event.id }), 201);
    const after = await doorCountsExact(client, event.id);
    expect(after.shown).toEqual(after.recount);
    expect(after.shown).toMatchObject({ tickets: 3, checkedIn: 1 });
  });
});

describe('the tickets-v1 migration', () => {
  it('gives orders placed before ticket records their records and door counts, exactly, once', async () => {
    const { event, types, customer } = await onSale(api, client, [{ name: 'Floor' }, { name: 'Balcony' }]);
    const lines = (floor: number, balcony: number) => [
      { ticketTypeId: types[0]!.id, quantity: floor, attendees: [{ name: 'Early Bird', email: 'early@example.com' }] },
      { ticketTypeId: types[1]!.id, quantity: balcony },
    ];
    const body = { eventId: event.id, customerId: customer.id, paymentMethod: 'Card' };
    const kept = await order(client, { ...body, lines: lines(2, 1), status: 'completed' });
    const failed = await order(client, { ...body, lines: lines(1, 1), status: 'pending' });
    ok(await client.post(`/api/transactions/${failed.id}/status`, { status: 'failed' }));
    const orders = [kept, failed] as { tickets: { id: string; code: string }[] }[];

    // as versions before ticket records left them: no records, no door counts, code items
    // without their marks (counted, void, checked-in counts, due for the sweep)
    for (const placed of orders) {
      for (const ticket of placed.tickets) await remove(keys.ticket(ticket.id));
      const fields = ['counted', 'voidedAt', 'gsi1pk', 'gsi1sk', ...types.map((_, i) => `#in${i}`)];
      await api.db.doc.send(
        new UpdateCommand({
          TableName: table,
          Key: keys.ticketCodes(codePrefix(placed.tickets[0]!.code)),
          UpdateExpression: `REMOVE ${fields.join(', ')}`,
          ExpressionAttributeNames: Object.fromEntries(types.map((t, i) => [`#in${i}`, `in#${t.id}`])),
        }),
      );
    }
    for (const s of shardSuffixes) await remove(keys.ticketCounter(event.id, s));
    expect(await listed(event.id)).toEqual([]);
    expect(await stats(client, event.id)).toMatchObject({ tickets: 0, checkedIn: 0 });

    expect((await runMigrations(api.db)).ran).toHaveProperty('tickets-v1');
    expect(await listed(event.id)).toEqual(ids([...kept.tickets, ...failed.tickets]));
    const shown = ok(await client.get(`/api/events/${event.id}/tickets`));
    const status = (id: string) => shown.find((t: { id: string }) => t.id === id).status;
    expect(kept.tickets.map((t: { id: string }) => status(t.id))).toEqual(['valid', 'valid', 'valid']);
    expect(failed.tickets.map((t: { id: string }) => status(t.id))).toEqual(['void', 'void']);
    expect(shown.find((t: { id: string }) => t.id === kept.tickets[0].id)).toMatchObject({
      attendeeName: 'Early Bird',
      ticketTypeName: 'Floor',
    });
    let counts = await doorCountsExact(client, event.id);
    expect(counts.shown).toEqual(counts.recount);
    expect(counts.shown).toMatchObject({ tickets: 3, checkedIn: 0 });

    ok(await checkIn(client, { code: kept.tickets[2].code, eventId: event.id }), 201);
    expectError(await checkIn(client, { code: failed.tickets[0].code, eventId: event.id }), 409, 'This ticket is void');
    // run again (its record lost): nothing is counted twice
    await remove(keys.migration('tickets-v1'));
    expect((await runMigrations(api.db)).ran).toHaveProperty('tickets-v1');
    counts = await doorCountsExact(client, event.id);
    expect(counts.shown).toEqual(counts.recount);
    expect(counts.shown).toMatchObject({
      tickets: 3,
      checkedIn: 1,
      byType: [
        { tickets: 2, checkedIn: 0 },
        { tickets: 1, checkedIn: 1 },
      ],
    });
  });
});
