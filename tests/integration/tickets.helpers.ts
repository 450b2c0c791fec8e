// Core-level helpers for the ticket tests: a fresh table on the suite's DynamoDB Local, events
// made through the domain, and the pools' shards read raw, to hold against a recomputation.
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { createDb, type Db } from '@event-admin/core/db/client';
import { keys } from '@event-admin/core/db/keys';
import { batchGet } from '@event-admin/core/db/query';
import { failedConditions } from '@event-admin/core/db/write';
import { eventPool, type Take } from '@event-admin/core/capacity/pool';
import { takeTickets } from '@event-admin/core/capacity/take';
import { prepareSale } from '@event-admin/core/order/sale';
import { DomainError } from '@event-admin/core/error';
import * as Event from '@event-admin/core/event/index';
import * as TicketType from '@event-admin/core/ticket-type/index';
import type { CreateTicketTypeInput } from '@event-admin/core/ticket-type/ticket-type.schema';
import { ensureTable } from '@event-admin/functions/local/dynamo-local';
import { suiteStore } from '../setup/suite-store.ts';

/** A table of its own on the suite's DynamoDB Local (never anything but a local endpoint). */
export async function freshDb(): Promise<Db> {
  const endpoint = suiteStore();
  const tableName = `test-${randomUUID()}`;
  await ensureTable(endpoint, tableName);
  const db = createDb({ tableName, endpoint });
  if (process.env.DEBUG_DB) {
    db.doc.middlewareStack.add(
      (next, context) => async (args) => {
        try {
          return await next(args);
        } catch (error) {
          console.log(context.commandName, JSON.stringify(args.input).slice(0, 600));
          throw error;
        }
      },
      { step: 'initialize', name: 'debugLog' },
    );
  }
  return db;
}

export const activeEvent = (db: Db, status: 'active' | 'draft' = 'active') =>
  Event.create(db, { title: 'On-sale night', date: '2031-06-01', venue: 'Main Hall', status });

/** A ticket type with the given fields (free, unlimited, 1 to 10 per order unless told). */
export const ticketType = (db: Db, eventId: string, fields: Partial<CreateTicketTypeInput> = {}) =>
  TicketType.create(db, { eventId, name: `Type ${randomUUID().slice(0, 6)}`, price: '$10.00', ...fields });

/** The DomainError a call ends with (fails the test when it succeeds or throws something else). */
export async function refusal(call: Promise<unknown> | (() => Promise<unknown>)): Promise<DomainError> {
  const error = await (typeof call === 'function' ? call() : call).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error, 'expected a refusal').toBeInstanceOf(DomainError);
  return error as DomainError;
}

/** Every shard of a pool as stored, summed (consistent reads), and each shard's own figures. */
export async function poolTotals(db: Db, eventId: string, pool: string, shards = 64) {
  const items = await batchGet(
    db,
    Array.from({ length: shards }, (_, s) => keys.poolShard(eventId, pool, s)),
    { consistent: true },
  );
  const sum = (name: string) => items.reduce((total, item) => total + Number(item[name] ?? 0), 0);
  return { free: sum('free'), sold: sum('sold'), held: sum('held'), shards: items };
}

export const eventPoolTotals = (db: Db, eventId: string) => poolTotals(db, eventId, eventPool);

/**
 * A sale as the order writer will make one (core/capacity/take.ts in the writer's transaction),
 * with a record of its takes put in the same transaction: what the counts are recomputed from.
 */
export async function sell(db: Db, eventId: string, lines: { ticketTypeId: string; quantity: number }[], id = randomUUID()) {
  const { plan } = await prepareSale(db, eventId, lines);
  const record = (takes: Take[]) => ({
    Put: { Item: { ...saleKey(id), eventId, takes }, ConditionExpression: 'attribute_not_exists(pk)' },
  });
  try {
    return { id, takes: await takeTickets(db, plan, 'sold', (chosen) => [record(chosen)]) };
  } catch (error) {
    // tried again after an answer was lost: it landed the first time
    if (failedConditions(error)?.includes(0)) return { id, takes: [] };
    throw error;
  }
}
const saleKey = (id: string) => ({ pk: `TEST_SALE#${id}`, sk: 'SALE' });

/** The sales recorded among those tried (a sale whose answer was lost may have landed: its record says). */
export const recordedSales = async (db: Db, ids: readonly string[]) =>
  (await batchGet(db, ids.map(saleKey), { consistent: true })).map((item) => item.takes as Take[]);

/** Tickets per pool in a list of takes. */
export function perPool(takes: Iterable<Take>) {
  const sums = new Map<string, number>();
  for (const take of takes) sums.set(take.pool, (sums.get(take.pool) ?? 0) + take.quantity);
  return (pool: string) => sums.get(pool) ?? 0;
}

/** 'Not enough tickets: NAME has N left' -> [NAME, N] */
export function notEnough(message: string): [string, number] {
  const match = /^Not enough tickets: (.+) has (\d+) left$/.exec(message);
  if (!match) throw new Error(`not a "Not enough tickets" refusal: ${message}`);
  return [match[1]!, Number(match[2])];
}

/**
 * Runs a write again while the store answers 503 (too busy, or slower than the client's time
 * limit on a loaded machine), as a client does after Retry-After. Only writes that land once
 * however often they are sent: a sale with its id, a hold with its Idempotency-Key.
 */
export async function patiently<T>(write: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await write();
    } catch (error) {
      if (attempt >= 8 || !(error instanceof DomainError) || error.kind !== 'unavailable') throw error;
      await new Promise((r) => setTimeout(r, 100 * (attempt + 1) + Math.random() * 200));
    }
  }
}
