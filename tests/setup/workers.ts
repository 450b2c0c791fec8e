/**
 * This worker's own of `list`, one per worker (VITEST_POOL_ID, 1 to maxWorkers): the browser
 * suite's servers and Chromiums (server.global.ts), the integration suite's stores (dynamo.global.ts).
 */
export const workersOwn = <T>(list: readonly T[]): T => list[(Number(process.env.VITEST_POOL_ID ?? 1) - 1) % list.length]!;
