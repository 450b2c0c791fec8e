import { describe, expect, it } from 'vitest';
import { eventBody, signedInForFile } from '../setup/api.ts';
import { createEvent, expectError, ok, unknownId } from './helpers.ts';

const { client } = await signedInForFile();

describe('POST /api/events', () => {
  it('creates an event (201) with its id, the ISO date, and zero counters', async () => {
    const body = eventBody({ status: 'draft' });
    const event = ok(await client.post('/api/events', body), 201);
    expect(event).toMatchObject({
      title: body.title,
      description: 'A night to test',
      date: '2030-05-01T00:00:00.000Z',
      time: '20:00',
      venue: 'Main hall',
      status: 'draft',
      sales: 0,
      pageViews: 0,
      completedPurchases: 0,
      conversionRate: '0%',
      venueId: '',
      ticketEvolutionEventId: '',
      tailgateEventId: '',
      tailgateDiscount: '',
      seatViewUrl: '',
      version: 1,
    });
    expect(typeof event.id).toBe('string');
    expect(event.id.length).toBeGreaterThan(0);
    for (const internal of ['pk', 'sk', 'gsi1pk', 'gsi1sk', 'gsi2pk', 'gsi2sk', 'salesCents']) expect(event).not.toHaveProperty(internal);
    expect(ok(await client.get(`/api/events/${event.id}`))).toEqual(event);
  });

  it('defaults the time to 19:00 and the status to draft', async () => {
    const { time, status, ...body } = eventBody();
    const event = await createEvent(client, {});
    const bare = ok(await client.post('/api/events', body), 201);
    expect(event.time).toBe('20:00');
    expect(bare.time).toBe('19:00');
    expect(bare.status).toBe('draft');
  });

  it('stores a plain date as an ISO timestamp', async () => {
    const event = await createEvent(client, { date: '2031-02-03' });
    expect(event.date).toBe('2031-02-03T00:00:00.000Z');
  });

  const refusals: [string, Record<string, unknown>, string][] = [
    ['title under 3', { title: 'ab' }, 'Title must be at least 3 characters long'],
    ['venue under 3', { venue: 'ab' }, 'Venue must be at least 3 characters long'],
    ['unparseable date', { date: 'next friday' }, 'Invalid date format'],
    ['empty date', { date: '' }, 'Invalid date format'],
    ['bad time', { time: '25:00' }, 'Invalid time format (HH:MM)'],
    ['unknown status', { status: 'archived' }, 'Status must be one of draft, active, completed or cancelled'],
    ['title of wrong type', { title: 42 }, 'title must be a string'],
    ['missing venue', { venue: undefined }, 'venue is required'],
  ];
  it.each(refusals)('refuses a %s with 400 and a clear message, creating nothing', async (_, overrides, message) => {
    const before = ok(await client.get('/api/dashboard/stats')).totalEvents;
    const body = eventBody(overrides);
    expectError(await client.post('/api/events', body), 400, message);
    const after = ok(await client.get('/api/dashboard/stats')).totalEvents;
    expect(after).toBe(before);
    expect(ok<any[]>(await client.get('/api/events')).some((e) => e.title === body.title)).toBe(false);
  });

  it('lists every problem at once', async () => {
    const result = await client.post('/api/events', eventBody({ title: 'x', venue: 'y' }));
    expectError(result, 400, 'Title must be at least 3 characters long');
    expect(result.text).toContain('Venue must be at least 3 characters long');
  });

  it('refuses a body that is not a JSON object', async () => {
    expectError(await client.post('/api/events', [eventBody()]), 400, 'The request body must be a JSON object');
    expectError(await client.post('/api/events', 'a string'), 400, 'The request body must be a JSON object');
  });
});

