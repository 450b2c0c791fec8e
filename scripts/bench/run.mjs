// npm run bench, the bench's one entry: every section, one after the other, each printed as
// tables; then every budget, pass or FAIL, and everything in bench/results.json.
//   node scripts/bench/run.mjs                      all sections, 1k / 10k / 100k purchases
//   node scripts/bench/run.mjs api --sizes=1000     one section, one size
// Sections: function (function.ts: the Lambda bundle), api and web (stack-sections.ts: one local
// stack, the data grown through the sizes), burst (burst.ts; BURST_SECONDS=5 BURST_CLIENTS=1,8
// for a short run).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
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

register();
const { printBudgets } = await import('./table.ts');
const sections = {};
const budgets = [];
if (want('function')) {
  try {
    const { measureFunction } = await import('./function.ts');
    const measured = await measureFunction((line) => console.log(line));
    sections.function = measured.result;
    budgets.push(...measured.budgets);
  } catch (error) {
    console.error(`  the function section failed; the other sections go on:\n${error?.stack ?? error}`);
  }
}
if (want('api') || want('web') || want('burst')) {
  const { runBench } = await import('./stack-sections.ts');
  const measured = await runBench({ sizes, api: want('api'), web: want('web'), burst: want('burst') });
  for (const name of ['api', 'web', 'burst']) if (measured[name]) sections[name] = measured[name];
  budgets.push(...measured.budgets);
}
printBudgets(budgets);

const previous = readResults();
const results = {
  ...previous,
  generatedAt: new Date().toISOString(),
  node: process.versions.node,
  arch: process.arch,
  sections: { ...(previous.sections ?? {}), ...sections },
  budgets: budgets.length ? budgets : previous.budgets,
};
mkdirSync(resolve(resultsFile, '..'), { recursive: true });
writeFileSync(resultsFile, JSON.stringify(results, null, 2) + '\n');
console.log(`\nWritten to bench/results.json (${((performance.now() - started) / 1000).toFixed(0)} s in all)`);
process.exitCode = 0;
