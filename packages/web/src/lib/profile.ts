import { useSyncExternalStore } from 'react';
import { initials } from '@event-admin/core/customer/customer.rules';
import { logoUrl } from './brand.ts';
import { readStorage, storageKeys, writeStorage } from './storage.ts';

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

const listeners = new Set<() => void>();
let profile = read();

export const profileStore = {
  get: () => profile,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  save(next: UserProfile) {
    profile = next;
    writeStorage(storageKeys.userProfile, JSON.stringify(next));
    listeners.forEach((l) => l());
  },
};

export const useProfile = () => useSyncExternalStore(profileStore.subscribe, profileStore.get);

/** Avatar letters: the first two of the username, in capitals, or AD (SPEC §2). */
export const avatarInitials = (username: string | null | undefined) =>
  (username ?? '').trim().slice(0, 2).toUpperCase() || 'AD';

export { initials };
