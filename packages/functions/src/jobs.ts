import { Resource } from 'sst';
import { createDb, type Db } from '@event-admin/core/db/client';
import { runPendingJobs } from '@event-admin/core/jobs/index';
import type { LinkedResources } from './config.ts';

/** Left of the function's time when the budget ends: the step under way finishes, its progress saved. */
const reserveMs = 15_000;

let db: Db | undefined;

/**
 * The jobs function (infra/jobs.ts): run every minute by the cron and after a rename by the API's
 * asynchronous invoke. It works the pending jobs until shortly before its timeout; what is left,
 * or cut off, the next run resumes from the last saved step.
 */
export async function handler(_event: unknown, context?: { getRemainingTimeInMillis?: () => number }) {
  db ??= createDb({ tableName: (Resource as unknown as Pick<LinkedResources, 'Table'>).Table.name, region: process.env.AWS_REGION });
  const remaining = context?.getRemainingTimeInMillis?.() ?? 60_000;
  const result = await runPendingJobs(db, { budgetMs: Math.max(0, remaining - reserveMs) });
  // One line per run in CloudWatch: what was done and whether work is left for the next.
  console.log(JSON.stringify({ jobs: result }));
  return result;
}
