import { randomUUID } from 'node:crypto';
import type { Db } from '../db/client.ts';
import { claimJob, finishJob, getJobItem, pendingJobItems, releaseJob, saveJobCursor, type JobItem } from './job.repo.ts';
import type { DefinedJob, Registry, StepResult } from './registry.ts';

export { defineJob, type DefinedJob, type Registry, type Sweep } from './registry.ts';

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
  /** steps run, items they read and changed */
  steps: number;
  read: number;
  changed: number;
  /** sweeps run (registry.ts), and what they changed */
  swept: number;
  /** true when the run stopped for its budget with work left */
  more: boolean;
}

const jobsPerRun = 25;

/**
 * Works the pending jobs (oldest queued first) a step at a time within a time budget, then the
 * sweeps. After each step the job's cursor is saved, so a run cut off anywhere resumes from the
 * last saved step. A worker holds a job with a lease, so two runs (a timer and a kick, a cron and
 * an invoke) never work one job at once; a job queued again meanwhile makes the holder start over
 * with the new payload, and a job is deleted only if it was not queued again after the one applied.
 */
export async function runPendingJobs(db: Db, registry: Registry, options: RunOptions): Promise<RunResult> {
  // a long job (a rebuild of the day figures) leaves the last quarter to the sweeps, so the fold
  // and the lapsed holds are not put off until it ends
  const run = jobRun(options, 0.25);
  const pending = await pendingJobItems(db, jobsPerRun);
  for (const [i, queued] of pending.entries()) {
    if (run.jobsOutOfTime()) {
      run.result.more = true;
      break;
    }
    const kind = registry.jobs.find((k) => k.kind === queued.kind);
    // With others waiting, a job gets half of the time left, so a long one (a rebuild of the day
    // figures) does not hold up an erasure queued after it. A kind this code does not know (a
    // newer version queued it) is left for a runner that does.
    const slice = i < pending.length - 1 ? (run.jobsDeadline - Date.now()) / 2 : Infinity;
    if (kind) await workJob(db, kind, queued, run, Date.now() + slice);
  }
  for (const sweep of registry.sweeps) {
    if (run.outOfTime()) {
      run.result.more = true;
      break;
    }
    const done = await sweep.run(db, { now: new Date(), outOfTime: run.outOfTime });
    run.result.swept += 1;
    run.result.changed += done.changed;
    run.result.more ||= done.more;
  }
  return run.result;
}

/**
 * Works one job now, within a time budget, if no other worker holds it: what a write that must
 * answer quickly but would rather finish at once calls (an erasure). True when the job is done
 * (or was already: no job left under that name).
 */
export async function runJobNow<P>(db: Db, kind: DefinedJob<P>, targetId: string, options: RunOptions): Promise<boolean> {
  const queued = await getJobItem(db, kind.kind, targetId);
  if (!queued) return true;
  const run = jobRun(options);
  await workJob(db, kind, queued, run);
  return run.result.finished > 0;
}

/** One run's budget, identity and tally; `sweepShare`: the part of the budget jobs leave to the sweeps. */
function jobRun(options: RunOptions, sweepShare = 0) {
  const deadline = Date.now() + options.budgetMs;
  const jobsDeadline = Date.now() + options.budgetMs * (1 - sweepShare);
  const result: RunResult = { finished: 0, steps: 0, read: 0, changed: 0, swept: 0, more: false };
  return {
    owner: randomUUID(),
    pageSize: options.pageSize ?? 200,
    leaseMs: options.leaseMs ?? 30_000,
    result,
    outOfTime: () => result.steps > 0 && Date.now() >= deadline,
    jobsDeadline,
    jobsOutOfTime: () => result.steps > 0 && Date.now() >= jobsDeadline,
  };
}

/**
 * Claims a job and works it a step at a time until it is done or the run (or the job's slice of
 * it, `until`) is out of time: then the job is released with its cursor saved, and `more` set.
 */
async function workJob<P>(db: Db, kind: DefinedJob<P>, queued: JobItem, run: ReturnType<typeof jobRun>, until = Infinity) {
  const { owner, result } = run;
  if (!(await claimJob(db, queued, owner, Date.now(), Date.now() + run.leaseMs))) return;
  let job: JobItem | undefined = queued;
  while (job) {
    const step: StepResult = await kind.step(db, { targetId: job.targetId, payload: kind.payload.parse(job) }, job.cursor, run.pageSize);
    result.steps += 1;
    result.read += step.read;
    result.changed += step.changed;
    const saved =
      step.cursor === null ? await finishJob(db, job, owner) : await saveJobCursor(db, job, owner, step.cursor, Date.now() + run.leaseMs);
    if (saved && step.cursor === null) {
      result.finished += 1;
      return;
    }
    if (saved) job = { ...job, cursor: step.cursor! };
    // Queued again meanwhile (a newer name, its cursor reset): go on with it while the lease is ours.
    else job = await getJobItem(db, job.kind, job.targetId).then((now) => (now?.leaseOwner === owner ? now : undefined));
    if (job && (run.jobsOutOfTime() || Date.now() >= until)) {
      await releaseJob(db, job, owner);
      result.more = true;
      return;
    }
  }
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
export function backgroundJobs(db: Db, registry: Registry, options: { budgetMs?: number; onError?: (error: unknown) => void } = {}) {
  let running: Promise<void> | undefined;
  let again = false;
  const budgetMs = options.budgetMs ?? 10_000;
  const onError = options.onError ?? ((error: unknown) => console.error('Background jobs stopped:', error));
  const loop = async () => {
    let more = true;
    while (more || again) {
      again = false;
      more = (await runPendingJobs(db, registry, { budgetMs })).more;
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
