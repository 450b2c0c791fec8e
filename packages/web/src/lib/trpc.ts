import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { holdFirstPaintWhile } from './first-paint.ts';
import { httpBatchLink, httpLink, splitLink } from '@trpc/client';
import { createTRPCQueryUtils, createTRPCReact, getQueryKey } from '@trpc/react-query';
import type { AppRouter } from '@event-admin/functions/trpc/routers/_app';
import { trackBusinessZone } from './business-zone.ts';
import { retryDelayMs, retryReads, trackConnection } from './connection.ts';
import { errorStatus } from './errors.ts';

/** Types come from the server's router; nothing about the API is written twice. */
export const trpc = createTRPCReact<AppRouter>();

/**
 * SPEC §9: data never goes stale, no refetch on focus or interval, no retries (but for a read
 * that could not reach the server: lib/connection.ts). `onUnauthorized` runs on any 401, from a
 * read or a write (the server session is what counts).
 */
export function createQueryClient(onUnauthorized: () => void) {
  const onError = (error: unknown) => {
    if (errorStatus(error) === 401) onUnauthorized();
  };
  const queryClient = new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: Infinity,
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
        refetchInterval: false,
        retry: retryReads,
        retryDelay: retryDelayMs,
      },
      mutations: { retry: false },
    },
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({
      // A wrong password is a 401 too, but it is the sign-in form's to report.
      onError: (error, _vars, _ctx, mutation) => {
        if (mutation.meta?.skipSignOut) return;
        onError(error);
      },
    }),
  });
  trackConnection(queryClient);
  trackBusinessZone(queryClient, getQueryKey(trpc.settings.get));
  return queryClient;
}

/**
 * Calls made in the same tick share one batched request, except those sent with
 * `{ trpc: { context: { alone: true } } }`: a batch fails as one on a network error, so a read whose
 * failure means something different from its neighbours' (the edit page's event), or that is much
 * slower than they are (the Reports screen's per-event figures), goes alone.
 */
export function createTrpcClient() {
  const options = {
    url: '/trpc',
    fetch: (url: URL | RequestInfo, init?: unknown) => fetch(url, { ...(init as RequestInit), credentials: 'include' }),
  };
  return trpc.createClient({
    links: [splitLink({ condition: (op) => op.context.alone === true, true: httpLink(options), false: httpBatchLink(options) })],
  });
}

/**
 * The query helpers outside React, for route loaders: the same cache and keys as the hooks, so a
 * loader's ensureData is what the component's useQuery then reads.
 * https://trpc.io/docs/client/react/createTRPCQueryUtils
 */
export function createTrpcUtils(queryClient: QueryClient, client: ReturnType<typeof createTrpcClient>) {
  return createTRPCQueryUtils<AppRouter>({ queryClient, client });
}
export type TrpcUtils = ReturnType<typeof createTrpcUtils>;

export interface Api {
  queryClient: QueryClient;
  client: ReturnType<typeof createTrpcClient>;
  /** tRPC's query helpers, for loaders (ensureData with the options the screen's useQuery uses). */
  utils: TrpcUtils;
}
let api: Api | undefined;

/** The one API client of the signed-in app, made on first use. */
export function connectApi(onUnauthorized: () => void): Api {
  if (!api) {
    const queryClient = createQueryClient(onUnauthorized);
    const client = createTrpcClient();
    api = { queryClient, client, utils: createTrpcUtils(queryClient, client) };
    holdFirstPaintWhile(() => queryClient.isFetching() > 0);
  }
  return api;
}

/** After signing out: nothing read for the last session stays in memory. */
export const clearApiCache = () => api?.queryClient.clear();
