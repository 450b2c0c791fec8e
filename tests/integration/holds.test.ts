// Holds: kept, released, confirmed and expired by time (never by TTL), through the core entries on DynamoDB Local.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '@event-admin/core/db/client';
import { transact } from '@event-admin/core/db/write';
import * as Event from '@event-admin/core/event/index';
import * as Hold from '@event-admin/core/hold/index';
import * as TicketType from '@event-admin/core/ticket-type/index';
import { activeEvent, eventPoolTotals, freshDb, notEnough, refusal, sell, ticketType } from './tickets.helpers.ts';

let db: Db;
beforeAll(async () => {
  db = await freshDb();
});

const soon = (ms: number) => new Date(Date.now() + ms);
const until = (at: string) => new Promise((r) => setTimeout(r, Math.max(0, Date.parse(at) - Date.now() + 20)));

describe('holds', () => {
  it('are refused as an order would be', async () => {
    const event = await activeEvent(db);
    const type = await ticketType(db, event.id, { name: 'Floor', quantity: 3, minPerOrder: 1, maxPerOrder: 2 });
    const closed = await ticketType(db, event.id, { name: 'Early bird', salesEnd: '2020-01-01' });
    const cases: [unknown, string, string][] = [
      [[], 'invalid', 'An order needs at least one ticket'],
      [[{ ticketTypeId: 'missing', quantity: 1 }], 'invalid', 'Unknown ticket type'],
      [[{ ticketTypeId: type.id, quantity: 3 }], 'invalid', 'Floor: from 1 to 2 tickets per order'],
      [[{ ticketTypeId: closed.id, quantity: 1 }], 'conflict', 'Early bird is not on sale'],
    ];
    for (const [lines, kind, message] of cases) {
      const error = await refusal(() => Hold.create(db, { eventId: event.id, lines: lines as never }));
      expect([error.kind, error.message]).toEqual([kind, message]);
    }
    const other = await activeEvent(db);
    const elsewhere = await refusal(() => Hold.create(db, { eventId: other.id, lines: [{ ticketTypeId: type.id, quantity: 1 }] }));
    expect(elsewhere.message).toBe('Unknown ticket type');
    const draft = await activeEvent(db, 'draft');
    const draftType = await ticketType(db, draft.id);
    const notOnSale = await refusal(() => Hold.create(db, { eventId: draft.id, lines: [{ ticketTypeId: draftType.id, quantity: 1 }] }));
    expect([notOnSale.kind, notOnSale.message]).toEqual(['conflict', 'This event is not on sale']);
    await Event.archive(db, { id: event.id });
    const archived = await refusal(() => Hold.create(db, { eventId: event.id, lines: [{ ticketTypeId: type.id, quantity: 1 }] }));
    expect(archived.message).toBe('This event is not on sale');
    expect(() => Hold.create(db, { eventId: event.id, lines: [], minutes: 61 })).toThrow('Minutes must be a whole number from 1 to 60');
  });

  it('hold tickets until released, and a released one gives them back at once; confirming sells them', async () => {
    const event = await activeEvent(db);
    const type = await ticketType(db, event.id, { name: 'Seats', quantity: 4 });
    const hold = await Hold.create(db, { eventId: event.id, lines: [{ ticketTypeId: type.id, quantity: 3 }], minutes: 5 });
    expect(hold).toMatchObject({ eventId: event.id, lines: [{ ticketTypeId: type.id, quantity: 3 }], status: 'held' });
    expect(Date.parse(hold.expiresAt) - Date.now()).toBeGreaterThan(4 * 60_000);
    expect(await Hold.get(db, { id: hold.id })).toEqual(hold);
    const [name, left] = notEnough((await refusal(() => sell(db, event.id, [{ ticketTypeId: type.id, quantity: 2 }]))).message);
    expect([name, left]).toEqual(['Seats', 1]);

    await Hold.release(db, { id: hold.id });
    expect(await Hold.get(db, { id: hold.id })).toMatchObject({ status: 'released' });
    await Hold.release(db, { id: hold.id }); // again: nothing more happens
    expect((await TicketType.availability(db, { eventId: event.id })).types[0]).toMatchObject({ held: 0, available: 4 });
    expect((await refusal(() => Hold.prepareConfirm(db, hold.id))).message).toBe('This hold is no longer active');

    const second = await Hold.create(db, { eventId: event.id, lines: [{ ticketTypeId: type.id, quantity: 4 }] });
    const confirm = await Hold.prepareConfirm(db, second.id);
    await transact(db, confirm.items);
    expect(await Hold.get(db, { id: second.id })).toMatchObject({ status: 'confirmed' });
    expect((await TicketType.availability(db, { eventId: event.id })).types[0]).toMatchObject({ sold: 4, held: 0, available: 0 });
    expect((await refusal(() => Hold.release(db, { id: second.id }))).message).toBe('This hold is no longer active');
    expect((await refusal(() => Hold.prepareConfirm(db, second.id))).message).toBe('This hold is no longer active');
    // a confirm prepared twice lands once: the second transaction fails on the hold, and says why
    await expect(transact(db, confirm.items)).rejects.toMatchObject({ name: 'TransactionCanceledException' });
    expect((await refusal(confirm.explain)).message).toBe('This hold is no longer active');
  });

  it(
    'expire by time: counted free the moment they lapse, released by the next take that needs them, or by the sweep',
    { timeout: 90_000 },
    async () => {
      const event = await activeEvent(db);
      const type = await ticketType(db, event.id, { name: 'Standing' });
      await TicketType.setCapacity(db, { eventId: event.id, capacity: 10 });
      // long enough for the sales below on a busy machine: the last one must meet the hold still holding
      const lapsing = await Hold.placeHold(db, { eventId: event.id, lines: [{ ticketTypeId: type.id, quantity: 4 }] }, soon(8000));
      if (typeof lapsing === 'symbol') throw new Error('lost a race');
      for (let i = 0; i < 6; i++) await sell(db, event.id, [{ ticketTypeId: type.id, quantity: 1 }]);
      expect(notEnough((await refusal(() => sell(db, event.id, [{ ticketTypeId: type.id, quantity: 1 }]))).message)).toEqual([
        'Standing',
        0,
      ]);
      expect(Date.now()).toBeLessThan(Date.parse(lapsing.expiresAt));

      await until(lapsing.expiresAt);
      // before anything ends it: held no more, on sale again
      expect(await TicketType.availability(db, { eventId: event.id })).toMatchObject({ capacity: 10, sold: 6, held: 0, available: 4 });
      expect(await Hold.get(db, { id: lapsing.id })).toMatchObject({ status: 'expired' });
      expect((await refusal(() => Hold.prepareConfirm(db, lapsing.id))).message).toBe('This hold has expired');
      expect((await eventPoolTotals(db, event.id)).held).toBe(4); // still on the shards: nothing swept yet

      const buyers = await Promise.allSettled(
        Array.from({ length: 8 }, () => sell(db, event.id, [{ ticketTypeId: type.id, quantity: 1 }])),
      );
      expect(buyers.filter((b) => b.status === 'fulfilled')).toHaveLength(4);
      for (const b of buyers) if (b.status === 'rejected') expect(notEnough((b.reason as Error).message)).toEqual(['Standing', 0]);
      expect(await eventPoolTotals(db, event.id)).toMatchObject({ free: 0, sold: 10, held: 0 });
      expect((await refusal(() => Hold.prepareConfirm(db, lapsing.id))).message).toBe('This hold has expired');

      // the sweep: every event's lapsed holds, whether or not anyone reads or buys
      const swept = await Hold.placeHold(db, { eventId: event.id, lines: [{ ticketTypeId: type.id, quantity: 1 }] }, soon(1500)).catch(
        (e: Error) => e.message,
      );
      expect(swept).toBe('Not enough tickets: Standing has 0 left');
      const quiet = await activeEvent(db);
      const quietType = await ticketType(db, quiet.id, { quantity: 5 });
      const parked = await Hold.placeHold(db, { eventId: quiet.id, lines: [{ ticketTypeId: quietType.id, quantity: 5 }] }, soon(1500));
      if (typeof parked === 'symbol') throw new Error('lost a race');
      await until(parked.expiresAt);
      let ended = 0;
      for (let i = 0; i < 20 && ended === 0; i++) {
        ended += await Hold.sweepLapsedHolds(db); // its index is eventually consistent: a run may miss a mark by a moment
        if (!ended) await new Promise((r) => setTimeout(r, 100));
      }
      expect(ended).toBeGreaterThanOrEqual(1);
      expect(await Hold.get(db, { id: parked.id })).toMatchObject({ status: 'expired' });
      expect((await TicketType.availability(db, { eventId: quiet.id })).types[0]).toMatchObject({ held: 0, available: 5 });
      await Hold.release(db, { id: parked.id }); // nothing left to release
      expect((await TicketType.list(db, { eventId: quiet.id }))[0]).toMatchObject({ held: 0, available: 5 });
    },
  );
});
