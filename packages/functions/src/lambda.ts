import { handle } from 'hono/aws-lambda';
import { Resource } from 'sst';
import { createDb } from '@event-admin/core/db/client';
import { createApp } from './app.ts';
import { awsConfig, type AppConfig, type LinkedResources } from './config.ts';
import type { RequestLog } from './request-log.ts';

/**
 * The same Hono app the local server mounts, as a Function URL / API Gateway v2 handler. Its
 * request log lines go to stdout, which Lambda sends to CloudWatch as they are.
 */
export function createHandler(config: AppConfig, log?: RequestLog) {
  return handle(createApp({ db: createDb(config), config, log }));
}

type Handler = ReturnType<typeof createHandler>;

let live: Handler | undefined;
const fromResources = () => createHandler(awsConfig(Resource as unknown as LinkedResources, process.env));

// On Lambda the app is built during init (boosted CPU, and a missing secret fails the start
// instead of the first request); elsewhere, e.g. tests, only when first invoked.
if (process.env.AWS_LAMBDA_FUNCTION_NAME) live = fromResources();

export const handler: Handler = (event, context) => {
  live ??= fromResources();
  return live(event, context);
};
