// The API section: for every read call of SPEC §7 (and the paged procedures the screens now
// use), the read capacity it consumes (in-process through createCaller, counted by the SDK
// middleware), its response bytes, p50/p95 latency and throughput over real HTTP.
import { createDb } from '@event-admin/core/db/client';
import { getStatsItem } from '@event-admin/core/stats/stats.repo';
import { createCaller } from '@event-admin/functions/trpc/caller';
import { createContextInner } from '@event-admin/functions/trpc/context';
import { describeOperations, instrument } from './capacity.ts';
import type { Probe } from './data.ts';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { httpClient, percentile } from './http.ts';
import { benchPassword, type Stack } from './stack.ts';

type Api = ReturnType<typeof createCaller>;

export interface Call {
  name: string;
  path: string;
  run: (api: Api) => Promise<unknown>;
  /** a row of SPEC §7 (else a procedure the screens use) */
  spec: boolean;
}

type Page = { items: unknown[]; nextCursor: string | null };

/** A whole list as its REST path streams it: the procedure's pages, 1,000 items a page, to the end. */
async function wholeList(page: (input: { limit: number; cursor: string | null }) => Promise<Page>) {
  const items: unknown[] = [];
  for (let cursor: string | null = null; ;) {
    const next: Page = await page({ limit: 1000, cursor });
    items.push(...next.items);
    cursor = next.nextCursor;
    if (!cursor) return items;
  }
}

