// The on-sale burst: 1, 8 and 64 clients at once recording purchases of one event over real HTTP
// (keep-alive, the local server on 127.0.0.1, DynamoDB Local on disk in a temporary directory, as `npm start` runs it), each level on a new
// event for BURST_SECONDS (default 20) and at most 20,000 purchases: purchases a second, p50 and
// p99, answers by status; then the counters are checked against the records themselves (the
// event's sales and completed purchases, the dashboard's and the transactions page's totals).
// The section also runs the key model and the write cost (key-model.ts) on the same DynamoDB Local.
//   BURST_SECONDS=5 BURST_CLIENTS=1,8 node scripts/bench/run.mjs burst
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { formatCents, parseAmountToCents } from '@event-admin/core/transaction/money';
import { httpClient, percentile } from './http.ts';
import { keyModelBudgets, measureKeyModel, type KeyModelResult } from './key-model.ts';
import { printKeyModel } from './key-model-print.ts';
import { table, type Budget } from './table.ts';
import { measureOnSale, printOnSale, type OnSaleLevel } from './on-sale.ts';
import { startStack } from './stack.ts';

export const maxPurchasesPerLevel = 20_000;
const maxP99Ms = 2_000;
const warmUpPurchases = 50;
/** then this long with as many clients as the largest level */
const warmUpSeconds = 5;
const minSpeedup = 3;
const dayMs = 86_400_000;

export interface Check {
  figure: string;
  counter: string;
  records: string;
  exact: boolean;
}

export interface BurstLevel {
  clients: number;
  seconds: number;
  sent: number;
  created: number;
  purchasesPerSecond: number;
  p50: number;
  p99: number;
  /** answers by HTTP status ('0': no answer) */
  statuses: Record<string, number>;
  /** the records of this level's event, whatever their answer was */
  eventRecords: number;
  checks: Check[];
}

export interface BurstResult {
  settings: { seconds: number; clients: number[]; maxPurchasesPerLevel: number };
  levels: BurstLevel[];
  keyModel: KeyModelResult;
  onSale: OnSaleLevel[];
}

/** BURST_SECONDS and BURST_CLIENTS (e.g. "1,8,64"), checked. */
export function burstSettings(env: NodeJS.ProcessEnv = process.env) {
  const seconds = Number(env.BURST_SECONDS ?? 20);
  const clients = (env.BURST_CLIENTS ?? '1,8,64').split(',').map((c) => Number(c.trim()));
  const operations = Number(env.BURST_MODEL_PURCHASES ?? 200);
  if (!(seconds > 0 && seconds <= 600)) throw new Error('BURST_SECONDS takes a number of seconds from 1 to 600');
  if (clients.length === 0 || clients.some((c) => !Number.isInteger(c) || c < 1 || c > 256))
    throw new Error('BURST_CLIENTS takes whole numbers of clients (1 to 256), e.g. 1,8,64');
  if (!Number.isInteger(operations) || operations < 10 || operations > 5_000) throw new Error('BURST_MODEL_PURCHASES takes 10 to 5000');
  return { seconds, clients, operations };
}

const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;
const cents = (amount: unknown) => parseAmountToCents(String(amount)) ?? Number.NaN;

