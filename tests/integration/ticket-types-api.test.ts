// Issue 30 items 1-2 over HTTP: ticket types' routes, an event's capacity in PUT /api/events/{id},
// their history, and the OpenAPI document naming the new paths.
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { keys } from '@event-admin/core/db/keys';
import { signedInForFile } from '../setup/api.ts';
import { createEvent, expectError, ok, unknownId } from './helpers.ts';
import { retried } from './orders.helpers.ts';

const { api, client } = await signedInForFile();

const types = (eventId: string) => `/api/events/${eventId}/ticket-types`;
const addType = async (eventId: string, body: Record<string, unknown> = {}) =>
  ok(await client.post(types(eventId), { name: 'General', price: '$25.00', ...body }), 201);
const hold = async (eventId: string, ticketTypeId: string, quantity: number) =>
  ok(await client.post('/api/holds', { eventId, lines: [{ ticketTypeId, quantity }] }), 201);
const remove = (id: string, query = '') => client.request('DELETE', `/api/ticket-types/${id}${query}`);

describe('ticket types over REST', () => {
  it('are added (201), listed in display order, edited with their version and reordered', async () => {
    const event = await createEvent(client);
    const general = await addType(event.id, { quantity: 100 });
    // over HTTP the answer has exactly the fields (their values at creation are also core's test), and the list holds it
    const fields = 'id eventId name price quantity sold held available salesStart salesEnd minPerOrder maxPerOrder position version';
    expect(Object.keys(general).sort()).toEqual(fields.split(' ').sort());
    expect(general).toMatchObject({ eventId: event.id, name: 'General', price: '$25.00', quantity: 100, sold: 0, held: 0, available: 100 });
    expect(general).toMatchObject({ salesStart: null, salesEnd: null, minPerOrder: 1, maxPerOrder: 10, position: 0, version: 1 });
    expect(ok(await client.get(types(event.id)))).toEqual([general]);
    const free = await addType(event.id, { name: 'Guest list', price: 0, salesStart: '2030-01-01T10:00:00Z', salesEnd: '2031-01-01' });
    expect(free).toMatchObject({ price: '$0.00', quantity: null, available: null, position: 1, salesStart: '2030-01-01T10:00:00.000Z' });
    expect(ok(await client.get(types(event.id))).map((t: { name: string }) => t.name)).toEqual(['General', 'Guest list']);

    const edited = ok(await client.put(`/api/ticket-types/${general.id}`, { name: 'Standard', price: '$30', version: 1 }));
    expect(edited).toMatchObject({ name: 'Standard', price: '$30.00', quantity: 100, version: 2 });
    const stale = await client.put(`/api/ticket-types/${general.id}`, { name: 'Late', version: 1 });
    expectError(stale, 409, 'This ticket type was changed by someone else');
    expectError(await client.put(`/api/ticket-types/${unknownId()}`, { name: 'Nobody' }), 404, 'Ticket type not found');

    const reordered = ok(await client.post(`${types(event.id)}/order`, { ids: [free.id, general.id] }));
    expect(reordered.map((t: { name: string; position: number }) => [t.name, t.position])).toEqual([
      ['Guest list', 0],
      ['Standard', 1],
    ]);
    expect(ok(await client.get(types(event.id)))[0].id).toBe(free.id);
    expectError(
      await client.post(`${types(event.id)}/order`, { ids: [free.id] }),
      400,
      'The order must name every ticket type of the event once',
    );
    expectError(await client.post(`${types(event.id)}/order`, { ids: [free.id, unknownId()] }), 400, 'Unknown ticket type');
    expectError(await client.get(types(unknownId())), 404, 'Event not found');
  });

  it("refuses bad fields with the issue's messages", async () => {
    const event = await createEvent(client);
    const refused = async (body: Record<string, unknown>, message: string) =>
      expectError(await client.post(types(event.id), { name: 'General', price: '$10', ...body }), 400, message);
    await refused({ name: 'A' }, 'Ticket name must be at least 2 characters');
    await refused({ price: 'ten dollars' }, 'Amount must be');
    await refused({ price: -1 }, 'Amount must be');
    for (const quantity of [0, 1.5, 'many']) await refused({ quantity }, 'Quantity must be a whole number of at least 1');
    const limits = 'Per-order limits must be whole numbers from 1 to 100, the minimum not above the maximum';
    await refused({ minPerOrder: 0 }, limits);
    await refused({ maxPerOrder: 101 }, limits);
    await refused({ minPerOrder: 5, maxPerOrder: 4 }, limits);
    await refused({ salesStart: '2030-02-01', salesEnd: '2030-01-01' }, 'Sales must end after they start');
    const made = await addType(event.id);
    const edit = (body: Record<string, unknown>) => client.put(`/api/ticket-types/${made.id}`, body);
    expectError(await edit({ minPerOrder: 20 }), 400, limits);
    expectError(await edit({ salesStart: '2030-02-01', salesEnd: '2030-01-01' }), 400, 'Sales must end after they start');
    expect(ok(await client.get(types(event.id)))).toEqual([made]);
  });

  it('takes an Idempotency-Key on a create: the same key answers the same type, once', async () => {
    const event = await createEvent(client);
    const headers = { 'Idempotency-Key': `types-${event.id}` };
    // as a client sends it: a 503 of a store slower than its time limit sent again with the key
    const send = () => retried(() => client.request('POST', types(event.id), { name: 'Early bird', price: 15 }, { headers }));
    const [first, second] = await Promise.all([send(), send()]);
    expect(ok(first, 201)).toEqual(ok(second, 201));
    expect(ok(await client.get(types(event.id)))).toHaveLength(1);
  });

  it('deletes a type that never sold (204) and refuses one with sales or holds, changing nothing', async () => {
    const event = await createEvent(client);
    const unsold = await addType(event.id, { name: 'Unsold' });
    const held = await addType(event.id, { name: 'Held', quantity: 10 });
    await hold(event.id, held.id, 2);
    const refusal = await remove(held.id);
    expectError(refusal, 409, 'This ticket type has sales; end its sales instead');
    expect(refusal.text).toBe('This ticket type has sales; end its sales instead');
    expectError(await remove(unsold.id, '?version=9'), 409, 'This ticket type was changed by someone else');
    const deleted = await remove(unsold.id, '?version=1');
    expect(deleted.status).toBe(204);
    expect(deleted.text).toBe('');
    expect(ok(await client.get(types(event.id)))).toMatchObject([{ id: held.id, held: 2, available: 8 }]);
    expectError(await remove(unsold.id), 404, 'Ticket type not found');
  });

  it("answers the event's availability, exact as it stands", async () => {
    const event = await createEvent(client);
    const a = await addType(event.id, { name: 'Stalls', quantity: 6 });
    const b = await addType(event.id, { name: 'Balcony', salesStart: '2099-01-01' });
    ok(await client.put(`/api/events/${event.id}`, { ...event, capacity: 10 }));
    await hold(event.id, a.id, 4);
    expect(ok(await client.get(`/api/events/${event.id}/availability`))).toEqual({
      capacity: 10,
      sold: 0,
      held: 4,
      available: 6,
      types: [
        { id: a.id, name: 'Stalls', quantity: 6, sold: 0, held: 4, available: 2, onSale: true },
        { id: b.id, name: 'Balcony', quantity: null, sold: 0, held: 0, available: 6, onSale: false },
      ],
    });
    expectError(await client.get(`/api/events/${unknownId()}/availability`), 404, 'Event not found');
  });
});

