// Generated data for the bench, loaded through the repositories' bulk paths (BatchWriteItem,
// then the counters as sums), growing one table from size to size. Deterministic: the same
// sizes give the same data. A few probe records (one event, one customer) are made once with
// the normal domain functions and never grow, so per-record calls can be compared across sizes.
import * as ContentBlock from '@event-admin/core/content-block/index';
import * as Cta from '@event-admin/core/cta/index';
import * as Customer from '@event-admin/core/customer/index';
import * as Address from '@event-admin/core/address/index';
import * as Event from '@event-admin/core/event/index';
import * as Seo from '@event-admin/core/seo/index';
import type { Db } from '@event-admin/core/db/client';
import { importCustomers } from '@event-admin/core/customer/customer.import';
import { createCustomerInput } from '@event-admin/core/customer/customer.schema';
import { importEvents, importPageViews } from '@event-admin/core/event/event.import';
import { createEventInput, type EventStatus } from '@event-admin/core/event/event.schema';
import { importTransactions } from '@event-admin/core/transaction/transaction.import';
import { createTransactionInput, type TransactionStatus } from '@event-admin/core/transaction/transaction.schema';
import { firstNames, lastNames, paymentMethods, venues } from '@event-admin/functions/local/demo-words';
import { random } from '@event-admin/functions/local/random';
import { progressBar } from './progress.ts';

/** Per 1,000 purchases: 25 events and 125 customers (the demo data's proportions). */
export const proportions = { eventsPer1000: 25, customersPer1000: 125 };
export const probeTransactions = 12;

const words = [
  'Summer',
  'Harbor',
  'Jazz',
  'Founders',
  'Film',
  'Marathon',
  'Craft',
  'Symphony',
  'Comedy',
  'Garden',
  'Warehouse',
  'Classic',
  'Pitch',
  'Lights',
  'Poetry',
  'Design',
  'Science',
  'Choir',
  'Vinyl',
  'Yoga',
  'Tailgate',
  'Revue',
  'Chili',
  'Countdown',
];
const kinds = ['Night', 'Festival', 'Summit', 'Weekend', 'Fair', 'Expo', 'Show', 'Gala', 'Market', 'Live'];
const dayMs = 86_400_000;

export interface Probe {
  eventId: string;
  customerId: string;
  customerName: string;
}

/** What has been loaded so far; `grow` adds to it. */
export interface Loaded {
  transactions: number;
  events: { id: string; sellable: boolean; completed: number; views: number; factor: number }[];
  customers: string[];
  probe: Probe;
  seconds: number;
}

/** The probe records, made through the API's own domain functions. */
export async function createProbe(db: Db, now: Date): Promise<Loaded> {
  const event = await Event.create(db, {
    title: 'Bench Probe Gala',
    description: 'The event every per-event call of the bench reads.',
    date: new Date(now.getTime() + 30 * dayMs).toISOString(),
    venue: 'Probe Hall',
    status: 'active',
  });
  await Seo.save(db, {
    eventId: event.id,
    title: 'Bench Probe Gala | Tickets and Info',
    description: 'Tickets for the bench probe gala.',
    keywords: 'bench, probe, gala',
  });
  await Cta.save(db, { eventId: event.id, text: 'Buy Tickets', isCustom: false, buttonColor: '#3088D8', ticketsCta: 'Get Tickets' });
  await ContentBlock.save(db, {
    eventId: event.id,
    blocks: [
      { type: 'banner', headline: 'Bench Probe Gala', backgroundImageUrl: 'https://images.example.com/probe/banner.jpg' },
      { type: 'text', content: 'Doors open an hour before the start. The hall is step-free.' },
      { type: 'image', imageUrl: 'https://images.example.com/probe/hall.jpg', altText: 'The hall' },
      { type: 'video', embedUrl: 'https://www.youtube.com/embed/aqz-KE-bpKQ', caption: 'Last year' },
    ],
  });
  const customer = await Customer.create(db, {
    name: 'Quincy Probeworth',
    email: 'quincy.probeworth@bench.example',
    phone: '(555) 999-0000',
  });
  await Address.create(db, {
    customerId: customer.id,
    addressType: 'billing',
    isDefault: true,
    street: '1 Probe Way',
    city: 'Austin',
    state: 'TX',
    zipCode: '78701',
  });
  await Address.create(db, {
    customerId: customer.id,
    addressType: 'shipping',
    isDefault: false,
    street: '2 Probe Way',
    city: 'Austin',
    state: 'TX',
    zipCode: '78701',
  });
  const rnd = random(99);
  await importTransactions(
    db,
    Array.from({ length: probeTransactions }, (_, i) =>
      createTransactionInput.parse({
        eventId: event.id,
        customerId: customer.id,
        amount: `$${rnd.int(10, 150)}.00`,
        status: i % 4 ? 'completed' : 'pending',
        paymentMethod: 'Credit Card',
        purchaseDate: new Date(now.getTime() - (i + 1) * 7 * dayMs).toISOString(),
      }),
    ),
  );
  return {
    transactions: probeTransactions,
    events: [],
    customers: [],
    probe: { eventId: event.id, customerId: customer.id, customerName: customer.name },
    seconds: 0,
  };
}

/**
 * Grows the table to `target` purchases (and events and customers in proportion): events with
 * SEO, customers with one or two addresses, purchases spread over two years, then page views
 * so conversions look like a real funnel. Every write goes through a repository's bulk path.
 */
