import type { Db } from '@event-admin/core/db/client';
import * as Order from '@event-admin/core/order/index';
import * as TicketType from '@event-admin/core/ticket-type/index';
import { firstNames, lastNames, paymentMethods } from './demo-words.ts';
import type { random } from './random.ts';

/** Upcoming events that get ticket types and orders: enough to try the door, few enough to seed fast. */
const eventsWithOrders = 3;

/**
 * Ticket types (General Admission, VIP) on the next upcoming active events, and `count` orders of
 * them spread over those events, each named for its attendees: placed through Order.create, the
 * path of POST /api/orders, so tickets, codes, their records and the door counts are what a real
 * order makes. `placed` is told of each.
 */
export async function seedOrders(
  db: Db,
  rnd: ReturnType<typeof random>,
  from: { events: readonly { id: string; status: string; date: Date }[]; customers: readonly string[]; count: number; now: Date },
  placed: () => void,
) {
  const { events, customers, count, now } = from;
  const upcoming = events
    .filter((e) => e.status === 'active' && e.date.getTime() > now.getTime())
    .sort((a, b) => a.date.getTime() - b.date.getTime())
    .slice(0, eventsWithOrders);
  if (upcoming.length === 0 || customers.length === 0) return;
  const types = [];
  for (const event of upcoming) {
    const general = await TicketType.create(db, { eventId: event.id, name: 'General Admission', price: '$35.00', quantity: 400 });
    const vip = await TicketType.create(db, { eventId: event.id, name: 'VIP', price: '$90.00', quantity: 40, maxPerOrder: 4 });
    types.push({ eventId: event.id, general: general.id, vip: vip.id });
  }
  for (let i = 0; i < count; i++) {
    const { eventId, general, vip } = types[i % types.length]!;
    const quantity = rnd.int(1, 3);
    const attendees = Array.from({ length: quantity }, () => {
      const [first, last] = [rnd.pick(firstNames), rnd.pick(lastNames)];
      return { name: `${first} ${last}`, email: `${first}.${last}@example.com`.toLowerCase() };
    });
    await Order.create(db, {
      eventId,
      customerId: rnd.pick(customers),
      lines: [{ ticketTypeId: i % 4 === 3 ? vip : general, quantity, attendees }],
      paymentMethod: rnd.pick(paymentMethods),
      status: 'completed',
    });
    placed();
  }
}
