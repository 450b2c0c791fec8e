import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Client, type TestApi, startSignedIn } from '../setup/api.ts';
import { createCustomer, createEvent, ok } from './helpers.ts';

// Issue 29 item 7: deleting an event cannot race a purchase into a transaction of a deleted
// event. The delete marks the event's counter shards first; a purchase ADDs to one of them on a
// condition that fails on that mark (or once they are gone), and reads the event again: 404.

let api: TestApi;
let client: Client;
beforeAll(async () => ({ api, client } = await startSignedIn()));
afterAll(() => api.stop());

/**
 * Holds the delete's own transaction (the one that deletes the event item) for `ms` on its way to
 * the store, so purchases can be sent in the moment between its checks and its write: the window
 * a purchase would slip through. Nothing is changed, only delayed.
 */
function holdDelete(eventId: string, ms: number) {
  let reached!: () => void;
  const atDelete = new Promise<void>((resolve) => (reached = resolve));
  const name = `hold-delete-${eventId}`;
  api.db.doc.middlewareStack.add(
    (next) => async (args) => {
      const items = (args.input as { TransactItems?: { Delete?: { Key?: { pk?: string; sk?: string } } }[] }).TransactItems ?? [];
      if (items.some((item) => item.Delete?.Key?.pk === `EVENT#${eventId}` && item.Delete.Key.sk === 'EVENT')) {
        reached();
        await new Promise((resolve) => setTimeout(resolve, ms));
      }
      return next(args);
    },
    { step: 'initialize', name },
  );
  return { atDelete, release: () => api.db.doc.middlewareStack.remove(name) };
}

it('a purchase sent while a delete is under way never lands on the deleted event', async () => {
  const customer = await createCustomer(client);
  for (let round = 0; round < 3; round++) {
    const event = await createEvent(client);
    const hold = holdDelete(event.id, 500);
    try {
      const removed = client.request('DELETE', `/api/events/${event.id}`);
      // the delete has checked that no transaction names the event and is about to write; purchases
      // of any status (not only those that move its sales) must not land now
      await hold.atDelete;
      const purchases = await Promise.all(
        ['pending', 'pending', 'failed'].map((status) =>
          client.post('/api/transactions', { eventId: event.id, customerId: customer.id, amount: '$5.00', status, paymentMethod: 'Card' }),
        ),
      );
      expect((await removed).status).toBe(204);
      for (const purchase of purchases) {
        expect(purchase.status, purchase.text).toBe(404);
        expect(purchase.text).toContain('Event not found');
      }
    } finally {
      hold.release();
    }
    const listed: any[] = ok(await client.get('/api/transactions'));
    expect(listed.filter((t) => t.eventId === event.id)).toEqual([]);
    expect((await client.get(`/api/events/${event.id}`)).status).toBe(404);
  }
  // and nothing was counted for them
  expect(ok(await client.get('/api/transactions/totals')).totalTransactions).toBe(0);
}, 120_000);

it('a delete refused for its transactions lifts its mark: purchases and views go on', async () => {
  const event = await createEvent(client);
  const customer = await createCustomer(client);
  const buy = () =>
    client.post('/api/transactions', {
      eventId: event.id,
      customerId: customer.id,
      amount: '$1.00',
      status: 'pending',
      paymentMethod: 'Card',
    });
  ok(await buy(), 201);
  const refused = await client.request('DELETE', `/api/events/${event.id}`);
  expect(refused.status).toBe(409);
  expect(refused.text).toContain('This event has transactions; archive it instead');
  ok(await buy(), 201);
  expect(ok(await client.post(`/api/events/${event.id}/views`, { count: 2 })).pageViews).toBe(2);
});
