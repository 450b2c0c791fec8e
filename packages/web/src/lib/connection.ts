import type { Query, QueryClient } from '@tanstack/react-query';
import { errorStatus } from './errors.ts';
import { createStore } from './store.ts';

/**
 * Whether the server can be reached, as the app's calls last found it. A call that answers 503
 * (the server is up but its database is not) or never gets an answer (network down, server
 * restarting) marks it unreachable; any answer at all marks it reachable again.
 */
export interface ConnectionState {
  reachable: boolean;
  /** when the next automatic retry runs (ms since epoch), if one is waiting */
  retryAt?: number;
}

const store = createStore<ConnectionState>({ reachable: true });
const set = (next: ConnectionState) => {
  const state = store.get();
  if (next.reachable !== state.reachable || next.retryAt !== state.retryAt) store.set(next);
};

export const connection = { get: store.get, subscribe: store.subscribe };

/** 503, or no HTTP answer at all (fetch failed): worth trying again later. */
export function isUnreachable(error: unknown) {
  if (!(error instanceof Error)) return false;
  const status = errorStatus(error);
  return status === 503 || (status === undefined && (error.cause instanceof TypeError || error.message === 'Failed to fetch'));
}

/** 1 s, 2 s, 4 s, 8 s, then every 15 s: quick while it is a blip, gentle while it is down. */
export const retryDelayMs = (failures: number) => Math.min(1000 * 2 ** Math.max(0, failures - 1), 15_000);

/**
 * SPEC §9 says no retries, and that holds for every answer the server gives (a 400, 404 or 409
 * is final). The exception is a read that could not reach the server (503 or network): it is
 * tried twice more (1 s, then 2 s later) while a banner says so. If it still fails, the screen
 * shows its usual failure, the banner stays and the app keeps asking GET /api/health; once the
 * server answers again, the reads that failed for want of it run again. Writes are never
 * repeated automatically: one that timed out may still have been applied.
 */
export const retryReads = (failures: number, error: unknown) => isUnreachable(error) && failures < 2;

let client: QueryClient | undefined;
let probe: ReturnType<typeof setTimeout> | undefined;
/** whether a health probe failed: the server itself was away, not only one call */
let outage = false;

const failedForWantOfServer = (query: Query) => query.state.status === 'error' && isUnreachable(query.state.error);

function reachable() {
  clearTimeout(probe);
  outage = false;
  set({ reachable: true });
}

/** Asks GET /api/health (no sign-in needed) after the backoff for `failures`. */
function probeLater(failures: number) {
  clearTimeout(probe);
  const delay = retryDelayMs(failures);
  set({ reachable: false, retryAt: Date.now() + delay });
  probe = setTimeout(() => void probeNow(failures), delay);
}

async function probeNow(failures: number) {
  clearTimeout(probe);
  const ok = await fetch('/api/health', { cache: 'no-store' }).then(
    (r) => r.ok,
    () => false,
  );
  if (!ok) {
    outage = true;
    if (!store.get().reachable) probeLater(failures + 1);
    return;
  }
  const wasAway = outage;
  reachable();
  if (wasAway) await client?.refetchQueries({ type: 'active', predicate: failedForWantOfServer });
}

/** Watches every call's outcome to keep `connection` current. */
export function trackConnection(queryClient: QueryClient) {
  client = queryClient;
  const queries = queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated') return;
    const { action } = event;
    if (action.type === 'success') reachable();
    // The read retries by itself (retryReads): the banner counts down to its next try.
    if (action.type === 'failed' && isUnreachable(action.error)) {
      set({ reachable: false, retryAt: Date.now() + retryDelayMs(action.failureCount) });
    }
    if (action.type === 'error' && isUnreachable(action.error)) probeLater(1);
  });
  const mutations = queryClient.getMutationCache().subscribe((event) => {
    if (event.type !== 'updated') return;
    const { action } = event;
    if (action.type === 'success') reachable();
    if (action.type === 'error' && isUnreachable(action.error)) probeLater(1);
  });
  return () => {
    queries();
    mutations();
  };
}

/** "Retry now": asks the server at once, and runs again every read on screen that could not reach it. */
export async function retryNow(queryClient: QueryClient) {
  const waiting = (query: Query) => query.state.fetchFailureCount > 0 || failedForWantOfServer(query);
  await Promise.all([probeNow(0), queryClient.refetchQueries({ type: 'active', predicate: waiting })]);
}
