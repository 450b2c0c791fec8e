// Ticket types, an event's capacity and its availability, through the core entries on DynamoDB Local.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '@event-admin/core/db/client';
import * as Hold from '@event-admin/core/hold/index';
import * as TicketType from '@event-admin/core/ticket-type/index';
import { activeEvent, eventPoolTotals, freshDb, poolTotals, refusal, ticketType } from './tickets.helpers.ts';

let db: Db;
beforeAll(async () => {
  db = await freshDb();
});

describe('ticket types', () => {
  it('are created with defaults, listed in display order with their figures, and answered as the issue shapes them', async () => {
    const event = await activeEvent(db);
    const general = await ticketType(db, event.id, { name: 'General', price: '$25', quantity: 100 });
    expect(general).toEqual({
      id: general.id,
      eventId: event.id,
      name: 'General',
      price: '$25.00',
      quantity: 100,
      sold: 0,
      held: 0,
      available: 100,
      salesStart: null,
      salesEnd: null,
      minPerOrder: 1,
      maxPerOrder: 10,
      position: 0,
      version: 1,
    });
    const free = await ticketType(db, event.id, {
      name: 'Guest list',
      price: 0,
      salesStart: '2030-01-01T10:00:00Z',
      salesEnd: '2031-01-01',
    });
    expect(free).toMatchObject({ price: '$0.00', quantity: null, available: null, position: 1, salesStart: '2030-01-01T10:00:00.000Z' });
    const listed = await TicketType.list(db, { eventId: event.id });
    expect(listed.map((t) => t.name)).toEqual(['General', 'Guest list']);

    const reordered = await TicketType.reorder(db, { eventId: event.id, ids: [free.id, general.id] });
    expect(reordered.map((t) => [t.name, t.position])).toEqual([
      ['Guest list', 0],
      ['General', 1],
    ]);
    expect((await refusal(TicketType.reorder(db, { eventId: event.id, ids: [free.id] }))).message).toBe(
      'The order must name every ticket type of the event once',
    );
    expect((await refusal(TicketType.reorder(db, { eventId: event.id, ids: [free.id, 'nope'] }))).message).toBe('Unknown ticket type');
  });

  it("refuses bad fields with the issue's messages", async () => {
    const event = await activeEvent(db);
    const messages = async (fields: Record<string, unknown>) => {
      try {
        await ticketType(db, event.id, fields);
        return null;
      } catch (error) {
        return (error as { issues?: { message: string }[] }).issues?.map((i) => i.message);
      }
    };
    expect(await messages({ name: 'A' })).toEqual(['Ticket name must be at least 2 characters']);
    expect(await messages({ price: 'abc' })).toEqual(['Amount must be a dollar amount such as $12.34, at most $1000000']);
    expect(await messages({ price: '-1' })).toEqual(['Amount must be a dollar amount such as $12.34, at most $1000000']);
    for (const quantity of [0, 1.5, -3]) expect(await messages({ quantity })).toEqual(['Quantity must be a whole number of at least 1']);
    const limits = 'Per-order limits must be whole numbers from 1 to 100, the minimum not above the maximum';
    expect(await messages({ minPerOrder: 0 })).toEqual([limits]);
    expect(await messages({ maxPerOrder: 101 })).toEqual([limits]);
    expect(await messages({ minPerOrder: 12 })).toEqual([limits]);
    expect(await messages({ salesStart: '2031-01-02', salesEnd: '2031-01-01' })).toEqual(['Sales must end after they start']);
    expect(() => TicketType.setCapacity(db, { eventId: event.id, capacity: 0 })).toThrow('Capacity must be a whole number of at least 1');
  });

  it('update with a version, a stale one refused; the rules hold against the stored fields', async () => {
    const event = await activeEvent(db);
    const type = await ticketType(db, event.id, { name: 'Balcony', salesStart: '2030-05-01' });
    const saved = await TicketType.update(db, { id: type.id, version: 1, name: 'Upper balcony', price: '12.50', maxPerOrder: 4 });
    expect(saved).toMatchObject({ name: 'Upper balcony', price: '$12.50', maxPerOrder: 4, version: 2 });
    expect((await refusal(TicketType.update(db, { id: type.id, version: 1, name: 'Lower' }))).kind).toBe('conflict');
    expect((await refusal(TicketType.update(db, { id: type.id, salesEnd: '2030-04-01' }))).message).toBe('Sales must end after they start');
    expect((await refusal(TicketType.update(db, { id: type.id, minPerOrder: 5 }))).message).toMatch(/^Per-order limits/);
    expect((await refusal(TicketType.update(db, { id: 'missing', name: 'Nope' }))).kind).toBe('not_found');
  });
});

