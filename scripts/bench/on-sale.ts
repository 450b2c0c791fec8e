// The on-sale with capacity (issue 30 item 8), run by the burst section right after its plain
// levels on the same stack. Per level, first the baseline the issue names, orders without
// capacity: the same clients each ordering 1 to 4 tickets of two unlimited types (POST /api/orders)
// for the same time. Then one event with the two types sharing a capacity of about 60 % of that
// demand (its orders/s over the same time, 2.5 tickets an order), the same orders: sold against
// capacity, every refusal's text, and the counts against a recomputation from the 201 answers
// (their number checked against the event's records).
import * as TicketType from '@event-admin/core/ticket-type/index';
import { percentile, type httpClient } from './http.ts';
import { table, type Budget } from './table.ts';
import type { Stack } from './stack.ts';

const maxOrdersPerLevel = 20_000;
const demandShare = 0.6;
const refusal = /^Not enough tickets: (Front|Back) has (\d+) left$/;

export interface OnSaleLevel {
  clients: number;
  seconds: number;
  capacity: number;
  /** answers (201 and 409) a second, against the same clients' orders a second on an event without capacity */
  answersPerSecond: number;
  openPerSecond: number;
  /** p99 of the orders without capacity (ms) */
  openP99: number;
  ordersCreated: number;
  p50: number;
  p99: number;
  statuses: Record<string, number>;
  sold: number;
  held: number;
  available: number;
  /** the smallest quantity of the type without a quantity of its own refused (the capacity's refusal), null when none was */
  smallestRefused: number | null;
  /** 409s whose text is not `Not enough tickets: <type> has N left` */
  otherRefusals: string[];
  /** the availability equals the sums over the 201 answers, and they the event's records */
  countsExact: boolean;
}

const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;

/** One event's orders: `clients` each ordering 1 to 4 tickets of two types for `seconds`; without `capacity`, neither type nor the event is limited. */
async function orderBurst(
  stack: Stack,
  client: ReturnType<typeof httpClient>,
  customers: string[],
  clients: number,
  seconds: number,
  capacity: number | null,
) {
  const created = await client.send('POST', '/api/events', {
    title: `${capacity === null ? 'Open' : 'Capacity'} Night for ${clients}`,
    date: new Date(Date.now() + 60 * 86_400_000).toISOString(),
    venue: 'Burst Arena',
    status: 'active',
  });
  const eventId = (JSON.parse(created.body.toString()) as { id: string }).id;
  const types = [
    await TicketType.create(stack.db, { eventId, name: 'Front', price: '$40.00', quantity: capacity && Math.round(capacity * 0.4) }),
    await TicketType.create(stack.db, { eventId, name: 'Back', price: '$25.00' }),
  ];
  if (capacity !== null) await TicketType.setCapacity(stack.db, { eventId, capacity });
  const times: number[] = [];
  const statuses: Record<string, number> = {};
  const soldByType = new Map<string, number>();
  const otherRefusals: string[] = [];
  let smallestRefused: number | null = null;
  let sent = 0;
  const start = performance.now();
  const deadline = start + seconds * 1000;
  await Promise.all(
    Array.from({ length: clients }, async (_, c) => {
      while (sent < maxOrdersPerLevel && performance.now() < deadline) {
        const n = sent++;
        const line = { ticketTypeId: types[n % 2]!.id, quantity: 1 + ((n * 7) % 4) };
        const began = performance.now();
        const answer = await client.send('POST', '/api/orders', {
          eventId,
          customerId: customers[c],
          lines: [line],
          paymentMethod: 'Card',
        });
        times.push(performance.now() - began);
        statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
        if (answer.status === 201) soldByType.set(line.ticketTypeId, (soldByType.get(line.ticketTypeId) ?? 0) + line.quantity);
        else if (answer.status !== 409) continue;
        else if (!refusal.test(answer.body.toString())) otherRefusals.push(answer.body.toString().slice(0, 120));
        // Back has no quantity of its own: its refusals are the shared capacity's
        else if (n % 2 === 1) smallestRefused = Math.min(smallestRefused ?? line.quantity, line.quantity);
      }
    }),
  );
  const elapsed = (performance.now() - start) / 1000;
  return { eventId, elapsed, times, statuses, soldByType, otherRefusals, smallestRefused };
}

