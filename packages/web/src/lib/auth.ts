import { useSyncExternalStore } from 'react';
import { readStorage, storageKeys, writeStorage } from './storage.ts';

/**
 * What the browser remembers of the sign-in (SPEC §3: a flag and the username in local
 * storage). The server's session cookie decides: any 401 calls `signOut()`.
 */
export interface AuthState {
  isAuthenticated: boolean;
  username: string | null;
}

const listeners = new Set<() => void>();
let state: AuthState = read();

function read(): AuthState {
  const isAuthenticated = readStorage(storageKeys.isAuthenticated) === 'true';
  return { isAuthenticated, username: isAuthenticated ? readStorage(storageKeys.username) : null };
}

function set(next: AuthState) {
  state = next;
  listeners.forEach((listener) => listener());
}

export const auth = {
  get: () => state,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  signIn(username: string) {
    writeStorage(storageKeys.isAuthenticated, 'true');
    writeStorage(storageKeys.username, username);
    set({ isAuthenticated: true, username });
  },
  signOut() {
    writeStorage(storageKeys.isAuthenticated, null);
    writeStorage(storageKeys.username, null);
    set({ isAuthenticated: false, username: null });
  },
};
export type Auth = typeof auth;

// Another tab signing in or out changes this one too.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === storageKeys.isAuthenticated || event.key === storageKeys.username) set(read());
  });
}

export const useAuth = () => useSyncExternalStore(auth.subscribe, auth.get);
