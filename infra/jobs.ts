import { nodeFunction } from './runtime.ts';
import { table } from './storage.ts';

/**
 * The background worker (packages/functions/src/jobs.ts): runs the data migrations a table has not
 * recorded, then the pending jobs (a renamed event's title put on its purchases, an erasure's
 * history) and the sweeps (the days that are over folded), in steps that save their progress, for
 * a little less than its timeout. `npm start` runs the same in its own process instead.
 */
export const jobs = new sst.aws.Function('Jobs', {
  ...nodeFunction,
  handler: 'packages/functions/src/jobs.handler',
  memory: '512 MB',
  timeout: '60 seconds',
  link: [table],
});

/**
 * Every minute, whether or not the API kicked it: a job whose run was cut off (timeout, crash)
 * resumes from its last saved step, and one queued while no kick got through is not forgotten.
 */
export const jobsCron = new sst.aws.Cron('JobsCron', {
  function: jobs.arn,
  schedule: 'rate(1 minute)',
});

/**
 * Each deploy invokes it once, waiting for the answer, with `migrate`: it fails (and the deploy
 * with it) unless every data migration is recorded, and the API (infra/api.ts) is updated only
 * after it, so the new code never reads a table in the shape it no longer reads.
 */
export const migrations = new aws.lambda.Invocation('JobsMigrations', {
  functionName: jobs.name,
  input: JSON.stringify({ migrate: true }),
  // a new value on every deploy: invoked again each time (it does nothing once all are recorded)
  triggers: { deployedAt: new Date().toISOString() },
});
