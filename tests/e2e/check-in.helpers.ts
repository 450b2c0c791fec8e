import type { Page } from 'playwright-core';
import { postCreated as post, postEvent, uid } from '../setup/browser.ts';

// Shared by the check-in screen's e2e files: the door offline (check-in.test.ts) and its camera.

/** An event with one ticket type and an order of three named tickets: their codes. */
export async function sold(page: Page) {
  const id = uid();
  const event = await postEvent(page, { title: `Door Hall ${id}` });
  const stalls = await post(page, `/api/events/${event.id}/ticket-types`, { name: 'Stalls', price: '$20.00', quantity: 10 });
  const customer = await post(page, '/api/customers', { name: `Dora Door${id}`, email: `dora.${id}@example.com`, phone: '' });
  const names = ['Ada Lovelace', 'Grace Hopper', 'Alan Turing'];
  const order = await post(page, '/api/orders', {
    eventId: event.id,
    customerId: customer.id,
    lines: [{ ticketTypeId: stalls.id, quantity: 3, attendees: names.map((name) => ({ name })) }],
    paymentMethod: 'Cash',
  });
  return { event, codes: (order.tickets as { code: string }[]).map((ticket) => ticket.code) };
}

/**
 * Everything the app keeps in IndexedDB (lib/idb.ts: one database, one store), as JSON text; ''
 * while the app has made no database (this look never makes one: that would leave it without its store).
 */
export const storedText = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<string>((resolve, reject) => {
        const opening = indexedDB.open('event-admin');
        opening.onupgradeneeded = () => opening.transaction?.abort();
        opening.onerror = () => (opening.error?.name === 'AbortError' ? resolve('') : reject(opening.error));
        opening.onsuccess = () => {
          const db = opening.result;
          try {
            const all = db.transaction('kv').objectStore('kv').getAll();
            all.onsuccess = () => resolve(JSON.stringify(all.result));
            all.onerror = () => reject(all.error);
          } catch (error) {
            reject(error);
          } finally {
            // Closed at once (the read goes on): an open connection would hold up the app's deletion at sign-out.
            db.close();
          }
        };
      }),
  );

/** The names of the IndexedDB databases `page`'s origin has. */
export const databaseNames = (page: Page) => page.evaluate(async () => (await indexedDB.databases()).map((db) => db.name));
