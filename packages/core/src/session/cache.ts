/**
 * Live sessions remembered in this process, so a signed-in call does not read its session item
 * on every request: a screen's burst of calls would otherwise read it once each. The trade-off: a
 * session ended elsewhere (a logout or revoke served by another Lambda instance, or its item
 * deleted by hand) is still honoured here for up to `ttlMs`, 4 seconds. A logout served by
 * this process evicts it at once, and a session is never served past its own expiry.
 */
export interface CachedSession {
  username: string;
  userId: string;
  /** whether the member has 2FA on (the team's 2FA rule reads it on every call) */
  twoFactorEnabled: boolean;
  /** when the session itself ends (ms since the epoch) */
  expiresAt: number;
  /** the session's public id (not its token) */
  id?: string;
}

/** Anything cached by the hash of a secret that ends at `expiresAt` (sessions, API tokens). */
interface Expiring {
  expiresAt: number;
}

/** A revoke served by another instance is seen within this: docs/security.md states it. */
export const sessionCacheTtlMs = 4_000;
export const sessionCacheMaxEntries = 1000;

export class SessionCache<T extends Expiring = CachedSession> {
  readonly #entries = new Map<string, { value: T; cachedUntil: number }>();

  constructor(
    readonly ttlMs = sessionCacheTtlMs,
    readonly maxEntries = sessionCacheMaxEntries,
  ) {}

  /** The session of a token hash if it is cached, fresh and not expired; otherwise undefined. */
  get(tokenHash: string, now = Date.now()): T | undefined {
    const entry = this.#entries.get(tokenHash);
    if (!entry) return undefined;
    if (entry.cachedUntil <= now || entry.value.expiresAt <= now) {
      this.#entries.delete(tokenHash);
      return undefined;
    }
    // Most recently used last: the oldest entry is the one evicted when full.
    this.#entries.delete(tokenHash);
    this.#entries.set(tokenHash, entry);
    return entry.value;
  }

  set(tokenHash: string, value: T, now = Date.now()) {
    if (value.expiresAt <= now || this.ttlMs <= 0) return;
    this.#entries.delete(tokenHash);
    while (this.#entries.size >= this.maxEntries) this.#entries.delete(this.#entries.keys().next().value!);
    this.#entries.set(tokenHash, { value, cachedUntil: Math.min(now + this.ttlMs, value.expiresAt) });
  }

  delete(tokenHash: string) {
    this.#entries.delete(tokenHash);
  }

  /** Forgets every entry a test picks (e.g. the tokens of a member just disabled). */
  deleteWhere(picked: (value: T) => boolean) {
    for (const [key, entry] of this.#entries) if (picked(entry.value)) this.#entries.delete(key);
  }

  get size() {
    return this.#entries.size;
  }
}
