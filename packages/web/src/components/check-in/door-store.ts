import { idbDeleteAll, idbGet, idbKeys, idbUpdate } from '../../lib/idb.ts';
import { createStore } from '../../lib/store.ts';
import type { Conflict, OfflineTicket, QueuedScan } from './door-rules.ts';

/** One line of the last scans: what the screen answered, and whether it can still be undone. */
export interface RecentScan {
  /** the scan's own id; for a queued scan, its queue key */
  id: string;
  at: string;
  admitted: boolean;
  attendeeName: string | null;
  ticketTypeName: string | null;
  /** the refusal's words */
  message: string | null;
  ticketId: string | null;
  /** sent: recorded by the server; queued: waiting here; undone; refused (now, or as a conflict on sync) */
  state: 'sent' | 'queued' | 'undone' | 'refused';
}

/** The ticket list as last fetched, with what the screen needs to judge and show offline. */
export interface DoorList {
  generatedAt: string;
  /** the business's zone when fetched: refusals give times in it, as the server's do */
  zone: string;
  title: string | null;
  tickets: OfflineTicket[];
}

/**
 * What one event's door keeps in this browser (IndexedDB, so a reload keeps it): the list (code
 * hashes, never readable codes; names only to show who came in), the scans waiting to be sent (by
 * ticket id), the conflicts found on sync, and the last scans: nothing readable of a code.
 */
export interface DoorState {
  list: DoorList | null;
  queue: QueuedScan[];
  conflicts: Conflict[];
  recent: RecentScan[];
}

const keyPrefix = 'check-in:';
const empty: DoorState = { list: null, queue: [], conflicts: [], recent: [] };
export const recentLength = 10;

/** A queued scan as kept: a queue stored before scans were sent by ticket id held the code too; it goes at the next change. */
const withoutCode = ({ key, codeHash, ticketId, scannedAt }: QueuedScan): QueuedScan => ({ key, codeHash, ticketId, scannedAt });

/**
 * One event's door state in memory, written through to IndexedDB. Changes run one after another,
 * each reading and writing the stored state in one transaction; if IndexedDB is unavailable the
 * screen still works for this visit.
 */
export function doorStore(eventId: string) {
  const key = `${keyPrefix}${eventId}`;
  const store = createStore<DoorState & { loaded: boolean }>({ ...empty, loaded: false });
  let chain: Promise<unknown> = idbGet<DoorState>(key)
    .catch(() => undefined)
    .then((stored) => store.set({ ...empty, ...stored, ...(stored && { queue: stored.queue.map(withoutCode) }), loaded: true }));

  const change = (update: (state: DoorState) => DoorState) => {
    const run = chain.then(async () => {
      const { loaded: _, ...current } = store.get();
      const next = update(current);
      await idbUpdate<DoorState>(key, () => next).catch(() => undefined);
      store.set({ ...next, loaded: true });
      return next;
    });
    chain = run.catch(() => undefined);
    return run;
  };
  return { get: store.get, subscribe: store.subscribe, change };
}
export type DoorStore = ReturnType<typeof doorStore>;

/** A scan at the top of the last scans, the oldest falling off. */
export const withRecent = (state: DoorState, scan: RecentScan): DoorState => ({
  ...state,
  recent: [scan, ...state.recent].slice(0, recentLength),
});

/** The list's ticket `ticketId` with a new check-in time (or none, undone). */
export function withCheckIn(state: DoorState, ticketId: string, checkedInAt: string | null, checkedInBy: string | null): DoorState {
  if (!state.list) return state;
  const tickets = state.list.tickets.map((t) => (t.ticketId === ticketId ? { ...t, checkedInAt, checkedInBy } : t));
  return { ...state, list: { ...state.list, tickets } };
}

export const withRecentState = (state: DoorState, id: string, next: RecentScan['state'], message?: string): DoorState => ({
  ...state,
  recent: state.recent.map((scan) => (scan.id === id ? { ...scan, state: next, ...(message ? { message } : {}) } : scan)),
});

/**
 * A list fetched again, over the one kept: a check-in made here after the server wrote the new
 * list (its answer raced the fetch) is kept, not taken back.
 */
export function withFreshList(state: DoorState, fresh: DoorList): DoorState {
  const later = new Map(
    (state.list?.tickets ?? []).filter((t) => t.checkedInAt && t.checkedInAt > fresh.generatedAt).map((t) => [t.ticketId, t]),
  );
  const tickets = fresh.tickets.map((t) => {
    const mine = later.get(t.ticketId);
    return mine && !t.checkedInAt ? { ...t, checkedInAt: mine.checkedInAt, checkedInBy: mine.checkedInBy } : t;
  });
  return { ...state, list: { ...fresh, tickets } };
}

/** How many scans made offline on this device, for any event, are not sent yet. */
export async function scansWaiting(): Promise<number> {
  const keys = await idbKeys(keyPrefix);
  const states = await Promise.all(keys.map((key) => idbGet<DoorState>(key)));
  return states.reduce((sum, state) => sum + (state?.queue.length ?? 0), 0);
}

/** Sign-out: every door's list (names), queue and last scans leave this browser. */
export const forgetDoors = () => idbDeleteAll();
