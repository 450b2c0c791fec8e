// The streamed answers at the largest size (issues 13 and 33): the transactions CSV export and
// the whole `GET /api/transactions`, each timed to its last byte with the server's peak memory
// growth while it answered, side by side with what the store gives: the same index partitions
// read with plain paginated Queries (no merge, no CSV, no HTTP), just before each. The memory is
// read from outside the server, from /proc/<pid>/status of its process (VmRSS sampled every
// 10 ms, and VmHWM after resetting it through /proc/<pid>/clear_refs), never from a route.
import { readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { createGunzip } from 'node:zlib';
import { createDb } from '@event-admin/core/db/client';
import { partitionPages } from '@event-admin/core/db/merge';
import { transactionsByDate } from '@event-admin/core/transaction/transaction.repo';
import type { Stack } from './stack.ts';
import { label, type Budget } from './table.ts';

/**
 * The bound on the server's memory growth while it streams a 100k-row answer. Holding the
 * answer would take its whole size (about 25 MB of JSON, 13 MB of CSV) plus the 100,000 parsed
 * items behind it (several times that); streaming holds a few Query pages a partition and what
 * V8 has not collected yet. 64 MB leaves room for the garbage of a busy stream, not for the list.
 */
export const memoryBoundMb = 64;
/** A stream may take at most this many times the plain Queries of the same partitions. */
export const maxTimesBaseline = 1.5;

export interface StreamedRow {
  call: string;
  size: number;
  rows: number;
  seconds: number;
  /** the same partitions read with plain paginated Queries just before, in the bench's process */
  baselineSeconds: number;
  baselineRows: number;
  /** bytes as the client received them (gzip) and decoded */
  wireBytes: number;
  bytes: number;
  baselineMb: number;
  peakMb: number;
  growthMb: number;
  /** 'VmHWM' when the kernel's peak could be reset, else 'VmRSS sampled' */
  method: string;
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

/**
 * What the store gives: every partition of the transactions' date index (the ones both answers
 * read) Queried to its end, newest first, in DynamoDB's own pages (1 MB), one partition after
 * another, in the bench's process: no merge, no CSV, no HTTP.
 */
async function readPartitions(stack: Stack) {
  const db = createDb({ tableName: stack.tableName, endpoint: stack.endpoint });
  const started = performance.now();
  let rows = 0;
  try {
    // A Limit above what 1 MB holds: each Query's page is DynamoDB's own.
    for await (const page of partitionPages(db, transactionsByDate(), 100_000)) rows += page.length;
    return { rows, seconds: round((performance.now() - started) / 1000, 2) };
  } finally {
    db.doc.destroy();
  }
}

/** One streamed answer, timed to its last byte, its rows counted by a pattern each row holds once. */
async function measureStreamed(stack: Stack, size: number, call: string, path: string, rowPattern: string, headerRows: number) {
  const baseline = await readPartitions(stack);
  const started = performance.now();
  const { result, ...memory } = await watchMemory(stack.serverPid, () => download(stack, path, rowPattern));
  const row: StreamedRow = {
    call,
    size,
    rows: result.matches - headerRows,
    seconds: round((performance.now() - started) / 1000, 2),
    baselineSeconds: baseline.seconds,
    baselineRows: baseline.rows,
    wireBytes: result.wireBytes,
    bytes: result.bytes,
    ...memory,
  };
  return row;
}

/** The export and the whole list at one size, each after its baseline. */
export async function measureStreams(stack: Stack, size: number, log: (line: string) => void) {
  const rows: StreamedRow[] = [];
  // CSV rows end in CRLF after one header row; each purchase in the JSON has one "amount".
  for (const [call, path, pattern, header] of [
    ['GET /api/exports/transactions.csv', '/api/exports/transactions.csv', '\n', 1],
    ['GET /api/transactions (whole list)', '/api/transactions', '"amount":', 0],
  ] as const) {
    const row = await measureStreamed(stack, size, call, path, pattern, header);
    rows.push(row);
    log(
      `    ${call.padEnd(42)} ${row.seconds} s (plain Queries ${row.baselineSeconds} s)  ${row.bytes.toLocaleString('en-US')} bytes  server memory +${row.growthMb} MB`,
    );
  }
  return rows;
}

export function printStreams(rows: StreamedRow[], log: (line: string) => void) {
  if (rows.length === 0) return;
  log(`\nStreamed answers (the local server; memory from /proc/<pid>/status of its process)`);
  for (const r of rows) {
    log(
      `  ${r.call} at ${label(r.size)}: ${r.rows.toLocaleString('en-US')} rows in ${r.seconds} s against ${r.baselineSeconds} s for plain Queries of its partitions ` +
        `(${round(r.seconds / r.baselineSeconds, 2)}x), ${r.bytes.toLocaleString('en-US')} bytes (${r.wireBytes.toLocaleString('en-US')} gzip on the wire); ` +
        `server RSS ${r.baselineMb} MB before, peak ${r.peakMb} MB: +${r.growthMb} MB (${r.method})`,
    );
  }
}

export function streamBudgets(rows: StreamedRow[]): Budget[] {
  return rows.flatMap((r) => [
    {
      name: `${r.call} at ${label(r.size)}: server memory grows < ${memoryBoundMb} MB`,
      pass: r.growthMb < memoryBoundMb && r.rows === r.size,
      detail: `+${r.growthMb} MB (${r.method}) while streaming ${r.rows.toLocaleString('en-US')} rows, ${(r.bytes / 1024 / 1024).toFixed(1)} MB, in ${r.seconds} s`,
    },
    {
      name: `${r.call} at ${label(r.size)}: every row in <= ${maxTimesBaseline}x the time of plain Queries of its partitions`,
      pass: r.rows === r.baselineRows && r.seconds <= maxTimesBaseline * r.baselineSeconds,
      detail: `${r.rows.toLocaleString('en-US')} rows in ${r.seconds} s; the Queries read ${r.baselineRows.toLocaleString('en-US')} in ${r.baselineSeconds} s: ${round(r.seconds / r.baselineSeconds, 2)}x`,
    },
  ]);
}
