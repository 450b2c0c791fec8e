import { Hono } from 'hono';
import { streamHandle } from 'hono/aws-lambda';
import type { Writable } from 'node:stream';
import { Resource } from 'sst';
import { createDb } from '@event-admin/core/db/client';
import { createApp } from './app.ts';
import { compression } from './compress.ts';
import { awsConfig, type AppConfig, type LinkedResources } from './config.ts';
import type { RequestLog } from './request-log.ts';

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
 * The same Hono app the local server mounts, as a streaming Function URL handler: whole lists
 * and exports flow out as they are read, so none is cut at the buffered 6 MB limit. CloudFront
 * compresses only answers with a Content-Length, so the function compresses its own, as `npm
 * start` does. Request log lines go to stdout, which Lambda sends to CloudWatch as they are.
 */
export function createHandler(config: AppConfig, log?: RequestLog): StreamingHandler {
  const api = createApp({ db: createDb(config), config, log });
  const app = new Hono();
  app.use('*', compression());
  // client-address.ts trusts CloudFront's viewer address only on proof of this secret.
  app.all('*', (c) => api.fetch(c.req.raw, { ...(c.env as object), originSecret: config.originSecret }));
  return streamHandle(app) as unknown as StreamingHandler;
}

let live: StreamingHandler | undefined;
const fromResources = () => createHandler(awsConfig(Resource as unknown as LinkedResources, process.env));

// On Lambda the app is built during init (boosted CPU, and a missing secret fails the start
// instead of the first request); elsewhere, e.g. tests, only when first invoked.
if (process.env.AWS_LAMBDA_FUNCTION_NAME) live = fromResources();

/** Marked for response streaming here, at load: the runtime reads the mark on the exported handler. */
export const handler = streamingRuntime().streamifyResponse((event, responseStream, context) => {
  live ??= fromResources();
  return live(event, responseStream, context);
});