describe("an event's capacity in PUT /api/events/{id}", () => {
  it('is a whole number of at least 1, or null, and shows in the answers', async () => {
    const event = await createEvent(client);
    expect(event.capacity).toBeNull();
    for (const capacity of [0, -3, 2.5, '12']) {
      expectError(
        await client.put(`/api/events/${event.id}`, { ...event, capacity }),
        400,
        'Capacity must be a whole number of at least 1',
      );
    }
    const saved = ok(await client.put(`/api/events/${event.id}`, { ...event, capacity: 300 }));
    expect(saved).toMatchObject({ capacity: 300, version: event.version + 1 });
    expect(ok(await client.get(`/api/events/${event.id}`)).capacity).toBe(300);
    const listed = ok(await client.get('/api/events')).find((e: { id: string }) => e.id === event.id);
    expect(listed.capacity).toBe(300);
    // left out: unchanged; null: no limit
    expect(ok(await client.put(`/api/events/${event.id}`, { title: 'Renamed night', date: event.date, venue: event.venue })).capacity).toBe(
      300,
    );
    expect(
      ok(await client.put(`/api/events/${event.id}`, { title: 'Renamed night', date: event.date, venue: event.venue, capacity: null }))
        .capacity,
    ).toBeNull();
    expect(ok(await client.get(`/api/events/${event.id}/availability`))).toMatchObject({ capacity: null, available: null });
  });

  it('below what is sold and held is refused (409) with nothing changed, the event included', async () => {
    const event = await createEvent(client);
    const type = await addType(event.id, { quantity: 50 });
    const limited = ok(await client.put(`/api/events/${event.id}`, { ...event, capacity: 20 }));
    await hold(event.id, type.id, 7);
    const before = ok(await client.get(`/api/events/${event.id}`));
    const figures = ok(await client.get(`/api/events/${event.id}/availability`));
    const lower = await client.put(`/api/events/${event.id}`, { ...before, title: 'Should not stick', capacity: 6 });
    expectError(lower, 409);
    expect(lower.text).toBe('Capacity cannot be lower than the 7 tickets already sold or held');
    expect(ok(await client.get(`/api/events/${event.id}`))).toEqual(before);
    expect(ok(await client.get(`/api/events/${event.id}/availability`))).toEqual(figures);
    expect(before).toMatchObject({ capacity: 20, version: limited.version });
    // down to exactly what is taken is allowed, and then nothing is left
    const exact = ok(await client.put(`/api/events/${event.id}`, { ...before, capacity: 7 }));
    expect(exact.capacity).toBe(7);
    expect(ok(await client.get(`/api/events/${event.id}/availability`))).toMatchObject({ capacity: 7, held: 7, available: 0 });
    const quantity = await client.put(`/api/ticket-types/${type.id}`, { quantity: 3 });
    expectError(quantity, 409);
    expect(quantity.text).toBe('Quantity cannot be lower than the 7 tickets already sold or held');
  });

  it('a stale event version refuses the capacity too', async () => {
    const event = await createEvent(client);
    ok(await client.put(`/api/events/${event.id}`, { ...event, title: 'Moved on' }));
    expectError(await client.put(`/api/events/${event.id}`, { ...event, capacity: 40 }), 409, 'This event was changed by someone else');
    expect(ok(await client.get(`/api/events/${event.id}`)).capacity).toBeNull();
  });
});

