// Bundles the API Lambda (packages/functions/src/lambda.ts) the way it ships: one minified,
// tree-shaken ESM file. `npm run bundle` writes it to packages/functions/dist/lambda;
// npm run bench (scripts/bench/function.ts) measures it. infra/api.ts gives SST's bundler the same settings.
import * as esbuild from 'esbuild';
import { mkdirSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
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
};

/**
 * `bundled`: the AWS SDK v3 clients go into the file, minified and tree-shaken (what ships).
 * `external`: they stay out and come from the Lambda Node runtime's own copy (compared in the bench).
 */
export async function bundleFunction({ sdk = 'bundled', dir = outdir } = {}) {
  mkdirSync(dir, { recursive: true });
  const outfile = resolve(dir, 'lambda.mjs');
  const result = await esbuild.build({
    entryPoints: [entry],
    outfile,
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
  return { outfile, bytes: statSync(outfile).size, metafile: result.metafile };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const external = process.argv.includes('--external-sdk');
  const { outfile, bytes } = external ? await bundleFunction({ sdk: 'external', dir: `${outdir}-external-sdk` }) : await bundleFunction();
  console.log(`${outfile.slice(root.length + 1)}: ${bytes} bytes (AWS SDK ${external ? 'external' : 'bundled'})`);
}
