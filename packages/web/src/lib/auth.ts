import { useSyncExternalStore } from 'react';
import { createStore } from './store.ts';
import { readStorage, storageKeys, writeStorage } from './storage.ts';

/**
 * What the browser remembers of the sign-in (SPEC §3: a flag and the username in local
 * storage). The server's session cookie decides: any 401 calls `signOut()`.
 */
export interface AuthState {
  isAuthenticated: boolean;
  username: string | null;
}

const state = createStore<AuthState>(read());

function read(): AuthState {
  const isAuthenticated = readStorage(storageKeys.isAuthenticated) === 'true';
  return { isAuthenticated, username: isAuthenticated ? readStorage(storageKeys.username) : null };
}

export const auth = {
  get: state.get,
  subscribe: state.subscribe,
  signIn(username: string) {
    writeStorage(storageKeys.isAuthenticated, 'true');
    writeStorage(storageKeys.username, username);
    state.set({ isAuthenticated: true, username });
  },
  signOut() {
    writeStorage(storageKeys.isAuthenticated, null);
    writeStorage(storageKeys.username, null);
    state.set({ isAuthenticated: false, username: null });
  },
};
export type Auth = typeof auth;

// Another tab signing in or out changes this one too.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === storageKeys.isAuthenticated || event.key === storageKeys.username) state.set(read());
  });
}

export const useAuth = () => useSyncExternalStore(auth.subscribe, auth.get);
