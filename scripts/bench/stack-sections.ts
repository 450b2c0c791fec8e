// npm run bench's API and web sections: one local stack, the data grown through three sizes,
// every figure printed as a table and returned with the issues' budgets for bench/results.json;
// and the burst section on a stack of its own. run.mjs, the bench's entry, calls this.
import { storeLimits } from '@event-admin/core/db/client';
import { shardSuffixes } from '@event-admin/core/db/shards';
import { measureApi, type CallRow, type SizeResult } from './api.ts';
import { measureBurst } from './burst.ts';
import { createProbe, grow, probeTransactions, proportions } from './data.ts';
import { measurePanels, panelBudgets, printPanels, type PanelRow } from './panels.ts';
import { measureReports, printReports, reportBudgets, type ReportsResult } from './reports.ts';
import { startStack } from './stack.ts';
import { measureStreams, printStreams, streamBudgets, type StreamedRow } from './streams.ts';
import { label, table, type Budget } from './table.ts';
import { buildWeb, measureWeb, printWeb, webBudgets, type WebResult } from './web.ts';

export interface BenchOptions {
  sizes: number[];
  api: boolean;
  web: boolean;
  /** the on-sale burst and hot keys (burst.ts), on a stack of its own */
  burst?: boolean;
}

const log = (line: string) => console.log(line);

export async function runBench(options: BenchOptions) {
  // The bench's own in-process clients read whole 100k lists in 1 MB pages from DynamoDB Local on
  // a shared machine, which can take over the API's 2 s a request: they get 30 s (the server keeps 2 s).
  storeLimits.requestTimeoutMs = 30_000;
  const burst = options.burst ? await measureBurst(log) : undefined;
  if (!options.api && !options.web) {
    return { api: undefined, web: undefined, burst: burst?.result, budgets: burst?.budgets ?? [] };
  }
  const started = performance.now();
  const web = options.web ? (log('\nBuilding the web app into a temporary directory...'), buildWeb()) : undefined;
  log('Starting DynamoDB Local (in memory) and the local server on 127.0.0.1...');
  const stack = await startStack({ webDist: web?.dir });
  const stopOnSignal = () => void stack.stop().then(() => process.exit(130));
  process.once('SIGINT', stopOnSignal);
  const loads: { size: number; seconds: number; events: number; customers: number }[] = [];
  const sizes: SizeResult[] = [];
  const reports: ReportsResult = { sales: [] };
  let streamed: StreamedRow[] = [];
  let webResult: WebResult | undefined;
  let panelRows: PanelRow[] = [];
  try {
    const now = new Date();
    const loaded = await createProbe(stack.db, now);
    for (const size of options.sizes) {
      const result = await grow(stack.db, loaded, size, now, label(size));
      loads.push({
        size,
        seconds: Math.round(result.seconds * 10) / 10,
        events: loaded.events.length + 1,
        customers: loaded.customers.length + 1,
      });
      if (options.api) {
        log(`  measuring the API at ${label(size)} purchases:`);
        sizes.push(await measureApi(stack, loaded.probe, size, log));
        await measureReports(stack, size, log, reports);
        if (size === options.sizes.at(-1)) streamed = await measureStreams(stack, size, log);
      }
    }
    if (options.api) panelRows = await measurePanels(stack, log);
    if (web) {
      log('  measuring the web app in Chromium...');
      webResult = await measureWeb(stack, log);
    }
  } finally {
    process.off('SIGINT', stopOnSignal);
    await stack.stop();
    web?.remove();
  }

  const budgets = [
    ...(burst?.budgets ?? []),
    ...apiBudgets(sizes),
    ...panelBudgets(panelRows),
    ...reportBudgets(reports),
    ...streamBudgets(streamed),
    ...webBudgets(webResult, options.sizes.at(-1) ?? 0),
  ];
  printApi(sizes, loads);
  printPanels(panelRows, log);
  printReports(reports, log);
  printStreams(streamed, log);
  if (webResult) printWeb(webResult, options.sizes.at(-1) ?? 0);
  log(`\n  (API and web sections took ${((performance.now() - started) / 1000).toFixed(0)} s)`);
  return {
    api: sizes.length
      ? {
          title: 'API calls on the local stack (DynamoDB Local in memory, the local server over HTTP on 127.0.0.1)',
          proportions: { ...proportions, probeCustomerTransactions: probeTransactions },
          loads,
          sizes,
          panels: panelRows,
          reports,
          streamed,
        }
      : undefined,
    burst: burst?.result,
    web: webResult ? { title: 'Web app downloads (Chromium, fresh contexts)', measuredAt: options.sizes.at(-1), ...webResult } : undefined,
    budgets,
  };
}

function row(sizes: SizeResult[], call: string, size: number): CallRow | undefined {
  return sizes.find((s) => s.size === size)?.rows.find((r) => r.call === call);
}

