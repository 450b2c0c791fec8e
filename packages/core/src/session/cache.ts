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
  /** the member's credential epoch the session was issued under (user.repo.ts) */
  epoch: number;
  /** the session's public id (not its token) */
  id?: string;
}

/** Anything cached by the hash of a secret that ends at `expiresAt` and was issued to a member under an epoch (sessions, API tokens). */
interface Issued {
  expiresAt: number;
  epoch: number;
}

/** A revoke served by another instance is seen within this: docs/security.md states it. */
export const sessionCacheTtlMs = 4_000;
export const sessionCacheMaxEntries = 1000;

export class SessionCache<T extends Issued = CachedSession> {
  readonly #entries = new Map<string, { value: T; cachedUntil: number }>();
  /** per member, the lowest epoch still good, once this process has moved it on (retire) */
  readonly #floors = new Map<string, number>();

  constructor(
    /** the member a cached secret was issued to */
    readonly memberOf: (value: T) => string,
    readonly ttlMs = sessionCacheTtlMs,
    readonly maxEntries = sessionCacheMaxEntries,
  ) {}

  /** The session of a token hash if it is cached, fresh, not expired and of a current epoch; otherwise undefined. */
  get(tokenHash: string, now = Date.now()): T | undefined {
    const entry = this.#entries.get(tokenHash);
    if (!entry) return undefined;
    if (entry.cachedUntil <= now || entry.value.expiresAt <= now || this.#retired(entry.value)) {
      this.#entries.delete(tokenHash);
      return undefined;
    }
    // Most recently used last: the oldest entry is the one evicted when full.
    this.#entries.delete(tokenHash);
    this.#entries.set(tokenHash, entry);
    return entry.value;
  }

  set(tokenHash: string, value: T, now = Date.now()) {
    if (value.expiresAt <= now || this.ttlMs <= 0 || this.#retired(value)) return;
    this.#entries.delete(tokenHash);
    while (this.#entries.size >= this.maxEntries) this.#entries.delete(this.#entries.keys().next().value!);
    this.#entries.set(tokenHash, { value, cachedUntil: Math.min(now + this.ttlMs, value.expiresAt) });
  }

  delete(tokenHash: string) {
    this.#entries.delete(tokenHash);
  }

  /** Forgets every entry a test picks (e.g. the sessions of a member whose 2FA just changed). */
  deleteWhere(picked: (value: T) => boolean) {
    for (const [key, entry] of this.#entries) if (picked(entry.value)) this.#entries.delete(key);
  }

  /**
   * A member's epoch has moved on to `epoch`: whatever was issued under an earlier one is never
   * served from here again, including an entry a read begun before the change puts back later.
   */
  retire(member: string, epoch: number) {
    this.#floors.set(member, Math.max(epoch, this.#floors.get(member) ?? 0));
    this.deleteWhere((value) => this.memberOf(value) === member && value.epoch < epoch);
  }

  #retired(value: T) {
    return value.epoch < (this.#floors.get(this.memberOf(value)) ?? 0);
  }

  get size() {
    return this.#entries.size;
  }
}
