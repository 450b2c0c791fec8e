/**
 * A value the app keeps outside React (the sign-in flag, the profile, the connection state),
 * read by components with `useSyncExternalStore(store.subscribe, store.get)`.
 */
export function createStore<T>(initial: T) {
  let value = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => value,
    set(next: T) {
      value = next;
      listeners.forEach((listener) => listener());
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}
