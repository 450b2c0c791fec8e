// Bundles the API Lambda (packages/functions/src/lambda.ts) the way it ships: a minified,
// tree-shaken ESM file, and chunks for what it imports only when a request needs it (the PDF
// writer and QR encoder of tickets.pdf, the Lambda client that wakes the jobs function): a cold
// start loads the entry and the chunks it imports statically, not those. `npm run bundle` writes it to packages/functions/dist/lambda;
// npm run bench (scripts/bench/function.ts) measures it. infra/api.ts gives SST's bundler the same settings.
import * as esbuild from 'esbuild';
import { mkdirSync, rmSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const root = resolve(fileURLToPath(import.meta.url), '../..');
export const entry = resolve(root, 'packages/functions/src/lambda.ts');
export const outdir = resolve(root, 'packages/functions/dist/lambda');

/** The settings infra/api.ts also gives SST's bundler (tests/unit/sst-config.test.ts keeps them equal). */
export const shared = {
  format: 'esm',
  minify: true,
  // ES builds of the SDK tree-shake far better than its CommonJS ones (about 200 KB less).
  mainFields: ['module', 'main'],
  // dynamic import() becomes a chunk of its own, loaded when first asked for
  splitting: true,
};

/**
 * `bundled`: the AWS SDK v3 clients go into the file, minified and tree-shaken (what ships).
 * `external`: they stay out and come from the Lambda Node runtime's own copy (compared in the bench).
 */
export async function bundleFunction({ sdk = 'bundled', dir = outdir } = {}) {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const outfile = resolve(dir, 'lambda.mjs');
  const result = await esbuild.build({
    entryPoints: [entry],
    outdir: dir,
    entryNames: '[name]',
    chunkNames: 'chunks/[name]-[hash]',
    outExtension: { '.js': '.mjs' },
    splitting: shared.splitting,
    bundle: true,
    platform: 'node',
    target: 'node22',
    format: shared.format,
    mainFields: shared.mainFields,
    minify: shared.minify,
    treeShaking: true,
    legalComments: 'none',
    define: { 'process.env.NODE_ENV': '"production"' },
    external: sdk === 'external' ? ['@aws-sdk/*'] : [],
    // Bundled CommonJS code still calls require('node:https'); in an ES module that needs a real
    // `require` (STACK-NOTES: "Dynamic require of node:https"). SST's bundler adds the same banner.
    banner: { js: "import{createRequire as __cr}from'node:module';const require=__cr(import.meta.url);" },
    metafile: true,
    logLevel: 'warning',
  });
  const { bytes, lazyBytes } = loadedBytes(result.metafile, relative(process.cwd(), outfile));
  return { outfile, bytes, lazyBytes, metafile: result.metafile };
}

/** The bytes a cold start loads (the entry and every chunk it imports statically, transitively), and the rest (loaded on demand). */
function loadedBytes(metafile, entryFile) {
  const outputs = metafile.outputs;
  if (!outputs[entryFile]) throw new Error(`esbuild wrote no ${entryFile}`);
  const loaded = new Set();
  const visit = (file) => {
    if (loaded.has(file) || !outputs[file]) return;
    loaded.add(file);
    for (const i of outputs[file].imports) if (i.kind === 'import-statement') visit(i.path);
  };
  visit(entryFile);
  const sizes = Object.entries(outputs).filter(([file]) => file.endsWith('.mjs'));
  const bytes = sizes.filter(([file]) => loaded.has(file)).reduce((sum, [, o]) => sum + o.bytes, 0);
  const lazyBytes = sizes.filter(([file]) => !loaded.has(file)).reduce((sum, [, o]) => sum + o.bytes, 0);
  return { bytes, lazyBytes };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const external = process.argv.includes('--external-sdk');
  const { outfile, bytes, lazyBytes } = external
    ? await bundleFunction({ sdk: 'external', dir: `${outdir}-external-sdk` })
    : await bundleFunction();
  console.log(
    `${outfile.slice(root.length + 1)}: ${bytes} bytes at a cold start, ${lazyBytes} more on demand (AWS SDK ${external ? 'external' : 'bundled'})`,
  );
}
