// Every kind of background work, in one list: the jobs a write queues (each defined beside the
// feature it serves) and the sweeps every run looks for. The runners (jobs/index.ts) are given
// this list and know no kind by name; `npm start` (local/main.ts) and the AWS jobs function
// (functions/src/jobs.ts) run the same one. A new kind of job is one line here.
import { foldDaysSweep } from './counters/fold.ts';
import { rebuildDaysJob } from './counters/rebuild.job.ts';
import { erasureJob } from './customer/erasure.job.ts';
import { renameCustomerJob } from './customer/rename.job.ts';
import type { Db } from './db/client.ts';
import { renameEventJob } from './event/rename.job.ts';
import { lapsedHoldsSweep } from './hold/hold.repo.ts';
import { soldOutChecksSweep } from './order/sold-out.ts';
import { ticketRecordsSweep } from './ticket/records.sweep.ts';
import { backgroundJobs as inProcess, runPendingJobs, type Registry, type RunOptions } from './jobs/index.ts';

export const background: Registry = {
  jobs: [renameEventJob, renameCustomerJob, erasureJob, rebuildDaysJob],
  sweeps: [foldDaysSweep, lapsedHoldsSweep, ticketRecordsSweep, soldOutChecksSweep],
};

/** One run of every pending job and sweep within a time budget (the AWS jobs function, the tests). */
export const runBackground = (db: Db, options: RunOptions) => runPendingJobs(db, background, options);

/** The in-process worker `npm start` and the local tests run (jobs/index.ts: backgroundJobs). */
export const backgroundJobs = (db: Db, options?: Parameters<typeof inProcess>[2]) => inProcess(db, background, options);
