// The dashboard panels' read cost at 25 and at 2,500 events (issue 13, item 7): each size in a
// table of its own on the bench's DynamoDB Local, loaded with the bulk import, every panel's read
// counted by the SDK middleware (capacity.ts). The panels are measured through the core functions
// their procedures call one to one, so no session lookup is mixed in. For comparison, what the
// two lower panels read before they had counters and an index: the whole events list.
import { createDb, type Db } from '@event-admin/core/db/client';
import { importEvents, type ImportEventInput } from '@event-admin/core/event/event.import';
import * as Event from '@event-admin/core/event/index';
import { createEventInput, type EventStatus } from '@event-admin/core/event/event.schema';
import * as Stats from '@event-admin/core/stats/index';
import { ensureTable } from '@event-admin/functions/local/dynamo-local';
import { random } from '@event-admin/functions/local/random';
import { describeOperations, instrument } from './capacity.ts';
import { percentile } from './http.ts';
import type { Budget } from './table.ts';
import type { Stack } from './stack.ts';

export const panelSizes = [25, 2_500] as const;

const panels: { name: string; run: (db: Db) => Promise<unknown> }[] = [
  { name: 'stat cards (dashboard.stats)', run: (db) => Stats.dashboard(db) },
  { name: 'Recent Events (events.recent, 4)', run: (db) => Event.recent(db, { limit: 4 }) },
  { name: 'Top Events (dashboard.topEvents)', run: (db) => Stats.topEvents(db) },
  { name: 'Upcoming Events (dashboard.upcoming)', run: (db) => Stats.upcoming(db, {}) },
  { name: 'Events by Status (dashboard.eventsByStatus)', run: (db) => Stats.eventsByStatus(db) },
];
/** Not a panel: what Upcoming Events and Events by Status each read before (events.list). */
const before = { name: 'before: the whole events list (events.list)', run: (db: Db) => Event.list(db) };

export interface PanelRow {
  panel: string;
  events: number;
  rcu: number;
  operations: string;
  items: number;
  p50: number;
  p95: number;
}

const dayMs = 86_400_000;

/** Events with the bench's mix: dates from 240 days back to 180 ahead, a share of drafts and cancellations. */
function eventInputs(count: number, now: Date): ImportEventInput[] {
  const rnd = random(13 + count);
  return Array.from({ length: count }, (_, i) => {
    const offsetDays = rnd.int(-240, 180);
    const status: EventStatus = i % 11 === 5 ? 'cancelled' : i % 7 === 3 ? 'draft' : offsetDays < 0 ? 'completed' : 'active';
    return createEventInput.parse({
      title: `Panel Night ${i + 1}`,
      description: `Panel Night ${i + 1}: an evening for the whole community.`,
      date: new Date(now.getTime() + offsetDays * dayMs).toISOString(),
      time: '19:00',
      venue: `Hall ${(i % 40) + 1}`,
      status,
    });
  });
}

/** Loads each size into its own table, then reads every panel: capacity once, latency over 30 sequential reads. */
export async function measurePanels(stack: Stack, log: (line: string) => void): Promise<PanelRow[]> {
  const rows: PanelRow[] = [];
  const now = new Date();
  for (const size of panelSizes) {
    const tableName = `${stack.tableName}-panels-${size}`;
    await ensureTable(stack.endpoint, tableName);
    const db = createDb({ tableName, endpoint: stack.endpoint });
    const started = performance.now();
    await importEvents(db, eventInputs(size, now), { now, concurrency: 8 });
    log(`  dashboard panels: ${size.toLocaleString('en-US')} events loaded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    const meter = instrument(db);
    for (const panel of [...panels, before]) {
      const { tally } = await meter.measure(() => panel.run(db));
      const times: number[] = [];
      for (let i = 0; i < 30; i++) {
        const t = performance.now();
        await panel.run(db);
        times.push(performance.now() - t);
      }
      rows.push({
        panel: panel.name,
        events: size,
        rcu: Math.round(tally.own * 10) / 10,
        operations: describeOperations(tally.operations),
        items: tally.items,
        p50: Math.round(percentile(times, 50) * 10) / 10,
        p95: Math.round(percentile(times, 95) * 10) / 10,
      });
    }
  }
  return rows;
}

const find = (rows: PanelRow[], panel: string, events: number) => rows.find((r) => r.panel === panel && r.events === events)!;

/** One line per panel: the same capacity at 25 and 2,500 events. */
export function panelBudgets(rows: PanelRow[]): Budget[] {
  if (rows.length === 0) return [];
  const [small, large] = panelSizes;
  return panels.map(({ name }) => {
    const a = find(rows, name, small);
    const b = find(rows, name, large);
    return {
      name: `dashboard panel ${name}: the same capacity at 25 and 2,500 events`,
      pass: a.rcu === b.rcu && a.operations === b.operations,
      detail: `${a.rcu} and ${b.rcu} RCU (${b.operations}, ${b.items} ${b.items === 1 ? 'item' : 'items'})`,
    };
  });
}

export function printPanels(rows: PanelRow[], log: (line: string) => void) {
  if (rows.length === 0) return;
  log('\nDashboard panels by events held (in-process core reads on DynamoDB Local; RCU from ReturnConsumedCapacity TOTAL)');
  const cells = rows.map((r) => [
    r.panel,
    r.events.toLocaleString('en-US'),
    String(r.rcu),
    `${r.operations}, ${r.items} ${r.items === 1 ? 'item' : 'items'}`,
    `${r.p50} / ${r.p95}`,
  ]);
  const headers = ['panel', 'events', 'RCU', 'reads', 'p50 / p95 ms (n=30)'];
  const widths = headers.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
  const line = (c: string[]) => '  ' + c.map((v, i) => (i === 0 || i === 3 ? v.padEnd(widths[i]!) : v.padStart(widths[i]!))).join('  ');
  log(line(headers));
  log(line(widths.map((w) => '-'.repeat(w))));
  for (const c of cells) log(line(c).trimEnd());
}
