import { useEffect, useMemo, useRef } from 'react';

interface ListQuery<T> {
  data: T[] | undefined;
  isFetching: boolean;
  refetch: () => unknown;
}

/**
 * id -> label over a cached list (events, customers). Cached lists never go stale (SPEC §9), so
 * an id the cache does not know (a customer added in another tab) refetches the list once
 * before the row settles for 'Unknown ...'.
 */
export function useLookup<T extends { id: string }>(query: ListQuery<T>, label: (item: T) => string, ids: readonly string[]) {
  const map = useMemo(() => new Map((query.data ?? []).map((item) => [item.id, label(item)])), [query.data, label]);
  const refetched = useRef(false);
  const missing = query.data !== undefined && ids.some((id) => !map.has(id));
  useEffect(() => {
    if (missing && !query.isFetching && !refetched.current) {
      refetched.current = true;
      void query.refetch();
    }
  }, [missing, query]);
  return map;
}