export async function grow(db: Db, loaded: Loaded, target: number, now: Date, label: string) {
  const started = performance.now();
  const rnd = random(20261121 + target);
  const newEvents = Math.max(0, Math.round((target * proportions.eventsPer1000) / 1000) - loaded.events.length);
  const newCustomers = Math.max(0, Math.round((target * proportions.customersPer1000) / 1000) - loaded.customers.length);
  const newTransactions = Math.max(0, target - loaded.transactions);
  const addressCount = Math.round(newCustomers * 1.67);
  const total = newEvents * 1.83 + newCustomers * 2 + addressCount + newTransactions;
  const bar = progressBar(`load ${label}`, Math.round(total));
  let base = 0;
  const onProgress = (written: number) => bar.update(base + written);

  const offset = loaded.events.length;
  const eventInputs = Array.from({ length: newEvents }, (_, k) => {
    const i = offset + k;
    const title = `${words[i % words.length]} ${kinds[Math.floor(i / words.length) % kinds.length]} ${Math.floor(i / (words.length * kinds.length)) + 1}`;
    const venue = rnd.pick(venues);
    const offsetDays = rnd.int(-240, 180);
    const status: EventStatus = i % 11 === 5 ? 'cancelled' : i % 7 === 3 ? 'draft' : offsetDays < 0 ? 'completed' : 'active';
    return {
      ...createEventInput.parse({
        title,
        description: `${title} at ${venue}: an evening of great company, food and entertainment for the whole community.`,
        date: new Date(now.getTime() + offsetDays * dayMs).toISOString(),
        time: rnd.pick(['18:00', '19:00', '19:30', '20:00']),
        venue,
        status,
        venueId: `VEN-${1000 + (i % venues.length)}`,
      }),
      ...(i % 6 !== 4
        ? {
            seo: {
              title: `${title} | Tickets and Info`.slice(0, 60),
              description: `${title} at ${venue}. Tickets on sale now.`,
              keywords: `${title.toLowerCase()}, tickets`,
            },
          }
        : {}),
    };
  });
  const events = await importEvents(db, eventInputs, { concurrency: 8, onProgress });
  base += eventInputs.length + eventInputs.filter((e) => e.seo).length;
  events.forEach((e) => loaded.events.push({ id: e.id, sellable: e.status !== 'draft', completed: 0, views: 0, factor: rnd.int(8, 40) }));

  const customerOffset = loaded.customers.length;
  const customerInputs = Array.from({ length: newCustomers }, (_, k) => {
    const i = customerOffset + k;
    const first = firstNames[i % firstNames.length]!;
    const last = lastNames[Math.floor(i / firstNames.length) % lastNames.length]!;
    const street = `${rnd.int(10, 9999)} Maple Ave`;
    return {
      ...createCustomerInput.parse({
        name: `${first} ${last} ${i}`,
        email: `${first}.${last}.${i}@bench.example`.toLowerCase(),
        phone: i % 4 === 3 ? '' : `(555) ${String(100 + (i % 900))}-${String(i % 10000).padStart(4, '0')}`,
      }),
      addresses: [
        { addressType: 'billing', isDefault: true, street, city: 'Denver', state: 'CO', zipCode: '80202', country: 'USA' },
        ...(i % 3 !== 2
          ? [
              {
                addressType: 'shipping',
                isDefault: false,
                street: `${rnd.int(10, 9999)} Oak Street`,
                city: 'Denver',
                state: 'CO',
                zipCode: '80202',
                country: 'USA',
              },
            ]
          : []),
      ],
    };
  });
  const customers = await importCustomers(db, customerInputs, { concurrency: 8, onProgress });
  base += customerInputs.reduce((n, c) => n + 2 + c.addresses.length, 0);
  loaded.customers.push(...customers.map((c) => c.id));

  const sellable = loaded.events.filter((e) => e.sellable);
  const transactionInputs = Array.from({ length: newTransactions }, () => {
    const event = rnd.pick(sellable);
    const roll = rnd.next();
    const status: TransactionStatus = roll < 0.82 ? 'completed' : roll < 0.93 ? 'pending' : 'failed';
    if (status === 'completed') event.completed += 1;
    return createTransactionInput.parse({
      eventId: event.id,
      customerId: rnd.pick(loaded.customers),
      amount: `$${rnd.int(2, 30) * 5}.${rnd.pick(['00', '00', '50', '99'])}`,
      status,
      paymentMethod: rnd.pick(paymentMethods),
      purchaseDate: new Date(now.getTime() - rnd.int(1, 730) * dayMs - rnd.int(0, dayMs)).toISOString(),
    });
  });
  await importTransactions(db, transactionInputs, { now, concurrency: 8, onProgress });
  base += transactionInputs.length;
  loaded.transactions += newTransactions;

  // Page views: a funnel converting a few percent of visitors.
  const views = new Map<string, number>();
  for (const event of sellable) {
    const wanted = Math.max(40, event.completed * event.factor);
    if (wanted > event.views) {
      views.set(event.id, wanted - event.views);
      event.views = wanted;
    }
  }
  await importPageViews(db, views);
  bar.done(`${newTransactions.toLocaleString('en-US')} purchases, ${newEvents} events, ${newCustomers} customers`);
  loaded.seconds += (performance.now() - started) / 1000;
  return { seconds: (performance.now() - started) / 1000, newTransactions, newEvents, newCustomers };
}
