import { Hono, type MiddlewareHandler } from 'hono';
// Deprecated in hono 4.13 for `@hono/aws-lambda`, which is not on the npm registry yet: kept
// until it is (hono 5 removes this subpath).
import { streamHandle } from 'hono/aws-lambda';
import type { Writable } from 'node:stream';
import { Resource } from 'sst';
import { createDb } from '@event-admin/core/db/client';
import { counterRefresh } from '@event-admin/core/event/counters';
import type { JobKick } from '@event-admin/core/jobs/index';
import type { LambdaClient } from '@aws-sdk/client-lambda';
import { createApp } from './app.ts';
import { cameThroughRouter } from './client-address.ts';
import { awsConfig, type AppConfig, type LinkedResources } from './config.ts';
import type { RequestLog } from './request-log.ts';

// Each instance serves one request at a time: an event's copy of its counters is refreshed at
// most once a second per instance (event/counters.ts), however many buyers it serves.
if (process.env.COUNTER_REFRESH_MS === undefined) counterRefresh.intervalMs = 1000;

/** A response-streaming handler: Lambda hands it the event and a writable stream for the answer. */
export type StreamingHandler = (event: unknown, responseStream: Writable, context: unknown) => Promise<void>;

/** What Lambda's Node.js runtime provides as the global `awslambda` (docs/aws.md). */
interface LambdaStreamingRuntime {
  streamifyResponse(handler: StreamingHandler): StreamingHandler;
}

function streamingRuntime(): LambdaStreamingRuntime {
  const runtime = (globalThis as { awslambda?: LambdaStreamingRuntime }).awslambda;
  if (!runtime?.streamifyResponse) {
    throw new Error('awslambda.streamifyResponse is missing: this module runs in the Lambda Node.js runtime, which streams its answers.');
  }
  return runtime;
}

/**
 * The Function URL is public: SST's Router reaches it as a plain HTTPS origin. Only a request
 * carrying the origin secret, which the Router's viewer-request function adds (infra/web.ts),
 * came through CloudFront; anything else is refused before the app sees it, /api/health
 * included, since nothing on AWS needs to reach the function except through the Router.
 */
function throughRouterOnly(originSecret: string): MiddlewareHandler {
  return async (c, next) => {
    if (!cameThroughRouter(c, originSecret)) return c.text("This API answers only at the app's own address", 403);
    await next();
  };
}

/**
 * The same Hono app the local server mounts, as a streaming Function URL handler: whole lists
 * and exports flow out as they are read, so none is cut at the buffered 6 MB limit. Unlike `npm
 * start`, it compresses nothing: a streaming Function URL decompresses an encoded answer and
 * drops its Content-Encoding, and behind CloudFront that can end in 502s
 * (aws-lambda-nodejs-runtime-interface-client#96; docs/aws.md). Request log lines go to stdout,
 * which Lambda sends to CloudWatch as they are.
 */
export function createHandler(config: AppConfig, log?: RequestLog, jobs?: JobKick): StreamingHandler {
  const { originSecret } = config;
  if (!originSecret) throw new Error('The origin secret is not linked to this function (OriginSecret, infra/api.ts).');
  const api = createApp({ db: createDb(config), config, log, jobs });
  const app = new Hono();
  app.use('*', throughRouterOnly(originSecret));
  // client-address.ts trusts CloudFront's viewer address only on proof of this secret.
  app.all('*', (c) => api.fetch(c.req.raw, { ...(c.env as object), originSecret }));
  return streamHandle(app) as unknown as StreamingHandler;
}

/**
 * Starts the jobs function (infra/jobs.ts) with an asynchronous invoke: the answer waits for
 * Lambda to accept the event (milliseconds), never for the work. A kick that fails only delays
 * the work to the next minute's cron run, so it is logged, not thrown.
 */
export function invokeJobs(functionName: string): JobKick {
  let client: LambdaClient | undefined;
  return {
    async kick() {
      try {
        // Loaded by the first rename, not by every cold start.
        const { InvokeCommand, LambdaClient } = await import('@aws-sdk/client-lambda');
        client ??= new LambdaClient({});
        await client.send(new InvokeCommand({ FunctionName: functionName, InvocationType: 'Event' }));
      } catch (error) {
        console.error(`Could not start ${functionName}; the cron runs the jobs within a minute.`, error);
      }
    },
  };
}

let live: StreamingHandler | undefined;
const fromResources = () => {
  const resources = Resource as unknown as LinkedResources;
  // SST's Resource throws on a name that is not linked: ask first (a stage without the jobs function).
  const jobs = 'Jobs' in resources && resources.Jobs ? invokeJobs(resources.Jobs.name) : { kick: async () => {} };
  return createHandler(awsConfig(resources, process.env), undefined, jobs);
};

// On Lambda the app is built during init (boosted CPU, and a missing secret fails the start
// instead of the first request); elsewhere, e.g. tests, only when first invoked.
if (process.env.AWS_LAMBDA_FUNCTION_NAME) live = fromResources();

/** Marked for response streaming here, at load: the runtime reads the mark on the exported handler. */
export const handler = streamingRuntime().streamifyResponse((event, responseStream, context) => {
  live ??= fromResources();
  return live(event, responseStream, context);
});