export async function measureBurst(log: (line: string) => void): Promise<{ result: BurstResult; budgets: Budget[] }> {
  const settings = burstSettings();
  log('\nBurst: starting DynamoDB Local (on disk, as npm start runs it) and the local server on 127.0.0.1...');
  const dataDir = mkdtempSync(join(tmpdir(), 'event-admin-burst-'));
  const stack = await startStack({ dataDir });
  const stopOnSignal = () => void stack.stop().then(() => process.exit(130));
  process.once('SIGINT', stopOnSignal);
  const client = httpClient(stack.base, stack.cookie);
  const levels: BurstLevel[] = [];
  let keyModel: KeyModelResult;
  let onSale: Awaited<ReturnType<typeof measureOnSale>>;
  try {
    keyModel = await measureKeyModel(stack.endpoint, settings.operations, log);
    const postJson = async (path: string, body: unknown) => {
      const answer = await client.send('POST', path, body);
      if (answer.status !== 201) throw new Error(`POST ${path}: ${answer.status} ${answer.body.toString().slice(0, 200)}`);
      return JSON.parse(answer.body.toString()) as { id: string };
    };
    const getJson = async <T>(path: string) => JSON.parse((await client.get(path, 'identity')).body.toString()) as T;
    const customers: string[] = [];
    for (let i = 0; i < Math.max(...settings.clients); i++)
      customers.push((await postJson('/api/customers', { name: `Burst Buyer ${i}`, email: `burst.buyer.${i}@bench.example` })).id);

    // The server warms up first (its JIT, DynamoDB Local's), one client and then as many as the
    // largest level, so no level measures a cold start: a server on an on-sale night has been up.
    const warmUp = await postJson('/api/events', {
      title: 'Burst Warm-Up',
      date: new Date(Date.now() + 60 * dayMs).toISOString(),
      venue: 'Burst Arena',
      status: 'active',
    });
    const warmUpPurchase = (customerId: string) =>
      postJson('/api/transactions', {
        eventId: warmUp.id,
        customerId,
        amount: '$10.00',
        status: 'completed',
        paymentMethod: 'Credit Card',
      });
    for (let i = 0; i < warmUpPurchases; i++) await warmUpPurchase(customers[0]!);
    const warmUntil = performance.now() + warmUpSeconds * 1000;
    await Promise.all(
      customers.map(async (customerId) => {
        while (performance.now() < warmUntil) await warmUpPurchase(customerId);
      }),
    );

    for (const clients of settings.clients) {
      const event = await postJson('/api/events', {
        title: `On-Sale Night for ${clients}`,
        date: new Date(Date.now() + 60 * dayMs).toISOString(),
        venue: 'Burst Arena',
        status: 'active',
      });
      log(
        `  burst: ${clients} ${clients === 1 ? 'client' : 'clients'} for ${settings.seconds} s (at most ${maxPurchasesPerLevel.toLocaleString('en-US')} purchases)...`,
      );
      const times: number[] = [];
      const statuses: Record<string, number> = {};
      let sent = 0;
      const start = performance.now();
      const deadline = start + settings.seconds * 1000;
      await Promise.all(
        Array.from({ length: clients }, async (_, c) => {
          while (sent < maxPurchasesPerLevel && performance.now() < deadline) {
            const n = sent++;
            const began = performance.now();
            const answer = await client.send('POST', '/api/transactions', {
              eventId: event.id,
              customerId: customers[c],
              amount: `$${10 + (n % 90)}.${n % 2 ? '50' : '00'}`,
              status: 'completed',
              paymentMethod: 'Credit Card',
            });
            times.push(performance.now() - began);
            statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
          }
        }),
      );
      const seconds = (performance.now() - start) / 1000;
      const created = statuses['201'] ?? 0;
      const { eventRecords, checks } = await checkCounts(event.id, getJson);
      levels.push({
        clients,
        seconds: round(seconds),
        sent,
        created,
        purchasesPerSecond: round(created / seconds),
        p50: round(percentile(times, 50)),
        p99: round(percentile(times, 99)),
        statuses,
        eventRecords,
        checks,
      });
    }
    onSale = await measureOnSale(stack, client, customers, levels, settings.seconds, log);
  } finally {
    process.off('SIGINT', stopOnSignal);
    client.close();
    await stack.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  const result: BurstResult = { settings: { ...settings, maxPurchasesPerLevel }, levels, keyModel, onSale: onSale.levels };
  printBurst(result, log);
  return { result, budgets: [...burstBudgets(levels), ...keyModelBudgets(keyModel), ...onSale.budgets] };
}

interface Purchase {
  eventId: string;
  customerId: string;
  amount: string;
  status: string;
}

/** Every counter a purchase moves against the sums over the records (GET /api/transactions, the whole list). */
async function checkCounts(eventId: string, getJson: <T>(path: string) => Promise<T>) {
  const [records, event, stats, totals] = await Promise.all([
    getJson<Purchase[]>('/api/transactions'),
    getJson<{ sales: number; completedPurchases: number }>(`/api/events/${eventId}`),
    getJson<{ ticketSales: number; activeCustomers: number }>('/api/dashboard/stats'),
    getJson<{ totalTransactions: number; totalRevenue: string; uniqueCustomers: number }>('/api/transactions/totals'),
  ]);
  const completed = records.filter((r) => r.status === 'completed');
  const sum = (list: Purchase[]) => list.reduce((total, r) => total + cents(r.amount), 0);
  const ofEvent = completed.filter((r) => r.eventId === eventId);
  const distinct = (list: Purchase[]) => new Set(list.map((r) => r.customerId)).size;
  const row = (figure: string, counter: number | string, fromRecords: number | string): Check => ({
    figure,
    counter: typeof counter === 'number' ? counter.toLocaleString('en-US') : counter,
    records: typeof fromRecords === 'number' ? fromRecords.toLocaleString('en-US') : fromRecords,
    exact: counter === fromRecords,
  });
  return {
    eventRecords: records.filter((r) => r.eventId === eventId).length,
    checks: [
      row("the event's completedPurchases", event.completedPurchases, ofEvent.length),
      row("the event's sales", formatCents(Math.round(event.sales * 100)), formatCents(sum(ofEvent))),
      row('dashboard ticketSales ($)', stats.ticketSales, Math.round(sum(completed) / 100)),
      row('dashboard activeCustomers', stats.activeCustomers, distinct(completed)),
      row('totals totalTransactions', totals.totalTransactions, records.length),
      row('totals totalRevenue', formatCents(cents(totals.totalRevenue)), formatCents(sum(records))),
      row('totals uniqueCustomers', totals.uniqueCustomers, distinct(records)),
    ],
  };
}

function printBurst(result: BurstResult, log: (line: string) => void) {
  printKeyModel(result.keyModel, log);
  const { levels, settings } = result;
  log(
    `\nOn-sale burst: clients recording purchases of one event at once (POST /api/transactions over keep-alive HTTP to the local server, DynamoDB Local on disk as under npm start; ${settings.seconds} s or ${settings.maxPurchasesPerLevel.toLocaleString('en-US')} purchases a level, a new event each)`,
  );
  table(
    ['clients', 'seconds', 'sent', '201', 'purchases/s', 'p50 ms', 'p99 ms', 'answers by status', 'counters = records'],
    levels.map((l) => [
      String(l.clients),
      String(l.seconds),
      l.sent.toLocaleString('en-US'),
      l.created.toLocaleString('en-US'),
      String(l.purchasesPerSecond),
      String(l.p50),
      String(l.p99),
      statusText(l.statuses),
      l.checks.every((c) => c.exact) ? 'yes' : `NO (${l.checks.filter((c) => !c.exact).length} differ)`,
    ]),
    [true, true, true, true, true, true, true, false, false],
  );
  printOnSale(result.onSale, log);
  const last = levels.at(-1);
  if (!last) return;
  log(`  Counters against the records after the ${last.clients}-client level (every record read back through GET /api/transactions):`);
  table(
    ['figure', 'counter', 'from the records', 'exact'],
    last.checks.map((c) => [c.figure, c.counter, c.records, c.exact ? 'yes' : 'NO']),
    [false, true, true, false],
  );
  for (const l of levels.slice(0, -1).filter((l) => l.checks.some((c) => !c.exact)))
    log(
      `  after ${l.clients} clients, differing: ${l.checks
        .filter((c) => !c.exact)
        .map((c) => `${c.figure} ${c.counter} vs ${c.records}`)
        .join('; ')}`,
    );
  const extra = levels.filter((l) => l.eventRecords !== l.created);
  if (extra.length)
    log(
      `  records of the event that are not 201 answers: ${extra.map((l) => `${l.clients} clients: ${l.eventRecords.toLocaleString('en-US')} records for ${l.created.toLocaleString('en-US')} 201s`).join('; ')}`,
    );
}

const statusText = (statuses: Record<string, number>) =>
  Object.entries(statuses)
    .sort(([a], [b]) => Number(a) - Number(b))
    .map(([status, n]) => `${status === '0' ? 'no answer' : status}: ${n.toLocaleString('en-US')}`)
    .join(', ');

export function burstBudgets(levels: BurstLevel[]): Budget[] {
  if (levels.length === 0) return [];
  const first = levels.reduce((a, b) => (b.clients < a.clients ? b : a));
  const most = levels.reduce((a, b) => (b.clients > a.clients ? b : a));
  const others = levels.map((l) => ({ clients: l.clients, n: l.sent - l.created })).filter((l) => l.n > 0);
  const slowest = levels.reduce((a, b) => (b.p99 > a.p99 ? b : a));
  const inexact = levels.flatMap((l) =>
    l.checks.filter((c) => !c.exact).map((c) => `${l.clients} clients: ${c.figure} ${c.counter} vs ${c.records}`),
  );
  return [
    {
      name: `burst: ${most.clients} clients record at least ${minSpeedup}x the purchases/s of ${first.clients}`,
      pass: most.purchasesPerSecond >= minSpeedup * first.purchasesPerSecond,
      detail: `${most.purchasesPerSecond} against ${first.purchasesPerSecond} purchases/s (${round(most.purchasesPerSecond / first.purchasesPerSecond, 2)}x)`,
    },
    {
      name: 'burst: every answer is 201',
      pass: others.length === 0,
      detail: others.length
        ? levels.map((l) => `${l.clients} clients: ${statusText(l.statuses)}`).join('; ')
        : `${levels.reduce((n, l) => n + l.created, 0).toLocaleString('en-US')} purchases, all 201`,
    },
    {
      name: `burst: p99 under ${maxP99Ms / 1000} s at every level`,
      pass: levels.every((l) => l.p99 < maxP99Ms),
      detail: levels.map((l) => `${l.clients}: ${l.p99} ms`).join(', ') + ` (the highest at ${slowest.clients} clients)`,
    },
    {
      name: 'burst: the counters equal the sums over the records',
      pass: inexact.length === 0,
      detail: inexact.length ? inexact.join('; ') : `${levels.length * 7} figures checked, all exact`,
    },
  ];
}
