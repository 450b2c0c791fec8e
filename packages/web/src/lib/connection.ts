import { TRPCClientError } from '@trpc/client';
import type { Query, QueryClient } from '@tanstack/react-query';
import { errorStatus } from './errors.ts';

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

let state: ConnectionState = { reachable: true };
const listeners = new Set<() => void>();
const set = (next: ConnectionState) => {
  if (next.reachable === state.reachable && next.retryAt === state.retryAt) return;
  state = next;
  listeners.forEach((listener) => listener());
};

export const connection = {
  get: () => state,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

/** 503, or no HTTP answer at all (fetch failed): worth trying again later. */
export function isUnreachable(error: unknown) {
  if (!(error instanceof TRPCClientError)) return false;
  const status = errorStatus(error);
  return status === 503 || (status === undefined && error.cause instanceof TypeError) || error.message === 'Failed to fetch';
}

/** 1 s, 2 s, 4 s, 8 s, then every 15 s: quick while it is a blip, gentle while it is down. */
export const retryDelayMs = (failures: number) => Math.min(1000 * 2 ** Math.max(0, failures - 1), 15_000);

/**
 * SPEC §9 says no retries, and that holds for every answer the server gives (a 400, 404 or 409
 * is final). The one exception is a read that could not reach the server (503 or network): it
 * is tried again with backoff, while a banner says so, instead of leaving a spinner forever.
 * Writes are never retried automatically: one that timed out may still have been applied.
 */
export const retryReads = (failures: number, error: unknown) => isUnreachable(error) && failures < 1000;

let probe: ReturnType<typeof setTimeout> | undefined;

/** Asks GET /api/health (no sign-in needed) until it answers 200, with the same backoff. */
function probeLater(failures: number) {
  clearTimeout(probe);
  const delay = retryDelayMs(failures);
  set({ reachable: false, retryAt: Date.now() + delay });
  probe = setTimeout(() => void probeNow(failures), delay);
}

async function probeNow(failures: number) {
  clearTimeout(probe);
  const ok = await fetch('/api/health', { cache: 'no-store' }).then((r) => r.ok, () => false);
  if (ok) set({ reachable: true });
  else if (!state.reachable) probeLater(failures + 1);
}

/** Watches every call's outcome to keep `connection` current. */
export function trackConnection(queryClient: QueryClient) {
  const reachable = () => {
    clearTimeout(probe);
    set({ reachable: true });
  };
  const queries = queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated') return;
    const { action } = event;
    if (action.type === 'success') reachable();
    // The query itself retries (retryReads); the banner counts down to its next try.
    if (action.type === 'failed' && isUnreachable(action.error)) {
      set({ reachable: false, retryAt: Date.now() + retryDelayMs(action.failureCount) });
    }
  });
  const mutations = queryClient.getMutationCache().subscribe((event) => {
    if (event.type !== 'updated') return;
    const { action } = event;
    if (action.type === 'success') reachable();
    // A write is not repeated; the banner stays until the server answers again.
    if (action.type === 'error' && isUnreachable(action.error)) probeLater(1);
  });
  return () => {
    queries();
    mutations();
  };
}

/** "Retry now": asks the server at once, and runs again every query on screen that failed to reach it. */
export async function retryNow(queryClient: QueryClient) {
  const waiting = (query: Query) => query.state.fetchFailureCount > 0 || query.state.status === 'error';
  await Promise.all([probeNow(0), queryClient.refetchQueries({ type: 'active', predicate: waiting })]);
}
