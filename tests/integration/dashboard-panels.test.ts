import { CreateTableCommand, DeleteTableCommand, DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { keys } from '@event-admin/core/db/keys';
import { shardSuffixes } from '@event-admin/core/db/shards';
import { createTableInput } from '@event-admin/core/db/table';
import { importEvents } from '@event-admin/core/event/event.import';
import { eventDates } from '@event-admin/core/maintenance/event-dates';
import { runMigrationList } from '@event-admin/core/maintenance/migration';
import { ensureTable, startDynamoLocal } from '@event-admin/functions/local/dynamo-local';
import { random } from '@event-admin/functions/local/random';
import { eventBody, signedInForFile } from '../setup/api.ts';
import { ok } from './helpers.ts';

// The dashboard's Events by Status (counters on the totals item) and Upcoming Events (a sparse
// date index) against a recomputation from the events themselves, after random writes.
const { api, client } = await signedInForFile();
const trpc = client.trpc();
const statuses = ['draft', 'active', 'completed', 'cancelled'] as const;
const day = 86_400_000;
const today = new Date(new Date().toISOString().slice(0, 10));

async function recount() {
  const events: any[] = ok(await client.get('/api/events'));
  const counts = Object.fromEntries(statuses.map((s) => [s, events.filter((e) => e.status === s).length]));
  return { events, byStatus: { counts, total: events.length } };
}

const upcomingFrom = (events: any[], from: Date) =>
  events
    .filter((e) => (e.status === 'draft' || e.status === 'active') && new Date(e.date) >= from)
    .sort((a, b) => a.date.localeCompare(b.date) || a.id.localeCompare(b.id))
    .slice(0, 5);

async function expectPanelsMatch() {
  const { events, byStatus } = await recount();
  expect(await trpc.dashboard.eventsByStatus.query()).toEqual(byStatus);
  expect((await trpc.dashboard.stats.query()).totalEvents).toBe(events.length);
  for (const from of [today, new Date(today.getTime() + 5 * day), new Date(today.getTime() - 3 * day)]) {
    expect(await trpc.dashboard.upcoming.query({ from: from.toISOString() })).toEqual(upcomingFrom(events, from));
  }
  expect(await trpc.dashboard.upcoming.query({})).toEqual(upcomingFrom(events, today));
  return events;
}

describe('Events by Status and Upcoming Events', () => {
  it('equal a recomputation after a random sequence of creates, status changes and date changes', async () => {
    // Seeded: the same sequence on every run, so a failure can be replayed.
    const { next, pick } = random(20261124);
    const ids: string[] = [];
    for (let step = 0; step < 60; step++) {
      const date = new Date(today.getTime() + Math.floor(next() * 40 - 10) * day + Math.floor(next() * 24) * 3_600_000).toISOString();
      const roll = next();
      if (ids.length < 3 || roll < 0.45) {
        const event = await trpc.events.create.mutate(eventBody({ title: `Panel ${step}`, date, status: pick(statuses) }) as never);
        ids.push(event.id);
      } else {
        const event = await trpc.events.get.query({ id: pick(ids) });
        const change = roll < 0.8 ? { status: pick(statuses) } : { date };
        await trpc.events.update.mutate({ id: event.id, title: event.title, venue: event.venue, date: event.date, ...change });
      }
      if (step % 20 === 19) await expectPanelsMatch();
    }
  }, 60_000);

  it('count a bulk import too', async () => {
    const inputs = statuses.flatMap((status, i) =>
      Array.from({ length: i + 1 }, (_, j) => ({
        ...(eventBody({ title: `Bulk ${status} ${j}`, status }) as any),
        date: new Date(today.getTime() + (j + 1) * day).toISOString(),
        time: '19:00',
        description: '',
        venueId: '',
        ticketEvolutionEventId: '',
        tailgateEventId: '',
        tailgateDiscount: '',
        seatViewUrl: '',
      })),
    );
    await importEvents(api.setupDb, inputs);
    await expectPanelsMatch();
  });

  it('refuses a from that is not a date', async () => {
    await expect(trpc.dashboard.upcoming.query({ from: 'soon' })).rejects.toThrow('From must be a date');
  });
});

describe('events stored before the date index and the status counts', () => {
  it('get both once at start, and a second run changes nothing', async () => {
    const events = await expectPanelsMatch();
    // What an older table holds: events without their date keys, totals without status counts.
    for (const e of events) {
      await api.db.doc.send(
        new UpdateCommand({
          TableName: api.db.tableName,
          Key: { pk: `EVENT#${e.id}`, sk: 'EVENT' },
          UpdateExpression: 'REMOVE gsi3pk, gsi3sk, gsi4pk, gsi4sk',
        }),
      );
    }
    for (const shard of shardSuffixes) {
      await api.db.doc.send(
        new UpdateCommand({
          TableName: api.db.tableName,
          Key: keys.stats(shard),
          UpdateExpression: 'REMOVE draftEvents, activeEvents, completedEvents, cancelledEvents',
        }),
      );
    }
    expect(ok(await client.get('/api/events'))).toEqual([]);
    expect((await trpc.dashboard.eventsByStatus.query()).total).toBe(0);

    expect(await runMigrationList(api.db, [eventDates])).toEqual({ ran: { [eventDates.name]: events.length }, pending: [] });
    expect(await expectPanelsMatch()).toEqual(events);
    // recorded: it never runs again
    expect(await runMigrationList(api.db, [eventDates])).toEqual({ ran: {}, pending: [] });
    expect(await expectPanelsMatch()).toEqual(events);
  });

  it('a table made before the date indexes gets them added at start', async () => {
    // Its own DynamoDB Local (in memory): the shared one, busy with every other file's tables,
    // can take minutes to build an index, which is not what this checks.
    const own = await startDynamoLocal({});
    const url = own.endpoint;
    const raw = new DynamoDBClient({ endpoint: url, region: 'local', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
    const tableName = `old-${randomUUID()}`;
    const full = createTableInput(tableName);
    const old = full.GlobalSecondaryIndexes.filter((g) => g.IndexName === 'gsi1' || g.IndexName === 'gsi2');
    const oldFields = new Set(old.flatMap((g) => g.KeySchema.map((k) => k.AttributeName as string)).concat(['pk', 'sk']));
    await raw.send(
      new CreateTableCommand({
        ...full,
        GlobalSecondaryIndexes: old,
        AttributeDefinitions: full.AttributeDefinitions.filter((a) => oldFields.has(a.AttributeName)),
      }),
    );
    try {
      expect(await ensureTable(url, tableName)).toBe(false);
      const { Table } = await raw.send(new DescribeTableCommand({ TableName: tableName }));
      expect((Table?.GlobalSecondaryIndexes ?? []).map((g) => [g.IndexName, g.IndexStatus]).sort()).toEqual([
        ['gsi1', 'ACTIVE'],
        ['gsi2', 'ACTIVE'],
        ['gsi3', 'ACTIVE'],
        ['gsi4', 'ACTIVE'],
      ]);
    } finally {
      await raw.send(new DeleteTableCommand({ TableName: tableName }));
      raw.destroy();
      await own.stop();
    }
  }, 150_000);
});
