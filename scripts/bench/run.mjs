// npm run bench: every section, one after the other, then bench/results.json.
//   node scripts/bench/run.mjs                      all sections, 1k / 10k / 100k purchases
//   node scripts/bench/run.mjs api --sizes=1000     one section, one size
// Sections: function (scripts/bench.mjs: the Lambda bundle), api, web, burst (scripts/bench/burst.ts;
// BURST_SECONDS=5 BURST_CLIENTS=1,8 for a short run).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
const root = resolve(fileURLToPath(import.meta.url), '../../..');
const resultsFile = resolve(root, 'bench/results.json');

const args = process.argv.slice(2);
const sizesArg = args.find((a) => a.startsWith('--sizes='));
const sizes = sizesArg
  ? sizesArg
      .slice('--sizes='.length)
      .split(',')
      .map((s) => Number(s.trim().replace(/k$/i, '000')))
  : [1_000, 10_000, 100_000];
if (sizes.some((s) => !Number.isInteger(s) || s < 100 || s > 1_000_000))
  throw new Error(`--sizes takes whole numbers of purchases (100 to 1000000), e.g. --sizes=1000,10000`);
const wanted = new Set(args.filter((a) => !a.startsWith('--')));
const want = (name) => wanted.size === 0 || wanted.has(name);
const started = performance.now();

function readResults() {
  try {
    return JSON.parse(readFileSync(resultsFile, 'utf8'));
  } catch {
    return { sections: {} };
  }
}

// The function bundle section is scripts/bench.mjs's (it writes its own rows to results.json).
const functionBench = resolve(root, 'scripts/bench.mjs');
if (want('function') && existsSync(functionBench)) {
  console.log('Function bundle (scripts/bench.mjs function):');
  const child = spawnSync(process.execPath, [functionBench, 'function'], { cwd: root, stdio: 'inherit', timeout: 300_000 });
  if (child.status !== 0) console.error(`  scripts/bench.mjs function failed (${child.status ?? child.signal}); the other sections go on.`);
}

let measured = { budgets: [] };
if (want('api') || want('web') || want('burst')) {
  const unregister = register();
  const { runBench } = await import('./main.ts');
  measured = await runBench({ sizes, api: want('api'), web: want('web'), burst: want('burst') });
  unregister();
}

const previous = readResults();
const results = {
  ...previous,
  generatedAt: new Date().toISOString(),
  node: process.versions.node,
  arch: process.arch,
  sections: {
    ...(previous.sections ?? {}),
    ...(measured.api ? { api: measured.api } : {}),
    ...(measured.web ? { web: measured.web } : {}),
    ...(measured.burst ? { burst: measured.burst } : {}),
  },
  budgets: measured.budgets.length ? measured.budgets : previous.budgets,
};
mkdirSync(resolve(resultsFile, '..'), { recursive: true });
writeFileSync(resultsFile, JSON.stringify(results, null, 2) + '\n');
console.log(`\nWritten to bench/results.json (${((performance.now() - started) / 1000).toFixed(0)} s in all)`);
process.exitCode = 0;