describe('GET /api/events and /api/events/recent', () => {
  it('lists events (latest date first) with id, title, date, status and sales', async () => {
    const early = await createEvent(client, { date: '2029-01-01T00:00:00.000Z' });
    const late = await createEvent(client, { date: '2035-01-01T00:00:00.000Z' });
    const list = ok<any[]>(await client.get('/api/events'));
    const ids = list.map((e) => e.id);
    expect(ids).toContain(early.id);
    expect(ids.indexOf(late.id)).toBeLessThan(ids.indexOf(early.id));
    for (const e of list) {
      expect(e).toEqual(
        expect.objectContaining({
          id: expect.any(String),
          title: expect.any(String),
          date: expect.any(String),
          status: expect.any(String),
          sales: expect.any(Number),
        }),
      );
    }
    const dates = list.map((e) => e.date);
    expect([...dates].sort().reverse()).toEqual(dates);
  });

  it('recent gives the newest created events, as many as the limit', async () => {
    const a = await createEvent(client);
    const b = await createEvent(client);
    const recent = ok<any[]>(await client.get('/api/events/recent?limit=2'));
    expect(recent.map((e) => e.id)).toEqual([b.id, a.id]);
    expect(ok<any[]>(await client.get('/api/events/recent?limit=4'))).toHaveLength(4);
    expect(ok<any[]>(await client.get('/api/events/recent')).length).toBeLessThanOrEqual(5);
  });

  it('recent refuses a limit that is not 1-100', async () => {
    expectError(await client.get('/api/events/recent?limit=0'), 400, 'Limit must be between 1 and 100');
    expectError(await client.get('/api/events/recent?limit=101'), 400, 'Limit must be between 1 and 100');
    expectError(await client.get('/api/events/recent?limit=2.5'), 400, 'Limit must be a whole number');
    expectError(await client.get('/api/events/recent?limit=abc'), 400, 'limit');
  });
});

describe('GET /api/events/{id}', () => {
  it('is 404 for an unknown id', async () => {
    expectError(await client.get(`/api/events/${unknownId()}`), 404, 'Event not found');
  });
});

