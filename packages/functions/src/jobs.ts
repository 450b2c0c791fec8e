import { Resource } from 'sst';
import { background } from '@event-admin/core/background';
import { createDb, type Db } from '@event-admin/core/db/client';
import { runPendingJobs } from '@event-admin/core/jobs/index';
import { runMigrations } from '@event-admin/core/maintenance/migrations';
import type { LinkedResources } from './config.ts';

/** Left of the function's time when the budget ends: the step under way finishes, its progress saved. */
const reserveMs = 15_000;

let db: Db | undefined;

/** What a deploy sends (infra/jobs.ts): the data migrations must be done, or the deploy stops there. */
export interface JobsEvent {
  migrate?: boolean;
}

/**
 * The jobs function (infra/jobs.ts): run every minute by the cron, after a rename or an erasure by
 * the API's asynchronous invoke, and by each deploy before the new API goes live. It runs the
 * data migrations this table has not recorded (core/maintenance/migrations.ts), then the pending
 * jobs and sweeps (core/background.ts) until shortly before its timeout; what is left, or cut
 * off, the next run resumes. While a migration is still running, the sweeps wait for it (they
 * read what it converts); the queued jobs do not.
 */
export async function handler(event: JobsEvent | undefined, context?: { getRemainingTimeInMillis?: () => number }) {
  db ??= createDb({ tableName: (Resource as unknown as Pick<LinkedResources, 'Table'>).Table.name, region: process.env.AWS_REGION });
  const remaining = () => Math.max(0, (context?.getRemainingTimeInMillis?.() ?? 60_000) - reserveMs);
  const migrations = await runMigrations(db, { budgetMs: remaining() });
  if (event?.migrate && migrations.pending.length) {
    // A deploy's invoke fails, and with it the deploy, before the API that relies on them goes live.
    throw new Error(
      `Data migrations still running: ${migrations.pending.join(', ')}. Deploy again once the jobs function has finished them.`,
    );
  }
  const registry = migrations.pending.length ? { ...background, sweeps: [] } : background;
  const result = await runPendingJobs(db, registry, { budgetMs: remaining() });
  // One line per run in CloudWatch: what was done and whether work is left for the next.
  console.log(JSON.stringify({ migrations, jobs: result }));
  return { migrations, jobs: result };
}
