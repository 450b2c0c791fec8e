// npm run bench: the figures we watch, one section each, printed as tables and written to
// bench/results.json. Run one section with `npm run bench -- <name>`.
// A section is { name, title, run() -> rows, notes? }; a row is { metric, value, unit, aim?, note? }.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { bundleFunction, outdir, root } from './bundle-function.mjs';

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * Cold import of a bundle in a fresh Node process, as Lambda's init does it: the module loads,
 * and (AWS_LAMBDA_FUNCTION_NAME set) builds the app and its DynamoDB client from linked
 * resources. No request is made. The median and the fastest of `runs` fresh processes, in ms.
 */
function coldImportMs(file, runs = 9) {
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
  const times = [];
  for (let i = 0; i < runs; i++) {
    const result = spawnSync(process.execPath, [probe], { env, encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`importing ${file} failed:\n${result.stderr}`);
    times.push(Number(result.stdout));
  }
  const round = (ms) => Math.round(ms * 10) / 10;
  return { median: round(median(times)), min: round(Math.min(...times)), runs };
}

const functionSection = {
  name: 'function',
  title: 'API Lambda bundle (esbuild, minified ESM)',
  async run() {
    const shipped = await bundleFunction({ sdk: 'bundled' });
    // The alternative: leave the SDK to the Lambda runtime. It still has to load, so its import
    // time counts; its bytes do not ship with us.
    const external = await bundleFunction({ sdk: 'external', dir: `${outdir}-external-sdk` });
    const shippedMs = coldImportMs(shipped.outfile);
    const externalMs = coldImportMs(external.outfile);
    return [
      { metric: 'bundle size (AWS SDK bundled, shipped)', value: shipped.bytes, unit: 'bytes', aim: { max: 1_000_000 } },
      {
        metric: 'cold import (AWS SDK bundled, shipped)',
        value: shippedMs.median,
        unit: 'ms',
        aim: { max: 150 },
        note: `median of ${shippedMs.runs}, fastest ${shippedMs.min} ms`,
      },
      { metric: 'bundle size (AWS SDK external)', value: external.bytes, unit: 'bytes' },
      {
        metric: 'cold import (AWS SDK from node_modules)',
        value: externalMs.median,
        unit: 'ms',
        note: `median of ${externalMs.runs}, fastest ${externalMs.min} ms`,
      },
    ];
  },
  notes: `Node ${process.versions.node} on ${process.arch} here; Lambda runs Node 22 on arm64.`,
};

/** Later sections (API latency, web bundle) go here. */
const sections = [functionSection];

function printTable(section, rows) {
  console.log(`\n${section.title}`);
  const cells = rows.map((r) => [
    r.metric,
    `${r.value} ${r.unit}`,
    [r.aim ? `${r.value < r.aim.max ? 'ok' : 'OVER'} (aim < ${r.aim.max} ${r.unit})` : '', r.note ?? ''].filter(Boolean).join('; '),
  ]);
  const widths = [0, 1, 2].map((i) => Math.max(...cells.map((c) => c[i].length), ['metric', 'value', 'aim, note'][i].length));
  const line = (c) => `  ${c[0].padEnd(widths[0])}  ${c[1].padStart(widths[1])}  ${c[2]}`.trimEnd();
  console.log(line(['metric', 'value', 'aim, note']));
  console.log(line(widths.map((w) => '-'.repeat(w))));
  for (const c of cells) console.log(line(c));
  if (section.notes) console.log(`  ${section.notes}`);
}

const wanted = process.argv.slice(2);
const resultsFile = resolve(root, 'bench/results.json');
let previous = {};
try {
  previous = JSON.parse(readFileSync(resultsFile, 'utf8')).sections ?? {};
} catch {
  // no earlier results: start a new file
}
const results = { generatedAt: new Date().toISOString(), node: process.versions.node, arch: process.arch, sections: { ...previous } };
for (const section of sections) {
  if (wanted.length && !wanted.includes(section.name)) continue;
  const rows = await section.run();
  printTable(section, rows);
  results.sections[section.name] = { title: section.title, rows, ...(section.notes ? { notes: section.notes } : {}) };
}
mkdirSync(resolve(resultsFile, '..'), { recursive: true });
writeFileSync(resultsFile, JSON.stringify(results, null, 2) + '\n');
console.log(`\nWritten to ${resultsFile.slice(root.length + 1)}`);