const trpcGet = (procedure: string, input?: unknown) =>
  `/trpc/${procedure}${input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`}`;

export function calls(probe: Probe): Call[] {
  const e = probe.eventId;
  const c = probe.customerId;
  return [
    { name: 'GET /api/dashboard/stats', path: '/api/dashboard/stats', run: (api) => api.dashboard.stats(), spec: true },
    { name: 'GET /api/dashboard/top-events', path: '/api/dashboard/top-events', run: (api) => api.dashboard.topEvents(), spec: true },
    { name: 'GET /api/events', path: '/api/events', run: (api) => wholeList(api.events.list), spec: true },
    {
      name: 'GET /api/events/recent?limit=4',
      path: '/api/events/recent?limit=4',
      run: (api) => api.events.recent({ limit: 4 }),
      spec: true,
    },
    { name: 'GET /api/events/{id}', path: `/api/events/${e}`, run: (api) => api.events.get({ id: e }), spec: true },
    { name: 'GET /api/events/{id}/seo', path: `/api/events/${e}/seo`, run: (api) => api.seo.get({ id: e }), spec: true },
    { name: 'GET /api/events/{id}/cta', path: `/api/events/${e}/cta`, run: (api) => api.cta.get({ id: e }), spec: true },
    {
      name: 'GET /api/events/{id}/content-blocks',
      path: `/api/events/${e}/content-blocks`,
      run: (api) => api.contentBlocks.get({ id: e }),
      spec: true,
    },
    {
      name: 'GET /api/events-with-details',
      path: '/api/events-with-details',
      run: (api) => wholeList(api.events.listWithDetails),
      spec: true,
    },
    { name: 'GET /api/customers', path: '/api/customers', run: (api) => wholeList(api.customers.list), spec: true },
    {
      name: 'GET /api/customers/{id}/purchases',
      path: `/api/customers/${c}/purchases`,
      run: (api) => api.customers.transactions({ id: c }),
      spec: true,
    },
    {
      name: 'GET /api/customers/{id}/addresses',
      path: `/api/customers/${c}/addresses`,
      run: (api) => api.customers.addresses({ id: c }),
      spec: true,
    },
    { name: 'GET /api/transactions', path: '/api/transactions', run: (api) => wholeList(api.transactions.list), spec: true },
    { name: 'GET /api/app-settings', path: '/api/app-settings', run: (api) => api.settings.get(), spec: true },
    { name: 'GET /api/transactions/totals', path: '/api/transactions/totals', run: (api) => api.transactions.totals(), spec: false },
    {
      name: 'trpc transactions.page (first 50)',
      path: trpcGet('transactions.page', { limit: 50 }),
      run: (api) => api.transactions.page({ limit: 50 }),
      spec: false,
    },
    {
      name: 'trpc transactions.page q=<a customer>',
      path: trpcGet('transactions.page', { limit: 50, q: probe.customerName }),
      run: (api) => api.transactions.page({ limit: 50, q: probe.customerName }),
      spec: false,
    },
    {
      name: 'trpc customers.page (first 50)',
      path: trpcGet('customers.page', { limit: 50 }),
      run: (api) => api.customers.page({ limit: 50 }),
      spec: false,
    },
    {
      name: 'trpc customers.transactionHistory',
      path: trpcGet('customers.transactionHistory', { id: c }),
      run: (api) => api.customers.transactionHistory({ id: c }),
      spec: false,
    },
    {
      name: 'trpc events.page (first 25)',
      path: trpcGet('events.page', { limit: 25 }),
      run: (api) => api.events.page({ limit: 25 }),
      spec: false,
    },
  ];
}

export interface CallRow {
  call: string;
  spec: boolean;
  size: number;
  /** read capacity units of the call's own reads */
  rcu: number;
  operations: string;
  items: number;
  /** keys its GetItem and BatchGetItem requests asked for, found or not */
  keys: number;
  jsonBytes: number;
  wireBytes: number;
  encoding: string;
  p50: number;
  p95: number;
  samples: number;
  rps: number;
  rpsRequests: number;
  rpsConnections: number;
}

export interface SizeResult {
  size: number;
  rows: CallRow[];
  /** capacity of the session lookup of a signed-in call, when it is not cached */
  sessionRcu: number;
  /** GET /api/dashboard/stats against a bare GetItem of the same item, interleaved */
  statsVsGetItem: { apiP50: number; getItemP50: number; getItemP95: number; samples: number; ratio: number };
}

const round = (value: number, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;

export async function measureApi(stack: Stack, probe: Probe, size: number, log: (line: string) => void): Promise<SizeResult> {
  // In-process, on an instrumented client of its own (a fresh session cache: the first lookup reads).
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
  const session = await meter.measure(() => api.auth.me());

  const client = httpClient(stack.base, stack.cookie);
  const rows: CallRow[] = [];
  try {
    for (const call of calls(probe)) {
      const { tally } = await meter.measure(() => call.run(api));
      // One request as a browser sends it: the bytes on the wire, decoded for the JSON's size.
      const started = performance.now();
      const wire = await client.get(call.path);
      const single = performance.now() - started;
      const jsonBytes = decode(wire.body, wire.encoding).length;
      // Whole lists grow with the data: bounded in requests and time, and the counts printed.
      const heavy = single > 3000;
      const medium = single > 100;
      const latency = heavy
        ? { p50: single, p95: single, n: 1 }
        : await client.latency(call.path, medium ? { warmup: 1, maxSeconds: 5, minSamples: 5 } : { warmup: 10, maxSeconds: 15 });
      const rps = await client.throughput(
        call.path,
        heavy
          ? { connections: 2, maxRequests: 2, seconds: 60 }
          : medium
            ? { connections: 16, maxRequests: 16, seconds: 10 }
            : { connections: 16, seconds: 2 },
      );
      const row: CallRow = {
        call: call.name,
        spec: call.spec,
        size,
        rcu: round(tally.own, 1),
        operations: describeOperations(tally.operations),
        items: tally.items,
        keys: tally.keys,
        jsonBytes,
        wireBytes: wire.bytes,
        encoding: wire.encoding ?? 'identity',
        p50: round(latency.p50),
        p95: round(latency.p95),
        samples: latency.n,
        rps: round(rps.rps, rps.rps < 10 ? 2 : 1),
        rpsRequests: rps.n,
        rpsConnections: rps.connections,
      };
      rows.push(row);
      log(`    ${call.name.padEnd(42)} ${String(row.rcu).padStart(8)} RCU  p50 ${row.p50} ms  ${row.rps} req/s`);
    }
  } finally {
    client.close();
  }

  // The floor: the same read the stats call makes (one BatchGetItem of the totals' shards), bare
  // through the SDK, measured interleaved with the API call so both see the same machine.
  const bare = createDb({ tableName: stack.tableName, endpoint: stack.endpoint });
  const get = () => getStatsItem(bare);
  const statsClient = httpClient(stack.base, stack.cookie);
  const apiTimes: number[] = [];
  const getTimes: number[] = [];
  try {
    for (let i = 0; i < 320; i++) {
      let start = performance.now();
      await get();
      const getMs = performance.now() - start;
      start = performance.now();
      await statsClient.get('/api/dashboard/stats');
      const apiMs = performance.now() - start;
      if (i >= 20) {
        getTimes.push(getMs);
        apiTimes.push(apiMs);
      }
    }
  } finally {
    statsClient.close();
    bare.doc.destroy();
    db.doc.destroy();
  }
  const ratio = {
    apiP50: round(percentile(apiTimes, 50), 3),
    getItemP50: round(percentile(getTimes, 50), 3),
    getItemP95: round(percentile(getTimes, 95), 3),
    samples: getTimes.length,
    ratio: round(percentile(apiTimes, 50) / percentile(getTimes, 50), 2),
  };
  return {
    size,
    rows,
    sessionRcu: session.tally.session,
    statsVsGetItem: ratio,
  };
}

function decode(body: Buffer, encoding: string | undefined) {
  if (encoding === 'br') return brotliDecompressSync(body);
  if (encoding === 'gzip') return gunzipSync(body);
  if (encoding === 'deflate') return inflateSync(body);
  return body;
}
