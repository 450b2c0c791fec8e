import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { Db } from '../db/client.ts';
import { batchWrite, forEachLimited, transact, type WriteRequest } from '../db/write.ts';
import { notFound } from '../error.ts';
import { seoItem } from '../seo/seo.repo.ts';
import type { saveSeoInput } from '../seo/seo.schema.ts';
import type { EventFigure, Figures } from '../counters/figures.ts';
import { currentGen, dayState } from '../counters/day-zone.ts';
import { zoneDay } from '../counters/figures.ts';
import { applyMoves, counterWrites, eventCounterPuts } from '../counters/moves.ts';
import { statusCountDeltas } from '../stats/stats.repo.ts';
import { refreshEventCounters } from './counters.ts';
import { eventItem, fromItem, getEventItems } from './event.repo.ts';
import type { createEventInput } from './event.schema.ts';

// Bulk loads (the bench, the import tests): BatchWriteItem for new items, counters applied as sums.

export type ImportEventInput = z.output<typeof createEventInput> & { seo?: Omit<z.output<typeof saveSeoInput>, 'eventId' | 'version'> };

/**
 * Puts many new events at once, each with its counter shards and its SEO record when one is given, with
 * BatchWriteItem, then counts them (and their statuses) in the dashboard totals. Events are created one millisecond
 * apart, in the order given, so the newest-first lists keep that order.
 */
export async function importEvents(
  db: Db,
  inputs: readonly ImportEventInput[],
  options: { now?: Date; concurrency?: number; onProgress?: (written: number) => void } = {},
) {
  const start = (options.now ?? new Date()).getTime();
  const writes: WriteRequest[] = [];
  const events = inputs.map(({ seo, ...input }, i) => {
    const at = new Date(start + i);
    const item = eventItem(input, randomUUID(), at);
    writes.push(
      { PutRequest: { Item: item } },
      ...eventCounterPuts(item.id).map((put) => ({ PutRequest: { Item: put.Put!.Item as Record<string, unknown> } })),
    );
    if (seo) writes.push({ PutRequest: { Item: seoItem({ ...seo, eventId: item.id }, at) } });
    return fromItem(item);
  });
  await batchWrite(db, writes, options);
  await applyMoves(db, [{ totals: { eventCount: events.length, ...statusCountDeltas(events.map((e) => ({ to: e.status }))) } }]);
  return events;
}

/** What a bulk load adds to one event's counters. */
export type EventCounterDelta = Partial<Figures<EventFigure>>;

/**
 * Adds sums of transactions, completed purchases, sales and page views to many events: one ADD
 * onto a counter shard of each (25 a transaction), then each event's copy and the dashboard's
 * conversion totals are refreshed from the shards, as after a single purchase or view.
 */
export async function applyEventCounterDeltas(db: Db, deltas: ReadonlyMap<string, EventCounterDelta>, viewDay?: string) {
  const ids = [...deltas.keys()];
  if ((await getEventItems(db, ids, { consistent: true })).length !== ids.length) throw notFound('Event');
  for (let i = 0; i < ids.length; i += 25) {
    await transact(
      db,
      ids.slice(i, i + 25).flatMap((id) => counterWrites({ event: { id, add: deltas.get(id)!, viewDay } })),
    );
  }
  await forEachLimited(ids, 8, (id) => refreshEventCounters(db, id));
}

/** Page views for many events at once, counted on today's figures too. */
export async function importPageViews(db: Db, views: ReadonlyMap<string, number>, now = new Date()) {
  const counts = new Map([...views].map(([id, pageViews]) => [id, { pageViews }]));
  const gen = currentGen(await dayState(db)); // views: the generation readers read only (counters/rebuild.job.ts)
  await applyEventCounterDeltas(db, counts, zoneDay(now, gen.zone));
  await applyMoves(
    db,
    [...views].map(([eventId, pageViews]) => ({ days: [{ date: now, eventId, add: { pageViews } }], gens: [gen] })),
  );
}
