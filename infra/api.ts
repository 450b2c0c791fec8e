import { table } from './storage.ts';

/** Set per stage with `npx sst secret set AdminPassword <password>`; the API refuses to start without it. */
export const adminPassword = new sst.Secret('AdminPassword');

/**
 * The Hono app, the very one `npm start` serves, as one Lambda. The Router (infra/web.ts) puts
 * it on the app's own domain; the session cookie is only ever sent there.
 */
export const api = new sst.aws.Function('Api', {
  handler: 'packages/functions/src/lambda.handler',
  runtime: 'nodejs22.x',
  architecture: 'arm64',
  // Lambda's CPU grows with memory: 1 GB keeps cold starts and scrypt sign-ins quick.
  memory: '1024 MB',
  // CloudFront gives up on an origin after 20 s by default; running longer would only cost.
  timeout: '20 seconds',
  link: [table, adminPassword],
  // Same origin behind CloudFront, so no CORS.
  url: { cors: false },
  // As scripts/bundle-function.mjs, which `npm run bench` measures (a test keeps them equal).
  nodejs: { format: 'esm', minify: true, esbuild: { mainFields: ['module', 'main'] } },
});
