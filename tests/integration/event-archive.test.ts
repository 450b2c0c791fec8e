import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { keys } from '@event-admin/core/db/keys';
import { shardSuffixes } from '@event-admin/core/db/shards';
import { countersSettled } from '@event-admin/core/event/counters';
import { getStatsItem } from '@event-admin/core/stats/stats.repo';
import { trpcStatus, signedInForFile } from '../setup/api.ts';
import { addViews, createCustomer, createEvent, createTransaction, expectError, ok, unknownId } from './helpers.ts';

// Issue 20: an archived event leaves the screens' lists and panels and keeps its figures; a
// deleted one (only without transactions) goes with everything it moved.
const { api, client } = await signedInForFile();
const trpc = client.trpc();

const today = new Date().toISOString().slice(0, 10);
const future = new Date(Date.now() + 20 * 86_400_000).toISOString();
const ids = (items: { id: string }[]) => items.map((e) => e.id);

/** Everything the screens show of events, and the figures that must not move with an archive. */
async function snapshot() {
  const [page, archived, byDate, archivedByDate, recent, upcoming, top, seo, all, details, stats, report, eventsReport, csv] =
    await Promise.all([
      trpc.events.page.query({ limit: 100 }),
      trpc.events.page.query({ limit: 100, archived: true }),
      trpc.events.page.query({ limit: 100, sort: 'date' }),
      trpc.events.page.query({ limit: 100, sort: 'date', archived: true }),
      trpc.events.recent.query({ limit: 100 }),
      trpc.dashboard.upcoming.query({}),
      client.get('/api/dashboard/top-events'),
      trpc.seo.page.query({ limit: 100 }),
      client.get('/api/events'),
      client.get('/api/events-with-details'),
      client.get('/api/dashboard/stats'),
      client.get(`/api/reports/sales?from=${today}&to=${today}`),
      trpc.reports.events.query({ from: today, to: today }),
      client.get('/api/exports/transactions.csv'),
    ]);
  return {
    page: ids(page.items),
    archived: ids(archived.items),
    byDate: ids(byDate.items),
    archivedByDate: ids(archivedByDate.items),
    recent: ids(recent),
    upcoming: ids(upcoming),
    top: ok(top).map((e: { id: string }) => e.id),
    seo: ids(seo.items),
    all: ok(all) as { id: string; archivedAt: string | null }[],
    details: ok(details) as { id: string; archivedAt: string | null }[],
    stats: ok(stats),
    report: ok(report).totals,
    eventsReport,
    csv: csv.text,
  };
}

/** The totals recomputed from the events themselves (GET /api/events lists every one, archived too). */
async function recomputed() {
  await countersSettled();
  const events: { status: string; pageViews: number; completedPurchases: number }[] = ok(await client.get('/api/events'));
  const withViews = events.filter((e) => e.pageViews > 0);
  const count = (status: string) => events.filter((e) => e.status === status).length;
  return {
    eventCount: events.length,
    draftEvents: count('draft'),
    activeEvents: count('active'),
    completedEvents: count('completed'),
    cancelledEvents: count('cancelled'),
    viewedEventCount: withViews.length,
    conversionSumMilli: withViews.reduce((sum, e) => sum + Math.round((e.completedPurchases / e.pageViews) * 100_000), 0),
  };
}

async function storedTotals() {
  const stats = (await getStatsItem(api.db, true))!;
  const n = (name: string) => Number((stats as unknown as Record<string, number>)[name] ?? 0);
  return {
    eventCount: n('eventCount'),
    draftEvents: n('draftEvents'),
    activeEvents: n('activeEvents'),
    completedEvents: n('completedEvents'),
    cancelledEvents: n('cancelledEvents'),
    viewedEventCount: n('viewedEventCount'),
    conversionSumMilli: n('conversionSumMilli'),
  };
}

