import type { Db } from '../db/client.ts';
import { keys } from '../db/keys.ts';
import { getNamed } from '../db/query.ts';
import type { TransactItem } from '../db/write.ts';
import { defaultTimeZone } from '../time/zone.ts';

// The zone day figures are keyed in (issue 32), and their generation: every write that moves a
// day figure needs them, so they are read once per `zoneCacheMs` per table and process rather than
// once per write. A change made through this process (npm start: the only one) forgets them at
// once; another process (a second Lambda instance) sees it within `zoneCacheMs`. A change of zone
// starts the next generation (`next`), which counters/rebuild.job.ts fills from the records while
// writers keep the current one; docs/operations.md says how.

/** How long a process keeps the day state it read. */
export const zoneCacheMs = 5_000;

/** A generation of day figures and the zone its days are keyed in. */
export interface DayGen {
  gen: number;
  zone: string;
}

/**
 * What readers read (gen, zone), what writers write too while a rebuild runs (next), and a page
 * views copy still to do. `v` counts its changes: each is conditional on it.
 */
export interface DayState extends DayGen {
  next?: DayGen & { since: string };
  copyViews?: { from: number; zone: string; at: string };
  v: number;
}

/**
 * The day state, read consistently (one BatchGetItem): its item (keys.dayState), or, before the
 * first change of zone made one, generation 0 in the settings' zone.
 */
export async function readDayState(db: Db): Promise<DayState> {
  const { state, settings } = await getNamed(db, { state: keys.dayState(), settings: keys.settings() }, { consistent: true });
  if (state) return { gen: Number(state.gen), zone: String(state.zone), v: Number(state.v), ...pick(state) };
  return { gen: 0, zone: (settings?.timeZone as string | undefined) ?? defaultTimeZone, v: 0 };
}

const pick = (item: Record<string, unknown>) => ({
  ...(item.next ? { next: item.next as NonNullable<DayState['next']> } : {}),
  ...(item.copyViews ? { copyViews: item.copyViews as NonNullable<DayState['copyViews']> } : {}),
});

/** The day state saved, if it is still the one read (`seen.v`): a Put to ride in a transaction. */
export const dayStatePut = (seen: DayState, next: Omit<DayState, 'v'>): TransactItem => ({
  Put: {
    Item: { ...keys.dayState(), ...next, v: seen.v + 1 },
    ConditionExpression: seen.v === 0 ? 'attribute_not_exists(pk)' : 'v = :v',
    ...(seen.v === 0 ? {} : { ExpressionAttributeValues: { ':v': seen.v } }),
  },
});

const cached = new Map<string, { state: DayState; at: number }>();

/** The day state, read at most once per `zoneCacheMs` (consistent: the read after a save in this process sees it). */
export async function dayState(db: Db, now = Date.now()): Promise<DayState> {
  const found = cached.get(db.tableName);
  if (found && now - found.at < zoneCacheMs) return found.state;
  const state = await readDayState(db);
  cached.set(db.tableName, { state, at: now });
  return state;
}

/** The generation readers read, in its zone (page views go there only: they have no records to rebuild them from). */
export const currentGen = (state: DayState): DayGen => ({ gen: state.gen, zone: state.zone });

/** Whether a change of zone is still rebuilding the figures readers read (or copying their page views). */
export const isRebuilding = (state: DayState) => state.next !== undefined || state.copyViews !== undefined;

/** The business's zone for keying days (the current generation's). */
export const dayZone = async (db: Db, now = Date.now()) => (await dayState(db, now)).zone;

/** Forgets the state read for a table: after a change of the settings in this process. */
export const forgetDayZone = (db: Db) => void cached.delete(db.tableName);

/** The generation a record written now is counted in (stored on it as `dayGen`): the next one while a rebuild runs. */
export const newDayGen = (state: DayState) => state.next?.gen ?? state.gen;

/**
 * The day state for a change of a record counted up to generation `recordGen` (its `dayGen`). A
 * record newer than the state this process knows (another process already saw a change of zone)
 * makes it read the state again, so the change lands in every generation that counts the record.
 */
export async function dayStateFor(db: Db, recordGen: number) {
  const state = await dayState(db);
  if (recordGen <= newDayGen(state)) return state;
  forgetDayZone(db);
  return dayState(db);
}

/**
 * The generations a change of a record moves day figures in: the current one always; the next one
 * (while a rebuild runs) only when it already counts the record, i.e. a new record (`recordGen`
 * undefined) or one the rebuild has passed (`dayGen` at least the next generation). The rebuild
 * counts every other record's state as it finds it, so nothing is counted twice.
 */
export function dayTargets(state: DayState, recordGen?: number): DayGen[] {
  const current = currentGen(state);
  const next = state.next;
  if (!next || (recordGen !== undefined && recordGen < next.gen)) return [current];
  return [current, { gen: next.gen, zone: next.zone }];
}
