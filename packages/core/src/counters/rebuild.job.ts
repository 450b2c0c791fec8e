import { PutCommand, QueryCommand, type PutCommandInput } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import type { Db } from '../db/client.ts';
import { keys } from '../db/keys.ts';
import { conditional } from '../db/write.ts';
import { decodePosition, defineJob, encodePosition, type StepResult } from '../jobs/registry.ts';
import { dayStatePut, forgetDayZone, readDayState, zoneCacheMs, type DayState } from './day-zone.ts';
import { addDays, zoneDay } from './figures.ts';
import { markFolded } from './fold.ts';
import { countRecords } from './rebuild-records.ts';
import { copyViewsStep, firstCopyDay } from './views-copy.ts';

// A change of the business's zone (settings/index.ts) starts the next generation of day figures
// (`next` in the day state: counters/day-zone.ts) and queues this job. From then on every writer
// writes the current generation as before and also the next one, for the records the next one
// already counts (new ones, and those this job has passed). The job:
// 1. waits `settleMs` from the change, so that every process has read it;
// 2. passes over every transaction (each shard of their index) and customer, counting each one
//    not counted yet into the next generation (counters/rebuild-records.ts);
// 3. sets the next generation's fold mark and makes it the one readers read (`copyViews` pending);
// 4. waits `settleMs` again, so every process writes page views there, then copies the old
//    generation's page views into it (counters/views-copy.ts), and clears `copyViews`.
// Every step is safe to repeat; a newer change of zone queues this job again (same target, so the
// cursor starts over) with a newer generation, and a run for an older one ends on its own.

/** The one job item all changes of zone share: queued again, the newest generation wins. */
export const rebuildDaysTarget = 'days';

/**
 * How long after a change every writer is sure to know it: the cached state's life and a margin
 * for a write under way. `DAY_REBUILD_SETTLE_MS` shortens it where one process does all the
 * writing and forgets its cache on the save (the integration tests), never on AWS.
 */
export const settleMs = () => Number(process.env.DAY_REBUILD_SETTLE_MS) || zoneCacheMs + 10_000;

type Position = { copy: true; day?: string } | { part: number; after?: Record<string, unknown> };

/** The partitions the pass reads, in turn: the transactions index's shards, then the customers. */
const partitions = () => [
  ...keys.transactionsPartitions().map((pk) => ({ pk, kind: 'transaction' as const })),
  { pk: keys.customersByCreated('', '').gsi1pk, kind: 'customer' as const },
];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** How long until `at` has settled; a step before then waits a little and leaves the cursor as it is. */
const unsettled = (at: string) => Math.max(0, Date.parse(at) + settleMs() - Date.now());

async function waitStep(left: number, position: Position): Promise<StepResult> {
  await sleep(Math.min(left, 1_000));
  return { read: 0, changed: 0, cursor: encodePosition(position) };
}

/** Saves a new day state if it is still the one read (false: it moved on; the next step reads it again). */
async function saveState(db: Db, seen: DayState, next: Omit<DayState, 'v'>) {
  const put = dayStatePut(seen, next).Put as Omit<PutCommandInput, 'TableName'>;
  const saved = await conditional(db.doc.send(new PutCommand({ TableName: db.tableName, ...put })));
  forgetDayZone(db);
  return saved;
}

/** The old generation's page views, copied into the current one once every writer writes there. */
async function copyStep(db: Db, state: DayState, position: { day?: string }): Promise<StepResult> {
  const copy = state.copyViews!;
  const left = unsettled(copy.at);
  if (left) return waitStep(left, { copy: true, ...position });
  const day = position.day ?? (await firstCopyDay(db, copy.zone));
  const done = await copyViewsStep(db, copy, state.gen, day);
  if (done.next) return { read: done.read, changed: done.changed, cursor: encodePosition({ copy: true, day: done.next }) };
  const { copyViews, ...rest } = state;
  await saveState(db, state, rest);
  return { read: done.read, changed: done.changed + (copyViews ? 1 : 0), cursor: encodePosition({ copy: true }) };
}

export const rebuildDaysJob = defineJob({
  kind: 'rebuild-days',
  payload: z.object({ gen: z.number().int().positive() }),
  async step(db, { payload }, cursor, limit): Promise<StepResult> {
    const state = await readDayState(db);
    const position = decodePosition<Position>(cursor) ?? { copy: true };
    // a copy left from an earlier switch goes first: the next switch would copy from this generation
    if ('copy' in position && state.copyViews) return copyStep(db, state, position);
    const next = state.next;
    if (!next || next.gen !== payload.gen) return { read: 0, changed: 0, cursor: null }; // done, or a newer change took over
    const at = 'copy' in position ? { part: 0 } : position;
    const left = unsettled(next.since);
    if (left) return waitStep(left, at);
    const gen = { gen: next.gen, zone: next.zone };
    const all = partitions();
    const partition = all[at.part];
    if (partition) {
      const page = await db.doc.send(
        new QueryCommand({
          TableName: db.tableName,
          IndexName: 'gsi1',
          KeyConditionExpression: 'gsi1pk = :pk',
          ExpressionAttributeValues: { ':pk': partition.pk },
          Limit: limit,
          ExclusiveStartKey: at.after,
        }),
      );
      const items = page.Items ?? [];
      const changed = await countRecords(db, partition.kind, items, gen);
      const after = page.LastEvaluatedKey;
      return { read: items.length, changed, cursor: encodePosition(after ? { part: at.part, after } : { part: at.part + 1 }) };
    }
    // Every record is counted. Days before the change's (a day's margin for clocks) have no shard
    // of the new generation: its fold starts there. Then readers switch to it.
    await markFolded(db, addDays(zoneDay(next.since, next.zone), -1), next.gen);
    const switched = await saveState(db, state, {
      gen: next.gen,
      zone: next.zone,
      copyViews: { from: state.gen, zone: state.zone, at: new Date().toISOString() },
    });
    return { read: 0, changed: switched ? 1 : 0, cursor: encodePosition({ copy: true }) };
  },
});
