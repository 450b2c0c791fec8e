import { nodeFunction } from './runtime.ts';
import { table } from './storage.ts';

/**
 * The background worker (packages/functions/src/jobs.ts): works the pending jobs, such as putting
 * a renamed event's title on its purchases, in steps that save their progress, for a little less
 * than its timeout. `npm start` runs the same worker in its own process instead.
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
