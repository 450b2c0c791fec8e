import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { Db } from '@event-admin/core/db/client';
import { customerBody, eventBody, type Client, type HttpResult } from '../setup/api.ts';

/** A failed REST call: the status, a text/plain body, and SPEC's (or DESIGN's) words in it. */
export function expectError(result: HttpResult, status: number, message?: string) {
  expect(result.status, `${result.status} ${result.text}`).toBe(status);
  expect(result.headers.get('content-type')).toMatch(/^text\/plain/);
  if (message !== undefined) expect(result.text).toContain(message);
}

/** A successful REST call's JSON body. */
export function ok<T = any>(result: HttpResult<T>, status = 200): T {
  expect(result.status, `${result.status} ${result.text}`).toBe(status);
  expect(result.headers.get('content-type')).toMatch(/^application\/json/);
  return result.body;
}

export async function createEvent(client: Client, overrides: Record<string, unknown> = {}) {
  return ok(await client.post('/api/events', eventBody(overrides)), 201);
}

export async function createCustomer(client: Client, overrides: Record<string, unknown> = {}) {
  return ok(await client.post('/api/customers', customerBody(overrides)), 201);
}

export async function createTransaction(
  client: Client,
  eventId: string,
  customerId: string,
  amount: string | number,
  status: 'completed' | 'pending' | 'failed' = 'completed',
  extra: Record<string, unknown> = {},
) {
  return ok(await client.post('/api/transactions', { eventId, customerId, amount, status, paymentMethod: 'Credit Card', ...extra }), 201);
}

export async function addViews(client: Client, eventId: string, count: number) {
  return ok(await client.post(`/api/events/${eventId}/views`, { count }));
}

/** An id that names nothing. */
export const unknownId = () => `missing-${randomUUID()}`;

/** An instant on a UTC day, noon unless told: a purchase date on that day. */
export const dayAt = (day: string, time = '12:00:00') => `${day}T${time}.000Z`;

/** Every request the table's client sends while `work` runs, as sent (nothing is changed, only seen). */
export async function requestsDuring(db: Db, work: () => Promise<unknown>) {
  // commands by the client's own names: BatchGetItemCommand, GetItemCommand, QueryCommand, ...
  const seen: { command: string; input: any }[] = [];
  const name = `seen-${randomUUID()}`;
  db.doc.middlewareStack.add(
    (next, context) => async (args) => {
      seen.push({ command: String((context as { commandName?: string }).commandName), input: args.input });
      return next(args);
    },
    { step: 'initialize', name },
  );
  try {
    await work();
  } finally {
    db.doc.middlewareStack.remove(name);
  }
  return seen;
}

/** '$12.34' -> 1234 */
export const cents = (amount: string) => Math.round(Number(amount.replace('$', '')) * 100);

/** Runs `task` over `items` with at most `limit` in flight. */
export async function inBatches<T, R>(items: readonly T[], limit: number, task: (item: T, index: number) => Promise<R>) {
  const results: R[] = [];
  for (let i = 0; i < items.length; i += limit) {
    results.push(...(await Promise.all(items.slice(i, i + limit).map((item, j) => task(item, i + j)))));
  }
  return results;
}

/** Pages through a whole list from `?limit=N` by its Link headers to the end (at most 100 pages). */
export async function followLinks(client: Client, path: string, limit: number) {
  const items: any[] = [];
  let next: string | null = `${path}?limit=${limit}`;
  for (let pages = 0; next && pages < 100; pages++) {
    const result: HttpResult<any> = await client.get(next);
    const page: any[] = ok(result);
    expect(page.length).toBeLessThanOrEqual(limit);
    items.push(...page);
    next = /^<([^>]+)>; rel="next"$/.exec(result.headers.get('link') ?? '')?.[1] ?? null;
  }
  expect(next).toBeNull();
  return items;
}
