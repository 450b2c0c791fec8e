// The reports and exports part of the API section (issue 13 item 7, issue 33 item 1): the keys
// `GET /api/reports/sales` asks for over a year and the year before, at every size (one item per
// day once the days that are over are folded: they must not grow with the history), and at
// the largest size the transactions CSV export and the whole `GET /api/transactions`, each timed
// to its last byte with the server's peak memory growth while it answered. The memory is read
// from outside the server, from /proc/<pid>/status of the server's process (VmRSS sampled every
// 10 ms, and VmHWM after resetting it through /proc/<pid>/clear_refs), never from a route.
import { readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { createGunzip } from 'node:zlib';
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
/**
 * The bound on the server's memory growth while it streams a 100k-row answer. Holding the
 * answer would take its whole size (about 25 MB of JSON, 13 MB of CSV) plus the 100,000 parsed
 * items behind it (several times that); streaming holds one 500-item Query page and what V8 has
 * not collected yet. 64 MB leaves room for the garbage of a busy stream, not for the list.
 */
export const memoryBoundMb = 64;

export interface ReportRow {
  size: number;
  rcu: number;
  operations: string;
  /** day items found, of `keys` asked for */
  items: number;
  keys: number;
  p50: number;
}

export interface StreamedRow {
  call: string;
  size: number;
  rows: number;
  seconds: number;
  /** bytes as the client received them (gzip) and decoded */
  wireBytes: number;
  bytes: number;
  baselineMb: number;
  peakMb: number;
  growthMb: number;
  /** 'VmHWM' when the kernel's peak could be reset, else 'VmRSS sampled' */
  method: string;
}

export interface ReportsResult {
  sales: ReportRow[];
  streamed: StreamedRow[];
}

const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;
const mb = (kb: number) => round(kb / 1024);

function status(pid: number) {
  const text = readFileSync(`/proc/${pid}/status`, 'utf8');
  const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(text)?.[1] ?? Number.NaN);
  return { rssKb: field('VmRSS'), hwmKb: field('VmHWM') };
}

/** Resets the kernel's peak RSS of a process (Linux 4.0+, our own child): true when it worked. */
function resetPeak(pid: number) {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return status(pid).hwmKb <= status(pid).rssKb + 1024;
  } catch {
    return false;
  }
}

/** Runs `work` while watching the server's resident memory; growth is the peak over the RSS just before. */
async function watchMemory<T>(pid: number, work: () => Promise<T>) {
  const canReset = resetPeak(pid);
  const baseline = status(pid).rssKb;
  let sampled = baseline;
  const timer = setInterval(() => {
    sampled = Math.max(sampled, status(pid).rssKb);
  }, 10);
  try {
    const result = await work();
    sampled = Math.max(sampled, status(pid).rssKb);
    const peak = canReset ? Math.max(status(pid).hwmKb, sampled) : sampled;
    return {
      result,
      baselineMb: mb(baseline),
      peakMb: mb(peak),
      growthMb: mb(peak - baseline),
      method: canReset ? 'VmHWM' : 'VmRSS sampled',
    };
  } finally {
    clearInterval(timer);
  }
}

/** Occurrences of `pattern` in a stream of chunks, a match split across two chunks included. */
function counter(pattern: string) {
  let tail = '';
  let count = 0;
  return {
    add(chunk: Buffer) {
      const text = tail + chunk.toString('latin1');
      for (let at = text.indexOf(pattern); at !== -1; at = text.indexOf(pattern, at + pattern.length)) count += 1;
      tail = text.slice(Math.max(0, text.length - pattern.length + 1));
    },
    get count() {
      return count;
    },
  };
}