export async function measureOnSale(
  stack: Stack,
  client: ReturnType<typeof httpClient>,
  customers: string[],
  plain: { clients: number }[],
  seconds: number,
  log: (line: string) => void,
) {
  const levels: OnSaleLevel[] = [];
  for (const { clients } of plain) {
    const noun = clients === 1 ? 'client' : 'clients';
    log(`  orders without capacity: ${clients} ${noun}, for ${seconds} s...`);
    const open = await orderBurst(stack, client, customers, clients, seconds, null);
    const openPerSecond = round(((open.statuses['201'] ?? 0) + (open.statuses['409'] ?? 0)) / open.elapsed);
    const capacity = Math.max(10, Math.round(openPerSecond * seconds * 2.5 * demandShare));
    log(`  on-sale with capacity: ${clients} ${noun}, capacity ${capacity}, for ${seconds} s...`);
    const run = await orderBurst(stack, client, customers, clients, seconds, capacity);
    const { statuses, soldByType } = run;
    const figures = await TicketType.availability(stack.db, { eventId: run.eventId });
    const records = JSON.parse((await client.get('/api/transactions', 'identity')).body.toString()) as { eventId: string }[];
    const ordersCreated = statuses['201'] ?? 0;
    const countsExact =
      records.filter((r) => r.eventId === run.eventId).length === ordersCreated &&
      figures.types.every((type) => type.sold === (soldByType.get(type.id) ?? 0)) &&
      figures.sold === [...soldByType.values()].reduce((a, b) => a + b, 0);
    levels.push({
      clients,
      seconds: round(run.elapsed),
      capacity,
      answersPerSecond: round(((statuses['201'] ?? 0) + (statuses['409'] ?? 0)) / run.elapsed),
      openPerSecond,
      openP99: round(percentile(open.times, 99)),
      ordersCreated,
      p50: round(percentile(run.times, 50)),
      p99: round(percentile(run.times, 99)),
      statuses,
      sold: figures.sold,
      held: figures.held,
      available: figures.available ?? Number.NaN,
      smallestRefused: run.smallestRefused,
      otherRefusals: [...open.otherRefusals, ...run.otherRefusals, ...Object.keys(open.statuses).filter((s) => s !== '201')],
      countsExact,
    });
  }
  return { levels, budgets: onSaleBudgets(levels) };
}

export function printOnSale(levels: OnSaleLevel[], log: (line: string) => void) {
  log('\nOn-sale with capacity: two types sharing a capacity of ~60 % of the demand, orders of 1 to 4 (POST /api/orders)');
  table(
    [
      'clients',
      'capacity',
      'answers/s',
      'no capacity/s',
      'orders',
      'p50 ms',
      'p99 ms',
      'no capacity p99',
      'answers by status',
      'sold',
      'left',
      'counts = recount',
    ],
    levels.map((l) => [
      String(l.clients),
      String(l.capacity),
      String(l.answersPerSecond),
      String(l.openPerSecond),
      l.ordersCreated.toLocaleString('en-US'),
      String(l.p50),
      String(l.p99),
      String(l.openP99),
      Object.entries(l.statuses)
        .map(([status, n]) => `${status}: ${n}`)
        .join(', '),
      String(l.sold),
      String(l.available),
      l.countsExact ? 'yes' : 'NO',
    ]),
    [true, true, true, true, true, true, true, true, false, true, true, false],
  );
}

export function onSaleBudgets(levels: OnSaleLevel[]): Budget[] {
  if (levels.length === 0) return [];
  const first = levels.reduce((a, b) => (b.clients < a.clients ? b : a));
  const most = levels.reduce((a, b) => (b.clients > a.clients ? b : a));
  const each = (text: (l: OnSaleLevel) => string) => levels.map((l) => `${l.clients}: ${text(l)}`).join('; ');
  const fivexx = (l: OnSaleLevel) => Object.entries(l.statuses).filter(([s]) => s === '0' || Number(s) >= 500);
  return [
    {
      name: 'on-sale: never oversold, and the capacity reached (or within the smallest refused request)',
      pass: levels.every((l) => l.sold + l.held <= l.capacity && l.available < (l.smallestRefused ?? 1)),
      detail: each((l) => `${l.sold} + ${l.held} held of ${l.capacity}, ${l.available} left, smallest refused ${l.smallestRefused ?? '-'}`),
    },
    {
      name: 'on-sale: every refusal a 409 saying what is left, no 5xx, and counts equal the recount',
      pass: levels.every((l) => l.otherRefusals.length === 0 && fivexx(l).length === 0 && l.countsExact),
      detail: each(
        (l) => `${l.statuses['409'] ?? 0} refusals, ${l.otherRefusals.length} other, 5xx ${fivexx(l).length}, exact ${l.countsExact}`,
      ),
    },
    {
      name: 'on-sale: p99 under 2 s at every level',
      pass: levels.every((l) => l.p99 < 2000),
      detail: each((l) => `${l.p99} ms`),
    },
    {
      name: `on-sale: ${most.clients} clients at least 3x ${first.clients}, each level at least 80 % of the rate without capacity`,
      pass: most.answersPerSecond >= 3 * first.answersPerSecond && levels.every((l) => l.answersPerSecond >= 0.8 * l.openPerSecond),
      detail: each((l) => `${l.answersPerSecond}/s against ${l.openPerSecond}/s without capacity`),
    },
  ];
}
