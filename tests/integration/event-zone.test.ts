import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, type TestApi, startSignedIn } from '../setup/api.ts';
import { createEvent, expectError, inBatches, ok } from './helpers.ts';

// Its own table: the business zone is one setting per table, and the upcoming panel reads every event.
let api: TestApi;
let client: Client;
let trpc: ReturnType<Client['trpc']>;
beforeAll(async () => {
  ({ api, client } = await startSignedIn());
  trpc = client.trpc();
});
afterAll(() => api.stop());

const hour = 3_600_000;
/** The recomputation: a day by Intl directly (en-CA writes yyyy-mm-dd), not by the app's own module. */
const dayIn = (zone: string, instant: string | number) => new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(new Date(instant));
const setZone = async (timeZone: string) => ok(await client.post('/api/app-settings', { serviceFeePercentage: '18', timeZone }));

describe("an event's own time zone (issue 32 item 4)", () => {
  it('is stored, answered, kept when an edit leaves it out, cleared with null, and refused when unknown', async () => {
    const event = await createEvent(client, { date: '2031-07-15T03:00:00.000Z', time: '20:00', timeZone: 'America/Los_Angeles' });
    expect(event.timeZone).toBe('America/Los_Angeles');
    expect(ok(await client.get(`/api/events/${event.id}`)).timeZone).toBe('America/Los_Angeles');
    expect((await createEvent(client)).timeZone).toBeNull();

    // SPEC's PUT body, without the field: the zone stays
    const { timeZone: _left, version: _version, ...spec } = event;
    expect(ok(await client.put(`/api/events/${event.id}`, { ...spec, title: 'Harbour night' })).timeZone).toBe('America/Los_Angeles');
    // what a client read, sent back whole, works too
    const read = ok(await client.get(`/api/events/${event.id}`));
    expect(ok(await client.put(`/api/events/${event.id}`, { ...read, timeZone: 'europe/berlin' })).timeZone).toBe('Europe/Berlin');
    const { items } = ok(await client.get(`/api/audit?entity=event&id=${event.id}&limit=1`));
    expect(items[0].changes).toEqual([{ field: 'timeZone', from: 'America/Los_Angeles', to: 'Europe/Berlin' }]);
    expect(ok(await client.put(`/api/events/${event.id}`, { ...spec, title: 'Harbour night', timeZone: null })).timeZone).toBeNull();

    expectError(await client.post('/api/events', { ...spec, timeZone: 'Atlantis/Capital' }), 400, 'Unknown time zone');
    expectError(await client.put(`/api/events/${event.id}`, { ...spec, timeZone: 'PST8' }), 400, 'Unknown time zone');
    expect(ok(await client.get(`/api/events/${event.id}`)).timeZone).toBeNull();
  });

  /**
   * Events every two hours from 30 hours ago to 6 hours ahead, at a quarter past (never near a
   * midnight of the zones used, whose offsets are whole or half hours): the upcoming panel must be
   * the soonest five whose day is not over on their own clock, as recomputed here.
   */
  async function grid(zoneOfEvents: string | undefined, label: string) {
    const base = Math.floor(Date.now() / hour) * hour + hour / 4;
    const dates = Array.from({ length: 19 }, (_, k) => new Date(base + (k - 15) * 2 * hour).toISOString());
    return inBatches(dates, 4, (date, k) =>
      createEvent(client, { title: `${label} ${k}`, date, status: 'active', ...(zoneOfEvents ? { timeZone: zoneOfEvents } : {}) }),
    );
  }
  const soonest = (events: any[], keep: (e: any) => boolean) =>
    events
      .filter(keep)
      .sort((a, b) => a.date.localeCompare(b.date) || a.id.localeCompare(b.id))
      .slice(0, 5)
      .map((e) => e.title);
  /** Not over on a clock: its day there is today or later. */
  const notOver = (zone: string) => (e: any) => dayIn(zone, e.date) >= dayIn(zone, Date.now());
  /** The panel recomputed from every event: draft or active, its day not over on its own clock (else the business's). */
  async function recomputed(businessZone: string) {
    const all: any[] = ok(await client.get('/api/events'));
    const open = all.filter((e) => (e.status === 'draft' || e.status === 'active') && !e.archivedAt);
    return soonest(open, (e) => notOver(e.timeZone ?? businessZone)(e));
  }
  const shown = async () => (await trpc.dashboard.upcoming.query({})).map((e) => e.title);
  const cancel = (events: any[]) => inBatches(events, 4, (e) => trpc.events.update.mutate({ ...e, status: 'cancelled' }));

  it("upcoming and past are judged by the event's own clock, not the business's", async () => {
    await setZone('UTC');
    const kiritimati = await grid('Pacific/Kiritimati', 'Line Islands'); // UTC+14
    // 14 hours apart: the two rules differ on these events, so the panel tells them apart
    expect(soonest(kiritimati, notOver('Pacific/Kiritimati'))).not.toEqual(soonest(kiritimati, notOver('UTC')));
    expect(await shown()).toEqual(await recomputed('UTC'));
    await cancel(kiritimati);

    await grid('Pacific/Pago_Pago', 'Samoa'); // UTC-11
    expect(await shown()).toEqual(await recomputed('UTC'));
  });

  it("an event without its own zone is judged by the business's", async () => {
    await setZone('Asia/Kolkata');
    const local = await grid(undefined, 'Kolkata');
    expect(soonest(local, notOver('Asia/Kolkata'))).not.toEqual(soonest(local, notOver('UTC')));
    expect(await shown()).toEqual(await recomputed('Asia/Kolkata'));
    // an explicit `from` still reads from that instant on
    const from = new Date(Date.now() - 3 * hour).toISOString();
    const all: any[] = ok(await client.get('/api/events'));
    const open = all.filter((e) => e.status === 'draft' || e.status === 'active');
    expect((await trpc.dashboard.upcoming.query({ from })).map((e) => e.title)).toEqual(soonest(open, (e) => e.date >= from));
  });
});
