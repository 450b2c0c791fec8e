// The reports part of the API section (issue 13 item 7): the read capacity of
// `GET /api/reports/sales` over a year at every size (it must not grow with the history).
// The streamed export and whole list are streams.ts's.
import { createDb } from '@event-admin/core/db/client';
import { addDays, utcDay } from '@event-admin/core/report/report.rules';
import { createCaller } from '@event-admin/functions/trpc/caller';
import { createContextInner } from '@event-admin/functions/trpc/context';
import { describeOperations, instrument } from './capacity.ts';
import { percentile } from './http.ts';
import { benchPassword, type Stack } from './stack.ts';

/** A year: the longest range a report takes (maxReportDays), and with it the previous year. */
const reportDays = 366;
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
      `  GET /api/reports/sales, ${reportDays} days, at ${label(r.size).padStart(4)}: ${r.rcu} RCU (${r.operations}, ${r.items} items), p50 ${r.p50} ms`,
    );
}

export function reportBudgets(result: ReportsResult) {
  const budgets: { name: string; pass: boolean; detail: string }[] = [];
  const first = result.sales[0];
  const last = result.sales.at(-1);
  if (first && last && first !== last) {
    // DynamoDB Local charges a BatchGetItem for the items it finds; at 1k purchases over two
    // years some days have no sale, hence no item. So: the same keys asked and the same capacity
    // per item at every size, and the same total wherever every day has sales.
    const perItem = (r: ReportRow) => round(r.rcu / Math.max(1, r.items), 3);
    budgets.push({
      name: `reports/sales: the same capacity per day item at ${label(first.size)} and ${label(last.size)}, the same ${last.keys} keys asked`,
      pass: result.sales.every((r) => r.keys === last.keys && perItem(r) === perItem(last)),
      detail: result.sales.map((r) => `${label(r.size)}: ${r.rcu} RCU for ${r.items} of ${r.keys}`).join('; ') + ` (${last.operations})`,
    });
    const full = result.sales.filter((r) => r.items === r.keys);
    budgets.push({
      name: 'reports/sales: the same capacity at every size where every day has sales',
      pass: full.length > 0 && full.every((r) => r.rcu === full[0]!.rcu),
      detail: full.length ? full.map((r) => `${label(r.size)}: ${r.rcu} RCU`).join('; ') : 'no size has sales on every day',
    });
  }
  return budgets;
}
