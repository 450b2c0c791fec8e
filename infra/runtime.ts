/**
 * What every function of the app runs on and how it is bundled: Node 22 on arm64, bundled as
 * scripts/bundle-function.mjs bundles it, which `npm run bench` measures (a test keeps them equal).
 */
export const nodeFunction = {
  runtime: 'nodejs22.x' as const,
  architecture: 'arm64' as const,
  nodejs: { format: 'esm' as const, minify: true, splitting: true, esbuild: { mainFields: ['module', 'main'] } },
};
