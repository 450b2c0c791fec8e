// The bench's function section: the API Lambda bundle as it ships (scripts/bundle-function.mjs:
// esbuild, minified ESM), its size, and its cold import in a fresh Node process as Lambda's init
// does it, with the AWS SDK bundled (what ships) and left to the runtime (compared).
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
// @ts-expect-error: a plain .mjs script without type declarations
import { bundleFunction as bundle, outdir } from '../bundle-function.mjs';
import { table, type Budget } from './table.ts';

const bundleFunction = bundle as (options: {
  sdk: 'bundled' | 'external';
  dir?: string;
}) => Promise<{ outfile: string; bytes: number; lazyBytes: number }>;

const maxBundleBytes = 1_000_000;
const maxColdImportMs = 150;

export interface FunctionRow {
  metric: string;
  value: number;
  unit: string;
  note?: string;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const round = (ms: number) => Math.round(ms * 10) / 10;

/**
 * Cold import of a bundle in a fresh Node process, as Lambda's init does it: the module loads,
 * and (AWS_LAMBDA_FUNCTION_NAME set) builds the app and its DynamoDB client from linked
 * resources. No request is made. The median and the fastest of `runs` fresh processes, in ms.
 */
function coldImportMs(file: string, runs = 9) {
  const probe = resolve(file, '../../bench-import.mjs');
  // A real module file, not `node -e`: that would define a global `require` and hide ESM bugs.
  writeFileSync(
    probe,
    // The Lambda Node.js runtime defines `awslambda` before loading a response-streaming handler.
    `globalThis.awslambda = { streamifyResponse: (h) => h, HttpResponseStream: { from: (s) => s } };\n` +
      `const t = performance.now();\nconst m = await import(${JSON.stringify(pathToFileURL(file).href)});\n` +
      `if (typeof m.handler !== 'function') throw new Error('no handler export');\n` +
      `process.stdout.write(String(performance.now() - t));\n`,
  );
  const env = {
    PATH: process.env.PATH,
    AWS_LAMBDA_FUNCTION_NAME: 'bench',
    AWS_REGION: 'us-east-1',
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    SST_RESOURCE_App: JSON.stringify({ name: 'event-admin', stage: 'bench' }),
    SST_RESOURCE_Table: JSON.stringify({ name: 'bench-table', type: 'sst.aws.Dynamo' }),
    SST_RESOURCE_AdminPassword: JSON.stringify({ value: 'bench', type: 'sst.sst.Secret' }),
    SST_RESOURCE_OriginSecret: JSON.stringify({ value: 'bench', type: 'sst.sst.Linkable' }),
  };
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const result = spawnSync(process.execPath, [probe], { env, encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`importing ${file} failed:\n${result.stderr}`);
    times.push(Number(result.stdout));
  }
  return { median: round(median(times)), min: round(Math.min(...times)), runs };
}

export async function measureFunction(log: (line: string) => void) {
  const shipped = await bundleFunction({ sdk: 'bundled' });
  // The alternative: leave the SDK to the Lambda runtime. It still has to load, so its import
  // time counts; its bytes do not ship with us.
  const external = await bundleFunction({ sdk: 'external', dir: `${outdir}-external-sdk` });
  const shippedMs = coldImportMs(shipped.outfile);
  const externalMs = coldImportMs(external.outfile);
  const note = (ms: typeof shippedMs) => `median of ${ms.runs}, fastest ${ms.min} ms`;
  const rows: FunctionRow[] = [
    {
      metric: 'bundle size (AWS SDK bundled, shipped)',
      value: shipped.bytes,
      unit: 'bytes',
      note: `loaded at a cold start; ${shipped.lazyBytes} more in chunks loaded on demand`,
    },
    { metric: 'cold import (AWS SDK bundled, shipped)', value: shippedMs.median, unit: 'ms', note: note(shippedMs) },
    { metric: 'bundle size (AWS SDK external)', value: external.bytes, unit: 'bytes' },
    { metric: 'cold import (AWS SDK from node_modules)', value: externalMs.median, unit: 'ms', note: note(externalMs) },
  ];
  const title = 'API Lambda bundle (esbuild, minified ESM)';
  const notes = `Node ${process.versions.node} on ${process.arch} here; Lambda runs Node 22 on arm64.`;
  log(`\n${title}`);
  table(
    ['metric', 'value', 'note'],
    rows.map((r) => [r.metric, `${r.value} ${r.unit}`, r.note ?? '']),
    [false, true, false],
  );
  log(`  ${notes}`);
  const budgets: Budget[] = [
    {
      name: `the API bundle < ${maxBundleBytes.toLocaleString('en-US')} bytes`,
      pass: shipped.bytes < maxBundleBytes,
      detail: `${shipped.bytes.toLocaleString('en-US')} bytes`,
    },
    {
      name: `its cold import < ${maxColdImportMs} ms`,
      pass: shippedMs.median < maxColdImportMs,
      detail: `${shippedMs.median} ms, ${note(shippedMs)}`,
    },
  ];
  return { result: { title, rows, notes }, budgets };
}
