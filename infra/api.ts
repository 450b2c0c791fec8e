import { jobs, migrations } from './jobs.ts';
import { nodeFunction } from './runtime.ts';
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
 * How long a request may run. The Router's route to the function waits as long for an answer
 * (`readTimeout`, infra/web.ts) instead of CloudFront's default 20 s; 60 s is the most CloudFront
 * allows without a quota increase, so the function's timeout stays at it.
 */
export const apiTimeout = '60 seconds';

/**
 * The Hono app, the very one `npm start` serves, as one Lambda. The Router (infra/web.ts) puts
 * it on the app's own domain; the session cookie is only ever sent there.
 */
export const api = new sst.aws.Function(
  'Api',
  {
    ...nodeFunction,
    handler: 'packages/functions/src/lambda.handler',
    // Lambda's CPU grows with memory: 1 GB keeps cold starts and scrypt sign-ins quick.
    memory: '1024 MB',
    // Whole lists and exports stream out as they are read (hono's streamHandle in lambda.ts), so
    // none is cut at the 6 MB of a buffered answer.
    streaming: true,
    timeout: apiTimeout,
    // Jobs: a rename starts the jobs function (an asynchronous invoke) instead of waiting for it.
    link: [table, adminPassword, originSecret, jobs],
    // Same origin behind CloudFront, so no CORS. Streaming makes it a RESPONSE_STREAM Function URL.
    url: { cors: false },
  },
  { dependsOn: [migrations] },
);
