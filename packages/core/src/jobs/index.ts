import { randomUUID } from 'node:crypto';
import type { Db } from '../db/client.ts';
import { claimJob, finishJob, getJobItem, pendingJobItems, releaseJob, saveJobCursor, type JobItem } from './job.repo.ts';
import { renameStep } from './rename-step.ts';

export { queueJob, type JobKind } from './job.repo.ts';

export interface RunOptions {
  /** stop starting new steps after this long (a step under way finishes); every run does at least one step */
  budgetMs: number;
  /** purchases evaluated per step */
  pageSize?: number;
  /** how long a worker's hold on a job lasts past its last save: a crashed worker's job is taken over after it */
  leaseMs?: number;
}

export interface RunResult {
  /** jobs completed and deleted */
  finished: number;
  /** steps run, purchases read and purchases renamed */
  steps: number;
  read: number;
  renamed: number;
  /** true when the run stopped for its budget with work left */
  more: boolean;
}

const jobsPerRun = 25;

/**
 * Works the pending jobs (oldest queued first) a step at a time within a time budget. After each
 * step the job's cursor is saved, so a run cut off anywhere resumes from the last saved step. A
 * worker holds a job with a lease, so two runs (a timer and a kick, a cron and an invoke) never
 * work one job at once; a rename queued meanwhile makes the holder start over with the new name,
 * and a job is deleted only if no rename came after the one it applied.
 */
export async function runPendingJobs(db: Db, options: RunOptions): Promise<RunResult> {
  const deadline = Date.now() + options.budgetMs;
  const pageSize = options.pageSize ?? 200;
  const leaseMs = options.leaseMs ?? 30_000;
  const owner = randomUUID();
  const result: RunResult = { finished: 0, steps: 0, read: 0, renamed: 0, more: false };
  const outOfTime = () => result.steps > 0 && Date.now() >= deadline;

  for (const queued of await pendingJobItems(db, jobsPerRun)) {
    if (outOfTime()) {
      result.more = true;
      break;
    }
    if (!(await claimJob(db, queued, owner, Date.now(), Date.now() + leaseMs))) continue;
    let job: JobItem | undefined = queued;
    while (job) {
      const step = await renameStep(db, job, job.cursor, pageSize);
      result.steps += 1;
      result.read += step.read;
      result.renamed += step.renamed;
      const saved =
        step.cursor === null ? await finishJob(db, job, owner) : await saveJobCursor(db, job, owner, step.cursor, Date.now() + leaseMs);
      if (saved && step.cursor === null) {
        result.finished += 1;
        break;
      }
      if (saved) job = { ...job, cursor: step.cursor! };
      // Queued again meanwhile (a newer name, its cursor reset): go on with it while the lease is ours.
      else job = await getJobItem(db, job.kind, job.targetId).then((now) => (now?.leaseOwner === owner ? now : undefined));
      if (job && outOfTime()) {
        await releaseJob(db, job, owner);
        result.more = true;
        return result;
      }
    }
  }
  return result;
}

/** Starts the pending jobs without waiting for them: what a write that queued one calls. */
export interface JobKick {
  kick(): Promise<void>;
}

/**
 * An in-process worker (`npm start`, the local tests): a kick starts a run in the background
 * unless one is going, in which case that run goes round once more, so a job queued during a run
 * is not left for the timer. Runs back to back while a run ends with work left.
 */
export function backgroundJobs(db: Db, options: { budgetMs?: number; onError?: (error: unknown) => void } = {}) {
  let running: Promise<void> | undefined;
  let again = false;
  const budgetMs = options.budgetMs ?? 10_000;
  const onError = options.onError ?? ((error: unknown) => console.error('Background jobs stopped:', error));
  const loop = async () => {
    let more = true;
    while (more || again) {
      again = false;
      more = (await runPendingJobs(db, { budgetMs })).more;
    }
  };
  const kick = () => {
    if (running) again = true;
    else
      running = loop()
        .catch(onError)
        .finally(() => (running = undefined));
    return Promise.resolve();
  };
  return {
    kick,
    /** resolves when no run is going (the tests wait on it) */
    idle: () => running ?? Promise.resolve(),
  };
}
