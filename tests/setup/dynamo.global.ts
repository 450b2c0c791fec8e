import type { TestProject } from 'vitest/node';
import { startDynamoLocal, type LocalDynamo } from '@event-admin/functions/local/dynamo-local';
import { warmDynamoLocal } from './dynamo-warm.ts';

/** Starts the store and warms it. */
async function startWarm() {
  const dynamo = await startDynamoLocal({});
  const started = performance.now();
  await warmDynamoLocal(dynamo.endpoint);
  console.log(`DynamoDB Local warmed in ${Math.round(performance.now() - started)} ms`);
  return dynamo;
}

/** `count` stores started side by side; if one fails, the others are stopped too. */
async function startStores(count: number) {
  const started = await Promise.allSettled(Array.from({ length: count }, () => startWarm()));
  const failed = started.find((result) => result.status === 'rejected');
  const stores = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  if (!failed) return stores;
  await Promise.all(stores.map((store) => store.stop()));
  throw failed.reason;
}

/** The stores of this vitest process, and how many projects use them. */
const shared = globalThis as { apiSuiteStores?: { users: number; stores: Promise<LocalDynamo[]> } };

/**
 * In-memory DynamoDB Locals for the integration suite, one for each worker (suite-store.ts picks
 * a worker's own; vitest.config.ts says how many); each test file makes its own table. One store for
 * two files at a time made a file's requests wait behind the other's bulk import past the client's
 * 2 s timeout (DynamoDB Local runs its writes one at a time). Its projects (integration,
 * integration-lambda) share them when they run in one process: their JVMs and compiled code once, not twice.
 */
export default async function setup(project: TestProject) {
  // a project's own maxWorkers when it sets one, else the run's (resolved to a number)
  const count = Math.max(1, Number(project.config.maxWorkers ?? project.globalConfig.maxWorkers) || 1);
  const entry = (shared.apiSuiteStores ??= { users: 0, stores: startStores(count) });
  entry.users += 1;
  const stores = await entry.stores;
  project.provide(
    'dynamoEndpoints',
    stores.map((store) => store.endpoint),
  );
  return async () => {
    if (--entry.users > 0) return;
    shared.apiSuiteStores = undefined;
    await Promise.all(stores.map((store) => store.stop()));
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** the integration suite's stores, one for each worker (dynamo.global.ts; suite-store.ts) */
    dynamoEndpoints: string[];
    /** the e2e servers, one for each file running at once (tests/setup/server.global.ts) */
    baseUrls: string[];
    /** the e2e workers' Chromiums, one for each, as baseUrls (tests/setup/server.global.ts) */
    browserEndpoints: string[];
    /** when every e2e server must answer its health check (ms since the epoch) */
    serversReadyBy: number;
    adminPassword: string;
  }
}