/** Items of a partition, straight from the table. */
async function partition(pk: string) {
  const result = await api.db.doc.send(
    new QueryCommand({ TableName: api.db.tableName, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': pk } }),
  );
  return result.Items ?? [];
}

describe('archive and unarchive', () => {
  it('takes the event off the lists, panels and SEO page, keeps it in the whole lists and every figure, and brings it back', async () => {
    const event = await createEvent(client, { status: 'active', date: future });
    const other = await createEvent(client, { status: 'draft', date: future });
    const customer = await createCustomer(client);
    await createTransaction(client, event.id, customer.id, '40.00');
    await addViews(client, event.id, 8);
    await countersSettled();

    const before = await snapshot();
    for (const list of ['page', 'byDate', 'recent', 'upcoming', 'top', 'seo'] as const) expect(before[list], list).toContain(event.id);
    expect(before.archived).toEqual([]);
    expect(before.all.find((e) => e.id === event.id)?.archivedAt).toBeNull();

    const loaded = ok(await client.get(`/api/events/${event.id}`));
    const archived = ok(await client.post(`/api/events/${event.id}/archive`, { version: loaded.version }));
    expect(archived.archivedAt).toMatch(/^\d{4}-\d{2}-\d{2}T.*Z$/);
    expect(archived.version).toBe(loaded.version + 1);
    expect(archived.sales).toBe(40);
    // again: already archived, answered as it is
    expect(ok(await client.post(`/api/events/${event.id}/archive`, {})).version).toBe(archived.version);
    expect(ok(await client.get(`/api/events/${event.id}`)).archivedAt).toBe(archived.archivedAt);

    const after = await snapshot();
    for (const list of ['page', 'byDate', 'recent', 'upcoming', 'top', 'seo'] as const) {
      expect(after[list], list).not.toContain(event.id);
      expect(after[list], list).toEqual(before[list].filter((id: string) => id !== event.id));
    }
    expect(after.archived).toEqual([event.id]);
    expect(after.archivedByDate).toEqual([event.id]);
    expect(after.all.find((e) => e.id === event.id)?.archivedAt).toBe(archived.archivedAt);
    expect(after.details.find((e) => e.id === event.id)?.archivedAt).toBe(archived.archivedAt);
    expect(after.all).toHaveLength(before.all.length);
    expect(after.stats).toEqual(before.stats);
    expect(after.report).toEqual(before.report);
    expect(after.eventsReport).toEqual(before.eventsReport);
    expect(after.csv).toBe(before.csv);
    expect(after.csv).toContain(event.title);

    // An edit of an archived event keeps it off the upcoming panel.
    ok(await client.put(`/api/events/${event.id}`, { title: `${event.title} edited`, date: future, venue: event.venue }));
    expect(ids(await trpc.dashboard.upcoming.query({}))).not.toContain(event.id);

    // A stale version is refused.
    expectError(await client.post(`/api/events/${other.id}/archive`, { version: 99 }), 409, 'changed by someone else');
    expectError(await client.post(`/api/events/${unknownId()}/archive`, {}), 404, 'Event not found');

    const back = await trpc.events.unarchive.mutate({ id: event.id });
    expect(back.archivedAt).toBeNull();
    await countersSettled();
    const restored = await snapshot();
    for (const list of ['page', 'byDate', 'recent', 'upcoming', 'top', 'seo'] as const) expect(restored[list], list).toContain(event.id);
    expect(restored.archived).toEqual([]);
    expect(restored.stats).toEqual(before.stats);
    expect(restored.report).toEqual(before.report);

    const history = ok(await client.get(`/api/audit?entity=event&id=${event.id}`));
    const actions = history.items.map((r: { action: string }) => r.action);
    expect(actions).toEqual(expect.arrayContaining(['archived', 'unarchived']));
    expect(actions.filter((a: string) => a === 'archived')).toHaveLength(1);
  });

  it('archives and unarchives over tRPC too, with the version', async () => {
    const event = await createEvent(client);
    const archived = await trpc.events.archive.mutate({ id: event.id, version: event.version });
    expect(archived.archivedAt).not.toBeNull();
    expect(await trpcStatus(trpc.events.unarchive.mutate({ id: event.id, version: event.version }))).toBe(409);
    const back = await trpc.events.unarchive.mutate({ id: event.id, version: archived.version });
    expect(back).toMatchObject({ archivedAt: null, version: archived.version + 1 });
    expect(await trpcStatus(trpc.events.archive.mutate({ id: unknownId() }))).toBe(404);
  });
});

describe('delete', () => {
  it('is refused for an event with transactions (it stays, as it was)', async () => {
    const event = await createEvent(client);
    const customer = await createCustomer(client);
    await createTransaction(client, event.id, customer.id, '10.00', 'pending');
    const totals = await storedTotals();
    expectError(await client.request('DELETE', `/api/events/${event.id}`), 409, 'This event has transactions; archive it instead');
    expect(await trpcStatus(trpc.events.delete.mutate({ id: event.id }))).toBe(409);
    expect(ok(await client.get(`/api/events/${event.id}`)).id).toBe(event.id);
    expect(await storedTotals()).toEqual(totals);
  });

  it('deletes an event without transactions with its SEO, CTA, blocks, counters and page views; every total equals a recomputation', async () => {
    const keep = await createEvent(client, { status: 'active' });
    await addViews(client, keep.id, 4);
    const event = await createEvent(client, { status: 'completed' });
    ok(await client.post(`/api/events/${event.id}/seo`, { title: 'Gone soon', description: 'x', keywords: 'a, b' }));
    ok(await client.post(`/api/events/${event.id}/cta`, { text: 'Buy', isCustom: true }));
    ok(await client.post(`/api/events/${event.id}/content-blocks`, [{ type: 'text', content: 'Hello' }]));
    await Promise.all([addViews(client, event.id, 3), addViews(client, event.id, 2), addViews(client, event.id, 6)]);
    await countersSettled();
    expect(await storedTotals()).toEqual(await recomputed());
    const viewsBefore = ok(await client.get(`/api/reports/sales?from=${today}&to=${today}`)).totals.pageViews;

    expectError(await client.request('DELETE', `/api/events/${event.id}?version=99`), 409, 'changed by someone else');
    const removed = await client.request('DELETE', `/api/events/${event.id}?version=${event.version}`);
    expect(removed.status, removed.text).toBe(204);
    expect(removed.text).toBe('');

    expectError(await client.get(`/api/events/${event.id}`), 404, 'Event not found');
    expectError(await client.get(`/api/events/${event.id}/seo`), 404);
    expect(ids(ok(await client.get('/api/events')))).not.toContain(event.id);
    expect(await storedTotals()).toEqual(await recomputed());
    const report = ok(await client.get(`/api/reports/sales?from=${today}&to=${today}`));
    expect(report.totals.pageViews).toBe(viewsBefore - 11);
    const own = ok(await client.get(`/api/reports/sales?from=${today}&to=${today}&eventId=${keep.id}`));
    expect(own.totals.pageViews).toBe(4);

    // nothing of it is left in the table
    expect(await partition(keys.event(event.id).pk)).toEqual([]);
    for (const s of shardSuffixes) {
      expect(await partition(keys.eventCounter(event.id, s).pk)).toEqual([]);
      const day = await partition(keys.dayEvent(today, event.id, s).pk);
      expect(day.filter((item) => item.sk === keys.dayEvent(today, event.id, s).sk)).toEqual([]);
    }

    const history = ok(await client.get(`/api/audit?entity=event&id=${event.id}`));
    expect(history.items[0]).toMatchObject({ action: 'deleted', summary: `Deleted ${event.title}` });

    expectError(await client.request('DELETE', `/api/events/${event.id}`), 404, 'Event not found');
    expect(await trpcStatus(trpc.events.delete.mutate({ id: unknownId() }))).toBe(404);
  });

  it('deletes over tRPC an archived event with no views', async () => {
    const event = await createEvent(client, { status: 'cancelled' });
    await trpc.events.archive.mutate({ id: event.id });
    await trpc.events.delete.mutate({ id: event.id });
    expect((await trpc.events.page.query({ limit: 100, archived: true })).items.map((e) => e.id)).not.toContain(event.id);
    expect(await storedTotals()).toEqual(await recomputed());
  });
});
