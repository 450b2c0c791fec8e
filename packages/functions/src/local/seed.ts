import * as Address from '@event-admin/core/address/index';
import * as ContentBlock from '@event-admin/core/content-block/index';
import * as Cta from '@event-admin/core/cta/index';
import * as Customer from '@event-admin/core/customer/index';
import type { Db } from '@event-admin/core/db/client';
import { counterRefresh, refreshEventCounters } from '@event-admin/core/event/counters';
import * as Event from '@event-admin/core/event/index';
import type { EventStatus } from '@event-admin/core/event/event.schema';
import * as Transaction from '@event-admin/core/transaction/index';
import type { TransactionStatus } from '@event-admin/core/transaction/transaction.schema';
import * as Seo from '@event-admin/core/seo/index';
import { cities, firstNames, lastNames, paymentMethods, streets, venues } from './demo-words.ts';
import { random } from './random.ts';
import { seedOrders } from './seed-orders.ts';

const eventNames = [
  'Summer Jazz Nights',
  'Harbor Food & Wine Festival',
  'Tech Founders Summit',
  'Indie Film Weekend',
  'Riverside Marathon',
  'Autumn Craft Beer Fair',
  'Symphony Under the Stars',
  'Comedy Cellar Live',
  'Spring Garden Show',
  'Electronic Music Warehouse',
  'Classic Car Expo',
  'Startup Pitch Night',
  'Farmers Market Gala',
  'Winter Lights Parade',
  'Poetry Slam Finals',
  'Design Systems Conference',
  'Family Science Day',
  'Gospel Choir Celebration',
  'Street Art Walk',
  'Vintage Vinyl Market',
  'Yoga in the Park',
  'Championship Tailgate Party',
  'Broadway Revue',
  'Chili Cook-Off',
  'New Year Countdown Ball',
] as const;
const ctaTexts = ['Register Now', 'Buy Tickets', 'RSVP', 'Learn More', 'Join Us'] as const;
const dayMs = 24 * 60 * 60 * 1000;

/** Runs `work` over `items` with a few requests in flight, as a busy storefront would. */
async function pool<T>(items: readonly T[], concurrency: number, work: (item: T, index: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) {
        const index = next++;
        await work(items[index]!, index);
      }
    }),
  );
}

export interface SeedSize {
  events: number;
  customers: number;
  transactions: number;
  /** orders with tickets, on the next upcoming events (local/seed-orders.ts) */
  orders: number;
}
export const demoSize: SeedSize = { events: 25, customers: 60, transactions: 500, orders: 12 };

/**
 * Believable demo data, recorded through the same domain functions as the API, so every
 * counter on the dashboard is exactly what those writes produced.
 */
/**
 * `imageBase`: the local server's own origin. The demo images are small files of the web app
 * (packages/web/public/demo), so an offline machine shows them too.
 */