function apiBudgets(sizes: SizeResult[]): Budget[] {
  if (sizes.length === 0) return [];
  const first = sizes[0]!.size;
  const last = sizes.at(-1)!.size;
  const budgets: Budget[] = [];
  const flat = [
    ['GET /api/dashboard/stats', 'dashboard/stats'],
    ['GET /api/dashboard/top-events', 'dashboard/top-events'],
    ['GET /api/events/recent?limit=4', 'events/recent'],
    ['GET /api/app-settings', 'app-settings'],
  ] as const;
  for (const [call, name] of flat) {
    const a = row(sizes, call, first)!;
    const b = row(sizes, call, last)!;
    // The requests and the keys they ask, not the capacity DynamoDB charges for what it finds: a
    // BatchGetItem of 16 shards costs less while some are not written yet. A call of Queries
    // alone asks no keys: its capacity (what it reads) is compared instead.
    const reads = (r: CallRow) => `${r.operations}${r.keys ? `, ${r.keys} ${r.keys === 1 ? 'key' : 'keys'} asked` : ''}`;
    budgets.push({
      name: `${name}: the same reads at ${label(first)} and ${label(last)}`,
      pass: reads(a) === reads(b) && (b.keys > 0 || a.rcu === b.rcu),
      detail:
        reads(a) === reads(b) ? `${reads(b)}; ${a.rcu} and ${b.rcu} RCU` : `${reads(a)} against ${reads(b)}; ${a.rcu} and ${b.rcu} RCU`,
    });
  }
  const stats = row(sizes, 'GET /api/dashboard/stats', last)!;
  budgets.push({
    name: `dashboard/stats reads the totals' ${shardSuffixes.length} shards in one request`,
    pass: stats.operations === '1 BatchGetItem' && stats.items <= shardSuffixes.length,
    detail: `${stats.operations}, ${stats.items} items, ${stats.rcu} RCU`,
  });
  for (const [call, name, items] of [
    ['GET /api/customers/{id}/purchases', 'customers/{id}/purchases', probeTransactions],
    ['GET /api/customers/{id}/addresses', 'customers/{id}/addresses', 2],
  ] as const) {
    const all = sizes.map((s) => row(sizes, call, s.size)!);
    const same = all.every((r) => r.rcu === all[0]!.rcu);
    budgets.push({
      name: `${name}: capacity follows that customer's items only`,
      pass: same,
      detail: `one customer with ${items} items: ${all.map((r) => `${r.rcu}`).join(' / ')} RCU at ${sizes.map((s) => label(s.size)).join(' / ')} (${all[0]!.operations})`,
    });
  }
  const ratios = sizes.map((s) => s.statsVsGetItem);
  budgets.push({
    name: 'API p50 of dashboard/stats <= 1.5 x the same read made bare',
    pass: ratios.every((r) => r.ratio <= 1.5),
    detail: sizes
      .map((s) => `${label(s.size)}: ${s.statsVsGetItem.apiP50} / ${s.statsVsGetItem.getItemP50} ms = ${s.statsVsGetItem.ratio}x`)
      .join('; '),
  });
  return budgets;
}

function printApi(sizes: SizeResult[], loads: { size: number; seconds: number; events: number; customers: number }[]) {
  if (sizes.length === 0) return;
  log('\nAPI read calls on the local stack (DynamoDB Local in memory; the local server, compression on, over HTTP on 127.0.0.1)');
  log(
    `  data: ${loads.map((l) => `${label(l.size)} purchases, ${l.events.toLocaleString('en-US')} events, ${l.customers.toLocaleString('en-US')} customers (loaded in ${l.seconds} s)`).join('; ')}`,
  );
  const rows: string[][] = [];
  for (const call of sizes[0]!.rows.map((r) => r.call)) {
    sizes.forEach((s, i) => {
      const r = row(sizes, call, s.size)!;
      rows.push([
        i === 0 ? `${r.spec ? '' : '+ '}${call}` : '',
        label(s.size),
        String(r.rcu),
        `${r.operations}, ${r.items} ${r.items === 1 ? 'item' : 'items'}`,
        r.jsonBytes.toLocaleString('en-US'),
        `${r.wireBytes.toLocaleString('en-US')}${r.encoding === 'identity' ? '' : ` ${r.encoding}`}`,
        `${r.p50} / ${r.p95}${r.samples < 200 ? ` (n=${r.samples})` : ''}`,
        `${r.rps}${r.rpsConnections !== 16 || r.rpsRequests < 50 ? ` (${r.rpsRequests} req, ${r.rpsConnections} conn)` : ''}`,
      ]);
    });
  }
  table(['call (+ = not in SPEC §7)', 'size', 'RCU', 'reads', 'JSON bytes', 'wire bytes', 'p50 / p95 ms', 'req/s @16'], rows, [
    false,
    true,
    true,
    false,
    true,
    true,
    true,
    true,
  ]);
  log(`  RCU: read capacity units of the call's own reads (ReturnConsumedCapacity TOTAL); the session lookup is apart:`);
  log(
    `  ${sizes.map((s) => `${s.sessionRcu}`).join(' / ')} RCU when not cached, 0 when cached (in-process, 30 s). p50/p95 over 200 sequential requests unless n says fewer.`,
  );
  log('  dashboard/stats against a bare GetItem of the same item (SDK, interleaved, 300 each):');
  for (const s of sizes) {
    const r = s.statsVsGetItem;
    log(`    ${label(s.size).padStart(5)}: API p50 ${r.apiP50} ms, GetItem p50 ${r.getItemP50} ms (p95 ${r.getItemP95} ms): ${r.ratio}x`);
  }
}
