// The reports part of the API section (issue 13 item 7, issue 33 item 1): the keys
// `GET /api/reports/sales` asks for over a year and the year before, at every size (one item per
// day once the days that are over are folded: they must not grow with the history).
// The streamed export and whole list are streams.ts's.
import { foldDays } from '@event-admin/core/counters/fold';
import { createDb } from '@event-admin/core/db/client';
import { addDays, utcDay } from '@event-admin/core/report/report.rules';
import { createCaller } from '@event-admin/functions/trpc/caller';
import { createContextInner } from '@event-admin/functions/trpc/context';
import { describeOperations, instrument } from './capacity.ts';
import { percentile } from './http.ts';
import { benchPassword, type Stack } from './stack.ts';

/** A year: the longest range a report takes (maxReportDays), and with it the previous year. */
const reportDays = 366;
/**
 * The most keys a report of a year and the year before may ask for: the fold mark, one folded
 * item per day, and the shards of the days not folded yet (today's, and yesterday's in the minutes
 * after midnight before its fold).
 */
export const reportKeyBound = 1 + 2 * reportDays + 2 * 16;
/** Issue 33's targets for that report at 100k purchases. */
export const reportRcuBound = 400;
export const reportP50BoundMs = 100;
export interface ReportRow {
  size: number;
  rcu: number;
  operations: string;
  /** day items found, of `keys` asked for */
  items: number;
  keys: number;
  p50: number;
}

export interface ReportsResult {
  sales: ReportRow[];
}

const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;
/** GET /api/reports/sales over the last year: its read capacity in-process, its latency over HTTP. */
async function measureSales(stack: Stack, size: number): Promise<ReportRow> {
  const db = createDb({ tableName: stack.tableName, endpoint: stack.endpoint });
  const meter = instrument(db);
  const api = createCaller(
    createContextInner({
      db,
      config: { admin: { username: 'admin', password: benchPassword }, tableName: stack.tableName, endpoint: stack.endpoint },
      sessionToken: stack.token,
      secure: false,
    }),
  );
  // The days that are over are folded as the scheduled step does (counters/fold.ts; the server's
  // own runs it too): a no-op when it is up to date.
  await foldDays(db);
  // The day keys asked for, found or not (a day without sales has no item).
  let keys = 0;
  db.doc.middlewareStack.add(
    (next) => async (args) => {
      const input = args.input as { RequestItems?: Record<string, { Keys?: unknown[] }> };
      for (const request of Object.values(input.RequestItems ?? {})) keys += request.Keys?.length ?? 0;
      return next(args);
    },
    { step: 'initialize', name: 'benchRequestedKeys' },
  );
  const to = utcDay(new Date());
  const from = addDays(to, -(reportDays - 1));
  try {
    await api.auth.me();
    keys = 0;
    const { tally } = await meter.measure(() => api.reports.sales({ from, to }));
    const asked = keys;
    const times: number[] = [];
    // Bounded: 30 requests or 10 seconds.
    const deadline = performance.now() + 10_000;
    while (times.length < 30 && performance.now() < deadline) {
      const started = performance.now();
      const res = await fetch(`${stack.base}/api/reports/sales?from=${from}&to=${to}`, { headers: { Cookie: stack.cookie } });
      if (!res.ok) throw new Error(`GET /api/reports/sales: ${res.status} ${await res.text()}`);
      await res.arrayBuffer();
      times.push(performance.now() - started);
    }
    return {
      size,
      rcu: round(tally.own),
      operations: describeOperations(tally.operations),
      items: tally.items,
      keys: asked,
      p50: round(percentile(times, 50), 2),
    };
  } finally {
    db.doc.destroy();
  }
}

/** The reports figures at one size. */
export async function measureReports(stack: Stack, size: number, log: (line: string) => void, result: ReportsResult) {
  const sales = await measureSales(stack, size);
  result.sales.push(sales);
  log(`    GET /api/reports/sales (${reportDays} days)      ${String(sales.rcu).padStart(8)} RCU  p50 ${sales.p50} ms`);
}

const label = (size: number) => (size >= 1000 ? `${size / 1000}k` : String(size));

export function printReports(result: ReportsResult, log: (line: string) => void) {
  if (result.sales.length === 0) return;
  log(`\nReports (the local server)`);
  for (const r of result.sales)
    log(
      `  GET /api/reports/sales, ${reportDays} days, at ${label(r.size).padStart(4)}: ${r.keys} keys asked, ${r.items} found, ${r.rcu} RCU (${r.operations}), p50 ${r.p50} ms`,
    );
}

export function reportBudgets(result: ReportsResult) {
  const budgets: { name: string; pass: boolean; detail: string }[] = [];
  const last = result.sales.at(-1);
  if (last) {
    // Keys asked, not capacity found: DynamoDB Local charges a BatchGetItem for the items it finds,
    // so a day without sales (at small sizes) would look cheaper than it is.
    budgets.push({
      name: `reports/sales: the same keys asked at every size, at most ${reportKeyBound} (one item per day that is over, a year and the year before)`,
      pass: result.sales.every((r) => r.keys === last.keys) && last.keys <= reportKeyBound,
      detail:
        result.sales.map((r) => `${label(r.size)}: ${r.keys} keys, ${r.items} found, ${r.rcu} RCU`).join('; ') + ` (${last.operations})`,
    });
    budgets.push({
      name: `reports/sales at ${label(last.size)}: at most ${reportRcuBound} RCU, p50 at most ${reportP50BoundMs} ms`,
      pass: last.rcu <= reportRcuBound && last.p50 <= reportP50BoundMs,
      detail: `${last.rcu} RCU, p50 ${last.p50} ms`,
    });
  }
  return budgets;
}