describe('history and the document', () => {
  it('records type and capacity changes on the event', async () => {
    const event = await createEvent(client);
    const a = await addType(event.id, { name: 'Stalls' });
    const b = await addType(event.id, { name: 'Circle' });
    ok(await client.put(`/api/ticket-types/${a.id}`, { price: '$12' }));
    ok(await client.post(`${types(event.id)}/order`, { ids: [b.id, a.id] }));
    expect((await remove(b.id)).status).toBe(204);
    ok(await client.put(`/api/events/${event.id}`, { ...event, capacity: 80 }));
    await client.trpc().ticketTypes.setCapacity.mutate({ eventId: event.id, capacity: 90 });
    const { items } = ok(await client.get(`/api/audit?entity=event&id=${event.id}`));
    const summaries = items.map((i: { summary: string }) => i.summary);
    expect(summaries).toEqual(
      expect.arrayContaining([
        'Added the ticket type Stalls',
        'Added the ticket type Circle',
        'Edited the ticket type Stalls',
        'Reordered the ticket types',
        'Deleted the ticket type Circle',
        'Set the capacity to 90',
      ]),
    );
    const changes = items.flatMap((i: { changes: { field: string; from: unknown; to: unknown }[] }) => i.changes);
    expect(changes).toEqual(
      expect.arrayContaining([
        { field: 'price', from: '$25.00', to: '$12.00' },
        { field: 'capacity', from: null, to: 80 },
        { field: 'capacity', from: 80, to: 90 },
      ]),
    );
    expect(ok(await client.get(`/api/events/${event.id}`)).capacity).toBe(90);
  });

  it('the OpenAPI document lists the new paths', async () => {
    const { paths } = ok(await client.get('/api/openapi.json'));
    expect(Object.keys(paths['/api/events/{id}/ticket-types'])).toEqual(['get', 'post']);
    expect(Object.keys(paths['/api/events/{id}/ticket-types/order'])).toEqual(['post']);
    expect(Object.keys(paths['/api/events/{id}/availability'])).toEqual(['get']);
    expect(Object.keys(paths['/api/ticket-types/{id}']).sort()).toEqual(['delete', 'put']);
    expect(paths['/api/events/{id}/ticket-types'].post.responses).toHaveProperty('201');
    expect(paths['/api/ticket-types/{id}'].delete.responses).toHaveProperty('204');
    expect(paths['/api/events/{id}'].put.requestBody.content['application/json'].schema.properties).toHaveProperty('capacity');
  });
});

describe('deleting an event with ticket types', () => {
  it('leaves nothing of them behind: the types, their id pointers and every pool shard go with it', async () => {
    const event = await createEvent(client);
    const [a, b] = [await addType(event.id, { quantity: 40 }), await addType(event.id, { name: 'Balcony' })];
    ok(await client.put(`/api/events/${event.id}`, { ...event, capacity: 60, version: event.version }));
    const stored = async (key: { pk: string; sk: string }) =>
      (await api.db.doc.send(new GetCommand({ TableName: api.db.tableName, Key: key, ConsistentRead: true }))).Item;
    const leftovers = [
      keys.ticketTypePointer(a.id),
      keys.ticketTypePointer(b.id),
      keys.poolShard(event.id, 'EVENT', 0),
      keys.poolShard(event.id, a.id, 0),
    ];
    expect((await Promise.all(leftovers.map(stored))).every(Boolean)).toBe(true);
    expect((await client.request('DELETE', `/api/events/${event.id}`)).status).toBe(204);
    expect((await Promise.all(leftovers.map(stored))).filter(Boolean)).toEqual([]);
    expectError(await client.put(`/api/ticket-types/${a.id}`, { name: 'Gone', version: a.version }), 404);
  });
});
