import type { z } from 'zod';
import type { Db } from '../db/client.ts';
import type { TransactItem } from '../db/write.ts';
import { queueJob } from './job.repo.ts';

/** One step's outcome: items read and changed, and where the next step begins (null: the job is done). */
export interface StepResult {
  read: number;
  changed: number;
  cursor: string | null;
}

/**
 * A kind of background job: defined beside the feature it serves (customer/erasure.job.ts,
 * event/rename.job.ts, ...) and listed in core/background.ts, which the runners are given. The
 * runner (jobs/index.ts) knows a kind only by this shape.
 */
export interface JobKind<P> {
  kind: string;
  /** what a job of this kind is queued with: stored on the job item, parsed back for each step */
  payload: z.ZodType<P>;
  /** one step from `cursor` (absent: from the beginning), evaluating at most about `limit` items; each safe to repeat */
  step(db: Db, job: { targetId: string; payload: P }, cursor: string | null | undefined, limit: number): Promise<StepResult>;
}

export interface DefinedJob<P> extends JobKind<P> {
  /** the job queued (again), to ride in the transaction that makes it necessary */
  queue(targetId: string, payload: P, now: Date): TransactItem;
}

export function defineJob<P extends Record<string, unknown>>(kind: JobKind<P>): DefinedJob<P> {
  return { ...kind, queue: (targetId, payload, now) => queueJob(kind.kind, targetId, kind.payload.parse(payload) as P, now) };
}

/**
 * Work looked for on every run rather than queued (the fold of the days that are over): cheap
 * when there is nothing to do, safe to repeat and to run twice at once.
 */
export interface Sweep {
  name: string;
  run(db: Db, options: { now: Date; outOfTime: () => boolean }): Promise<{ changed: number; more: boolean }>;
}

/** Every kind of background work a runner works. */
export interface Registry {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each kind parses its own payload
  jobs: readonly DefinedJob<any>[];
  sweeps: readonly Sweep[];
}

/** A step's position as an opaque cursor (base64url JSON): only the kind that wrote it reads it. */
export const encodePosition = (position: object) => Buffer.from(JSON.stringify(position)).toString('base64url');

/** A cursor read back; undefined when absent or unreadable (every step is safe to repeat, so the job starts over). */
export function decodePosition<T extends object>(cursor: string | null | undefined): T | undefined {
  if (!cursor) return undefined;
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (value && typeof value === 'object' && !Array.isArray(value)) return value as T;
  } catch {
    // unreadable: from the beginning
  }
  return undefined;
}
