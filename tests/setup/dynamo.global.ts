import type { TestProject } from 'vitest/node';
import { startDynamoLocal, type LocalDynamo } from '@event-admin/functions/local/dynamo-local';
import { warmDynamoLocal } from './dynamo-warm.ts';
import { quickJit } from './jvm.ts';

/** Starts the store and warms it. */
async function startWarm() {
  const javaToolOptions = (process.env.JAVA_TOOL_OPTIONS ?? '').replace(quickJit, '').trim();
  const dynamo = await startDynamoLocal({ javaToolOptions });
  const started = performance.now();
  await warmDynamoLocal(dynamo.endpoint);
  console.log(`DynamoDB Local warmed in ${Math.round(performance.now() - started)} ms`);
  return dynamo;
}

/** The one store of this vitest process, and how many projects use it. */
const shared = globalThis as { apiSuiteStore?: { users: number; dynamo: Promise<LocalDynamo> } };

/**
 * One in-memory DynamoDB Local for the integration suite; each test file makes its own table. Its
 * projects (integration, integration-lambda) share it: one JVM and its compiled code, not two. It
 * serves the whole suite under load, so its JVM keeps both compilers (vitest.config.ts leaves the
 * short-lived ones the quick one): the suite alone took 8 % less CPU with them, the store 9 %.
 */
export default async function setup(project: TestProject) {
  const store = (shared.apiSuiteStore ??= { users: 0, dynamo: startWarm() });
  store.users += 1;
  const dynamo = await store.dynamo;
  project.provide('dynamoEndpoint', dynamo.endpoint);
  return async () => {
    if (--store.users > 0) return;
    shared.apiSuiteStore = undefined;
    await dynamo.stop();
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    dynamoEndpoint: string;
    /** the e2e servers, one for each file running at once (tests/setup/server.global.ts) */
    baseUrls: string[];
    /** the e2e workers' Chromiums, one for each, as baseUrls (tests/setup/server.global.ts) */
    browserEndpoints: string[];
    /** when every e2e server must answer its health check (ms since the epoch) */
    serversReadyBy: number;
    adminPassword: string;
  }
}
