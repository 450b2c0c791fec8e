/** Local storage that never throws: failures are only logged (SPEC §8). */
export const storageKeys = {
  isAuthenticated: 'isAuthenticated',
  username: 'username',
  userProfile: 'userProfile',
  /** the business's time zone last seen (lib/business-zone.ts): not personal, kept across sign-outs */
  businessZone: 'businessTimeZone',
} as const;

export function readStorage(key: string): string | null {
  // The build-time render of /login (prerender.tsx) runs without a browser: nothing is stored.
  if (typeof window === 'undefined') return null;
  try {
    return window.localStorage.getItem(key);
  } catch (error) {
    console.error(`Could not read "${key}" from local storage`, error);
    return null;
  }
}

export function writeStorage(key: string, value: string | null) {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch (error) {
    console.error(`Could not write "${key}" to local storage`, error);
  }
}
