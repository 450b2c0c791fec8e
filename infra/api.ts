import { table } from './storage.ts';

/** Set per stage with `npx sst secret set AdminPassword <password>`; the API refuses to start without it. */
export const adminPassword = new sst.Secret('AdminPassword');

/**
 * A random value only CloudFront and the function know. The Router's viewer-request function
 * (infra/web.ts) sends it with CloudFront's viewer address; the function believes that address
 * only when it comes with this value (packages/functions/src/client-address.ts).
 */
export const originSecretValue = new random.RandomPassword('OriginSecretValue', { length: 48, special: false });
export const originSecret = new sst.Linkable('OriginSecret', { properties: { value: originSecretValue.result } });

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
  // Whole lists and exports stream out as they are read (hono's streamHandle in lambda.ts), so
  // none is cut at the 6 MB of a buffered answer. CloudFront's 20 s read timeout is for the first
  // byte and between packets, not for a whole streamed answer, so a long export may run longer.
  streaming: true,
  timeout: '60 seconds',
  link: [table, adminPassword, originSecret],
  // Same origin behind CloudFront, so no CORS. Streaming makes it a RESPONSE_STREAM Function URL.
  url: { cors: false },
  // As scripts/bundle-function.mjs, which `npm run bench` measures (a test keeps them equal).
  nodejs: { format: 'esm', minify: true, esbuild: { mainFields: ['module', 'main'] } },
});