describe('PUT /api/events/{id}', () => {
  const edit = (event: any, overrides: Record<string, unknown> = {}) => ({
    title: `${event.title} (edited)`,
    description: 'Edited description',
    date: '2030-06-01T00:00:00.000Z',
    venue: 'New venue',
    status: event.status,
    venueId: 'V-1',
    time: '18:30',
    ticketEvolutionEventId: 'TE-1',
    tailgateEventId: 'TG-1',
    tailgateDiscount: '15',
    seatViewUrl: 'https://seats.example.com/1',
    sales: 999999,
    ...overrides,
  });

  it('updates every editable field, bumps the version and ignores a sent sales value', async () => {
    const event = await createEvent(client);
    const updated = ok(await client.put(`/api/events/${event.id}`, edit(event)));
    expect(updated).toMatchObject({
      id: event.id,
      title: `${event.title} (edited)`,
      description: 'Edited description',
      date: '2030-06-01T00:00:00.000Z',
      venue: 'New venue',
      venueId: 'V-1',
      time: '18:30',
      ticketEvolutionEventId: 'TE-1',
      tailgateEventId: 'TG-1',
      tailgateDiscount: '15',
      seatViewUrl: 'https://seats.example.com/1',
      sales: 0,
      version: 2,
      createdAt: event.createdAt,
    });
    expect(ok(await client.get(`/api/events/${event.id}`))).toEqual(updated);
  });

  it('keeps the status when none is sent', async () => {
    const event = await createEvent(client, { status: 'completed' });
    const { status, ...body } = edit(event);
    expect(ok(await client.put(`/api/events/${event.id}`, body)).status).toBe('completed');
  });

  it('keeps the fields a partial update leaves out, and clears only those sent empty', async () => {
    const event = await createEvent(client, { venueId: 'V-9', seatViewUrl: 'https://seats.example.com/9', description: 'Kept' });
    const partial = { title: 'Only the basics', date: event.date, venue: event.venue };
    const updated = ok(await client.put(`/api/events/${event.id}`, partial));
    expect(updated).toMatchObject({
      title: 'Only the basics',
      description: 'Kept',
      venueId: 'V-9',
      seatViewUrl: 'https://seats.example.com/9',
    });
    const cleared = ok(await client.put(`/api/events/${event.id}`, { ...partial, venueId: '' }));
    expect(cleared).toMatchObject({ venueId: '', seatViewUrl: 'https://seats.example.com/9' });
  });

  it('gives the edit form messages, and changes nothing', async () => {
    const event = await createEvent(client);
    expectError(await client.put(`/api/events/${event.id}`, edit(event, { title: 'a' })), 400, 'Title must be at least 2 characters.');
    expectError(await client.put(`/api/events/${event.id}`, edit(event, { date: '' })), 400, 'Date is required.');
    expectError(await client.put(`/api/events/${event.id}`, edit(event, { venue: '' })), 400, 'Location is required.');
    expectError(await client.put(`/api/events/${event.id}`, edit(event, { time: '7:5' })), 400, 'Invalid time format (HH:MM)');
    expectError(await client.put(`/api/events/${event.id}`, edit(event, { title: ['x'] })), 400, 'title must be a string');
    expect(ok(await client.get(`/api/events/${event.id}`))).toEqual(event);
  });

  it('accepts a two-character title on edit', async () => {
    const event = await createEvent(client);
    expect(ok(await client.put(`/api/events/${event.id}`, edit(event, { title: 'Go' }))).title).toBe('Go');
  });

  it('is 404 for an unknown id, and creates nothing', async () => {
    const id = unknownId();
    expectError(await client.put(`/api/events/${id}`, edit({ title: 'Ghost', status: 'draft' })), 404, 'Event not found');
    expectError(await client.get(`/api/events/${id}`), 404);
  });

  it('refuses a stale version with 409 and keeps the newer data', async () => {
    const event = await createEvent(client);
    const first = ok(await client.put(`/api/events/${event.id}`, edit(event, { title: 'First edit', version: 1 })));
    expect(first.version).toBe(2);
    const stale = await client.put(`/api/events/${event.id}`, edit(event, { title: 'Stale edit', version: 1 }));
    expectError(stale, 409, 'changed by someone else');
    const now = ok(await client.get(`/api/events/${event.id}`));
    expect(now.title).toBe('First edit');
    expect(now.version).toBe(2);
    expect(ok(await client.put(`/api/events/${event.id}`, edit(event, { title: 'Second edit', version: 2 }))).version).toBe(3);
  });
});

describe('POST /api/events/{id}/views', () => {
  it('adds page views (1 by default) and moves the conversion', async () => {
    const event = await createEvent(client);
    expect(ok(await client.post(`/api/events/${event.id}/views`)).pageViews).toBe(1);
    expect(ok(await client.post(`/api/events/${event.id}/views`, { count: 9 })).pageViews).toBe(10);
    expect(ok(await client.get(`/api/events/${event.id}`)).pageViews).toBe(10);
  });

  it('refuses a count outside 1-100000 and a count of the wrong type', async () => {
    const event = await createEvent(client);
    expectError(await client.post(`/api/events/${event.id}/views`, { count: 0 }), 400, 'Count must be between 1 and 100000');
    expectError(await client.post(`/api/events/${event.id}/views`, { count: 1.5 }), 400, 'Count must be a whole number');
    expectError(await client.post(`/api/events/${event.id}/views`, { count: '3' }), 400, 'count must be a number');
    expect(ok(await client.get(`/api/events/${event.id}`)).pageViews).toBe(0);
  });

  it('is 404 for an unknown event', async () => {
    expectError(await client.post(`/api/events/${unknownId()}/views`, { count: 1 }), 404, 'Event not found');
  });
});

describe('unknown API paths', () => {
  it('are 404 with a plain message', async () => {
    expectError(await client.get('/api/nothing-here'), 404, 'There is no API route at this path');
    expectError(await client.request('DELETE', '/api/events'), 404);
  });
});