/** Downloads a streamed answer as a browser does (gzip), counting its bytes and `pattern` without keeping them. */
function download(stack: Stack, path: string, pattern: string) {
  return new Promise<{ wireBytes: number; bytes: number; matches: number }>((resolve, reject) => {
    const req = http.get(`${stack.base}${path}`, { headers: { Cookie: stack.cookie, 'Accept-Encoding': 'gzip' } }, (res) => {
      if (res.statusCode !== 200) {
        res.resume();
        return reject(new Error(`GET ${path}: ${res.statusCode}`));
      }
      let wireBytes = 0;
      let bytes = 0;
      const matches = counter(pattern);
      res.on('data', (chunk: Buffer) => (wireBytes += chunk.length));
      const body = res.headers['content-encoding'] === 'gzip' ? res.pipe(createGunzip()) : res;
      body.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        matches.add(chunk);
      });
      body.on('end', () => resolve({ wireBytes, bytes, matches: matches.count }));
      body.on('error', reject);
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

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

/** One streamed answer, timed to its last byte, its rows counted by a pattern each row holds once. */
async function measureStreamed(stack: Stack, size: number, call: string, path: string, rowPattern: string, headerRows: number) {
  const started = performance.now();
  const { result, ...memory } = await watchMemory(stack.serverPid, () => download(stack, path, rowPattern));
  const seconds = round((performance.now() - started) / 1000, 2);
  const row: StreamedRow = {
    call,
    size,
    rows: result.matches - headerRows,
    seconds,
    wireBytes: result.wireBytes,
    bytes: result.bytes,
    ...memory,
  };
  return row;
}

/** The reports and exports figures at one size; the streamed ones only at the largest. */
export async function measureReports(stack: Stack, size: number, largest: boolean, log: (line: string) => void, result: ReportsResult) {
  const sales = await measureSales(stack, size);
  result.sales.push(sales);
  log(`    GET /api/reports/sales (${reportDays} days)      ${String(sales.rcu).padStart(8)} RCU  p50 ${sales.p50} ms`);
  if (!largest) return;
  // CSV rows end in CRLF after one header row; each purchase in the JSON has one "amount".
  for (const [call, path, pattern, header] of [
    ['GET /api/exports/transactions.csv', '/api/exports/transactions.csv', '\n', 1],
    ['GET /api/transactions (whole list)', '/api/transactions', '"amount":', 0],
  ] as const) {
    const row = await measureStreamed(stack, size, call, path, pattern, header);
    result.streamed.push(row);
    log(`    ${call.padEnd(42)} ${row.seconds} s  ${row.bytes.toLocaleString('en-US')} bytes  server memory +${row.growthMb} MB`);
  }
}

const label = (size: number) => (size >= 1000 ? `${size / 1000}k` : String(size));

export function printReports(result: ReportsResult, log: (line: string) => void) {
  if (result.sales.length === 0) return;
  log(`\nReports and streamed answers (the local server; memory from /proc/<pid>/status of its process)`);
  for (const r of result.sales)
    log(
      `  GET /api/reports/sales, ${reportDays} days, at ${label(r.size).padStart(4)}: ${r.keys} keys asked, ${r.items} found, ${r.rcu} RCU (${r.operations}), p50 ${r.p50} ms`,
    );
  for (const r of result.streamed) {
    log(
      `  ${r.call} at ${label(r.size)}: ${r.rows.toLocaleString('en-US')} rows in ${r.seconds} s, ${r.bytes.toLocaleString('en-US')} bytes ` +
        `(${r.wireBytes.toLocaleString('en-US')} gzip on the wire); server RSS ${r.baselineMb} MB before, peak ${r.peakMb} MB: +${r.growthMb} MB (${r.method})`,
    );
  }
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
  for (const r of result.streamed) {
    budgets.push({
      name: `${r.call} at ${label(r.size)}: server memory grows < ${memoryBoundMb} MB`,
      pass: r.growthMb < memoryBoundMb && r.rows === r.size,
      detail: `+${r.growthMb} MB (${r.method}) while streaming ${r.rows.toLocaleString('en-US')} rows, ${(r.bytes / 1024 / 1024).toFixed(1)} MB, in ${r.seconds} s`,
    });
  }
  return budgets;
}
