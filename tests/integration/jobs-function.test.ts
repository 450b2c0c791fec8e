import { afterAll, beforeAll, expect, it } from 'vitest';
import { background } from '@event-admin/core/background';
import { migrations } from '@event-admin/core/maintenance/migrations';
import { startApi, type TestApi } from '../setup/api.ts';
import { suiteStore } from '../setup/suite-store.ts';

// The AWS jobs function (packages/functions/src/jobs.ts) runs the same data migrations `npm start`
// runs, then the jobs and sweeps; a deploy invokes it with `migrate` and must fail while a
// migration is unfinished, so the API that relies on them is not updated (infra/jobs.ts). Run
// here in this process against DynamoDB Local, as Lambda would run it: SST hands it the table by
// its environment, the SDK takes DynamoDB Local's endpoint from its own setting.

let api: TestApi;
beforeAll(async () => {
  api = await startApi();
  const endpoint = suiteStore();
  Object.assign(process.env, {
    SST_RESOURCE_App: JSON.stringify({ name: 'event-admin', stage: 'test' }),
    SST_RESOURCE_Table: JSON.stringify({ name: api.db.tableName, type: 'sst.aws.Dynamo' }),
    AWS_ENDPOINT_URL_DYNAMODB: endpoint,
    AWS_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: 'local',
    AWS_SECRET_ACCESS_KEY: 'local',
  });
});
afterAll(() => api.stop());

const left = (ms: number) => ({ getRemainingTimeInMillis: () => ms });

it("runs the migrations a table has not recorded, then the jobs; a deploy's invoke fails while one is unfinished", async () => {
  const { handler } = await import('@event-admin/functions/jobs');
  const names = migrations.map((m) => m.name);
  // no time left beyond its reserve: none can run, so a deploy's invoke fails, naming them
  await expect(handler({ migrate: true }, left(15_000))).rejects.toThrow(`Data migrations still running: ${names.join(', ')}`);
  // the cron's run, with none run yet, works the jobs but not the sweeps (they read what the migrations convert)
  expect(await handler(undefined, left(15_000))).toMatchObject({ migrations: { ran: {}, pending: names }, jobs: { swept: 0 } });
  // with time: every migration, then the jobs and the sweeps
  const run = await handler(undefined, left(60_000));
  expect(run.migrations).toEqual({ ran: Object.fromEntries(names.map((name) => [name, expect.any(Number)])), pending: [] });
  // every sweep looked for once (the fold, the lapsed holds)
  expect(run.jobs).toMatchObject({ swept: background.sweeps.length, more: false });
  // a deploy's invoke now passes, with nothing left to run
  expect((await handler({ migrate: true }, left(60_000))).migrations).toEqual({ ran: {}, pending: [] });
});
