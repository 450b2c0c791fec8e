import { useSyncExternalStore } from 'react';
import { initials } from '@event-admin/core/customer/customer.rules';
import { logoUrl } from './brand.ts';
import { readStorage, storageKeys, writeStorage } from './storage.ts';
import { createStore } from './store.ts';

/** The current user's profile (SPEC §3): browser-only, with a sample default. */
export interface UserProfile {
  name: string;
  email: string;
  bio: string;
  avatarUrl: string;
}

export const defaultProfile: UserProfile = {
  name: 'Alex Morgan',
  email: 'alex.morgan@northstar-events.example',
  bio: 'Runs ticketing and event operations for Northstar Events.',
  avatarUrl: logoUrl,
};

function read(): UserProfile {
  const raw = readStorage(storageKeys.userProfile);
  if (!raw) return defaultProfile;
  try {
    const value = JSON.parse(raw) as Partial<UserProfile>;
    if (typeof value?.name !== 'string' || typeof value.email !== 'string') return defaultProfile;
    return { ...defaultProfile, ...value };
  } catch (error) {
    console.error('The stored profile is unreadable; using the default', error);
    return defaultProfile;
  }
}

const store = createStore(read());

export const profileStore = {
  get: store.get,
  subscribe: store.subscribe,
  save(next: UserProfile) {
    store.set(next);
    writeStorage(storageKeys.userProfile, JSON.stringify(next));
  },
};

export const useProfile = () => useSyncExternalStore(profileStore.subscribe, profileStore.get);

/** Avatar letters: the first two of the username, in capitals, or AD (SPEC §2). */
export const avatarInitials = (username: string | null | undefined) => (username ?? '').trim().slice(0, 2).toUpperCase() || 'AD';

export { initials };