describe('capacity and quantity', () => {
  it('are shared by the types, shown in the availability, and never lowered below what is sold and held', async () => {
    const event = await activeEvent(db);
    const a = await ticketType(db, event.id, { name: 'Stalls', quantity: 8 });
    const b = await ticketType(db, event.id, { name: 'Circle' });
    let figures = await TicketType.setCapacity(db, { eventId: event.id, capacity: 10 });
    expect(figures).toMatchObject({ capacity: 10, sold: 0, held: 0, available: 10 });
    expect(figures.types.map((t) => [t.name, t.available, t.onSale])).toEqual([
      ['Stalls', 8, true],
      ['Circle', 10, true],
    ]);

    await Hold.create(db, { eventId: event.id, lines: [{ ticketTypeId: a.id, quantity: 5 }] });
    await Hold.create(db, { eventId: event.id, lines: [{ ticketTypeId: b.id, quantity: 3 }] });
    figures = await TicketType.availability(db, { eventId: event.id });
    expect(figures).toMatchObject({ capacity: 10, sold: 0, held: 8, available: 2 });
    expect(figures.types.map((t) => [t.held, t.available])).toEqual([
      [5, 2],
      [3, 2],
    ]);

    const lower = await refusal(TicketType.setCapacity(db, { eventId: event.id, capacity: 7 }));
    expect([lower.kind, lower.message]).toEqual(['conflict', 'Capacity cannot be lower than the 8 tickets already sold or held']);
    const quantity = await refusal(TicketType.update(db, { id: a.id, quantity: 4 }));
    expect(quantity.message).toBe('Quantity cannot be lower than the 5 tickets already sold or held');
    // nothing changed
    expect(await TicketType.availability(db, { eventId: event.id })).toEqual(figures);
    expect((await poolTotals(db, event.id, a.id)).free).toBe(3);

    figures = await TicketType.setCapacity(db, { eventId: event.id, capacity: 8 });
    expect(figures).toMatchObject({ capacity: 8, available: 0 });
    const none = await refusal(Hold.create(db, { eventId: event.id, lines: [{ ticketTypeId: b.id, quantity: 1 }] }));
    expect([none.kind, none.message]).toEqual(['conflict', 'Not enough tickets: Circle has 0 left']);

    figures = await TicketType.setCapacity(db, { eventId: event.id, capacity: null });
    expect(figures).toMatchObject({ capacity: null, held: 8, available: null });
    expect(figures.types.map((t) => t.available)).toEqual([3, null]);
    const updated = await TicketType.update(db, { id: a.id, quantity: null });
    expect(updated).toMatchObject({ quantity: null, held: 5, available: null });
    const again = await TicketType.setCapacity(db, { eventId: event.id, capacity: 500 });
    expect(again).toMatchObject({ capacity: 500, held: 8, available: 492 });
    const pool = await eventPoolTotals(db, event.id);
    expect(pool.free + pool.sold + pool.held).toBe(500);
  });

  it('a type that sold or held a ticket cannot be deleted; one that never did goes with its pool', async () => {
    const event = await activeEvent(db);
    const kept = await ticketType(db, event.id, { name: 'Held once', quantity: 5 });
    const gone = await ticketType(db, event.id, { name: 'Never sold', quantity: 5 });
    const hold = await Hold.create(db, { eventId: event.id, lines: [{ ticketTypeId: kept.id, quantity: 1 }] });
    await Hold.release(db, { id: hold.id });
    const refused = await refusal(TicketType.remove(db, { id: kept.id }));
    expect([refused.kind, refused.message]).toEqual(['conflict', 'This ticket type has sales; end its sales instead']);
    await TicketType.remove(db, { id: gone.id });
    expect((await poolTotals(db, event.id, gone.id)).shards).toEqual([]);
    expect((await TicketType.list(db, { eventId: event.id })).map((t) => t.name)).toEqual(['Held once']);
    const unknown = await refusal(Hold.create(db, { eventId: event.id, lines: [{ ticketTypeId: gone.id, quantity: 1 }] }));
    expect([unknown.kind, unknown.message]).toEqual(['invalid', 'Unknown ticket type']);
  });
});