async function loadDemoData(
  db: Db,
  size: SeedSize = demoSize,
  now = new Date(),
  onProgress?: (done: number, total: number) => void,
  imageBase = 'http://localhost:3000',
) {
  const rnd = random(20261121);
  const total = size.events + size.customers + size.transactions + size.orders;
  let done = 0;
  const tick = () => onProgress?.(++done, total);

  const events: { id: string; status: EventStatus; date: Date }[] = [];
  await pool(
    Array.from({ length: size.events }, (_, i) => i),
    4,
    async (i) => {
      // Spread over eight months back and six ahead; past events are mostly completed.
      const offsetDays = rnd.int(-240, 180);
      const date = new Date(now.getTime() + offsetDays * dayMs);
      const status: EventStatus = i % 11 === 5 ? 'cancelled' : i % 7 === 3 ? 'draft' : offsetDays < 0 ? 'completed' : 'active';
      const name = eventNames[i % eventNames.length]! + (i >= eventNames.length ? ` ${Math.floor(i / eventNames.length) + 1}` : '');
      const venue = rnd.pick(venues);
      const event = await Event.create(db, {
        title: name,
        description: `${name} at ${venue}: an evening of great company, food and entertainment for the whole community.`,
        date: date.toISOString(),
        time: rnd.pick(['18:00', '19:00', '19:30', '20:00', '10:00', '12:00']),
        venue,
        status,
        venueId: `VEN-${1000 + (i % venues.length)}`,
        ticketEvolutionEventId: i % 3 === 0 ? '' : `TE-${200000 + i * 37}`,
        tailgateEventId: i % 5 === 0 ? `TG-${3000 + i}` : '',
        tailgateDiscount: i % 5 === 0 ? '10%' : '',
        seatViewUrl: i % 4 === 0 ? `https://seats.example.com/venues/${1000 + (i % venues.length)}` : '',
      });
      events.push({ id: event.id, status, date });
      // Most events have SEO, a call to action and content; a few are left bare, as in real life.
      if (i % 6 !== 4) {
        await Seo.save(db, {
          eventId: event.id,
          title: `${name} | Tickets and Info`.slice(0, 60),
          description:
            i % 3 === 0
              ? `Join us for ${name} at ${venue}. Get your tickets early, bring your friends and enjoy a night to remember with food, music and more.`.slice(
                  0,
                  160,
                )
              : `${name} at ${venue}. Tickets on sale now.`,
          keywords: i % 4 === 1 ? '' : `${name.toLowerCase()}, ${venue.toLowerCase()}, tickets, live events`,
        });
        await Cta.save(db, {
          eventId: event.id,
          text: rnd.pick(ctaTexts),
          isCustom: false,
          buttonColor: i % 2 ? '#3088D8' : '#E4572E',
          ticketsCta: 'Get Tickets',
        });
        await ContentBlock.save(db, {
          eventId: event.id,
          blocks: [
            { type: 'banner', headline: name, backgroundImageUrl: `${imageBase}/demo/banner-${(i % 3) + 1}.svg` },
            { type: 'text', content: `Doors open an hour before the start. ${venue} is step-free, and parking is available nearby.` },
            { type: 'image', imageUrl: `${imageBase}/demo/venue-${(i % 3) + 1}.svg`, altText: `${venue} seen from the entrance` },
            ...(i % 3 === 0
              ? [{ type: 'video' as const, embedUrl: 'https://www.youtube.com/embed/aqz-KE-bpKQ', caption: 'Highlights from last year' }]
              : []),
          ],
        });
      }
      tick();
    },
  );

  const customers: string[] = [];
  await pool(
    Array.from({ length: size.customers }, (_, i) => i),
    4,
    async (i) => {
      const first = firstNames[i % firstNames.length]!;
      const last = lastNames[(i * 7) % lastNames.length]!;
      const customer = await Customer.create(db, {
        name: `${first} ${last}`,
        email: `${first}.${last}${i}@example.com`.toLowerCase(),
        phone: i % 4 === 3 ? '' : `(555) ${String(200 + i).padStart(3, '0')}-${String(1000 + i * 13).slice(-4)}`,
      });
      customers.push(customer.id);
      const [city, state, zipCode] = rnd.pick(cities);
      const street = `${rnd.int(10, 9999)} ${rnd.pick(streets)}`;
      await Address.create(db, {
        customerId: customer.id,
        addressType: 'billing',
        isDefault: true,
        street,
        city,
        state,
        zipCode,
        country: 'USA',
      });
      if (i % 3 !== 2) {
        await Address.create(db, {
          customerId: customer.id,
          addressType: 'shipping',
          isDefault: false,
          street: `${rnd.int(10, 9999)} ${rnd.pick(streets)}`,
          city,
          state,
          zipCode,
          country: 'USA',
        });
      }
      tick();
    },
  );

  const sellable = events.filter((e) => e.status !== 'draft');
  await pool(
    Array.from({ length: size.transactions }, (_, i) => i),
    4,
    async () => {
      const event = rnd.pick(sellable);
      const roll = rnd.next();
      const status: TransactionStatus = roll < 0.82 ? 'completed' : roll < 0.93 ? 'pending' : 'failed';
      // Bought in the 90 days before the event (and not in the future).
      const latest = Math.min(event.date.getTime(), now.getTime());
      const purchaseDate = new Date(latest - rnd.int(0, 90) * dayMs - rnd.int(0, dayMs));
      await Transaction.create(db, {
        eventId: event.id,
        customerId: rnd.pick(customers),
        amount: `$${rnd.int(2, 30) * 5}.${rnd.pick(['00', '00', '50', '99'])}`,
        status,
        paymentMethod: rnd.pick(paymentMethods),
        purchaseDate: purchaseDate.toISOString(),
      });
      tick();
    },
  );

  // Orders with tickets for the door: a new user finds attendees to list and codes to check in.
  await seedOrders(db, rnd, { events, customers, count: size.orders, now }, tick);

  // Page views: a healthy funnel converts a few percent of visitors.
  await pool(sellable, 4, async (event, i) => {
    const { completedPurchases } = await Event.get(db, { id: event.id });
    await Event.addViews(db, { id: event.id, count: Math.max(40, completedPurchases * rnd.int(8, 40) + i * 3) });
  });
}

/**
 * The demo data with the events' copies of their counters refreshed once each at the end, not
 * after every purchase and view (event/counters.ts): a bulk load, done before the server listens.
 */
export async function seedDemoData(...args: Parameters<typeof loadDemoData>) {
  const [db] = args;
  counterRefresh.held = true;
  try {
    await loadDemoData(...args);
  } finally {
    counterRefresh.held = false;
  }
  const events = await Event.list(db);
  await pool(events, 4, (event) => refreshEventCounters(db, event.id));
}
