import { randomBytes } from 'node:crypto';
import { changePasswordForm, loginInput, type SessionUser } from '../auth/auth.schema.ts';
import { auditPut } from '../audit/audit.repo.ts';
import type { Db } from '../db/client.ts';
import { failedConditions } from '../db/write.ts';
import { DomainError } from '../error.ts';
import { SessionCache } from './cache.ts';
import { hashPassword, sameSecret, sha256Hex, verifyPasswordHash } from './password.ts';
import {
  addThrottleFailure,
  clearThrottle,
  deleteSession,
  getAdminCredentials,
  getSession,
  getThrottle,
  lockThrottle,
  putAdminCredentials,
  putSession,
} from './session.repo.ts';

export const sessionMaxAgeSeconds = 12 * 60 * 60;

/** One cache per table (a process may serve several, e.g. in tests): a token is only ever looked up where it was issued. */
const caches = new WeakMap<Db, SessionCache>();
export function sessionCacheFor(db: Db) {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new SessionCache()));
  return cache;
}
export const maxFailedLogins = 5;
export const lockoutMs = 5 * 60 * 1000;

/** The configured administrator (env locally, SST secret on AWS). */
export interface AdminCredentials {
  username: string;
  password: string;
}

const invalidLogin = () => new DomainError('unauthorized', 'Invalid username or password');
const lockedOut = (until: number, now: number) =>
  new DomainError(
    'rate_limited',
    `Too many failed sign-in attempts. Try again in ${Math.max(1, Math.ceil((until - now) / 60_000))} minute(s).`,
  );

async function passwordMatches(db: Db, admin: AdminCredentials, password: string) {
  const stored = await getAdminCredentials(db);
  // A password changed in Settings > Security replaces the configured one.
  return stored ? verifyPasswordHash(password, stored.passwordHash) : sameSecret(password, admin.password);
}

/**
 * Checks the credentials and opens a 12-hour session. Five failures in a row for a username
 * lock it for five minutes (429), whatever password comes next.
 */
export async function login(db: Db, admin: AdminCredentials, rawInput: unknown, now = Date.now()) {
  const { username, password } = loginInput.parse(rawInput);
  const throttle = await getThrottle(db, username);
  if (throttle?.lockedUntil && throttle.lockedUntil > now) throw lockedOut(throttle.lockedUntil, now);

  const userOk = sameSecret(username, admin.username);
  const passOk = await passwordMatches(db, admin, password);
  if (!userOk || !passOk) {
    const record = auditPut({
      actor: username,
      action: 'sign_in_failed',
      entity: 'auth',
      entityId: username,
      summary: `Failed sign-in as ${username}`,
      notable: true,
    });
    const failures = await addThrottleFailure(db, username, now + lockoutMs, [record]);
    if (failures >= maxFailedLogins) {
      await lockThrottle(db, username, now + lockoutMs);
      throw lockedOut(now + lockoutMs, now);
    }
    throw invalidLogin();
  }
  if (throttle) await clearThrottle(db, username);

  const token = randomBytes(32).toString('base64url');
  const expiresAt = now + sessionMaxAgeSeconds * 1000;
  const tokenHash = sha256Hex(token);
  const record = auditPut({ actor: admin.username, action: 'sign_in', entity: 'auth', entityId: admin.username, summary: 'Signed in' });
  await putSession(db, tokenHash, { username: admin.username, createdAt: new Date(now).toISOString(), expiresAt }, [record]);
  sessionCacheFor(db).set(tokenHash, { username: admin.username, expiresAt }, now);
  return { token, user: { username: admin.username } satisfies SessionUser, expiresAt };
}

/**
 * The signed-in user of a session token, or null when it is unknown or expired. Served from the
 * in-process cache when it can be (session/cache.ts says what that trades).
 */
export async function resolve(db: Db, token: string | undefined, now = Date.now()): Promise<SessionUser | null> {
  if (!token || token.length > 200) return null;
  const tokenHash = sha256Hex(token);
  const cache = sessionCacheFor(db);
  const cached = cache.get(tokenHash, now);
  if (cached) return { username: cached.username };
  const session = await getSession(db, tokenHash);
  if (!session || session.expiresAt <= now) return null;
  cache.set(tokenHash, { username: session.username, expiresAt: session.expiresAt }, now);
  return { username: session.username };
}

/** Ends a session: its item goes, and this process forgets it at once. */
export async function logout(db: Db, token: string | undefined) {
  if (!token || token.length > 200) return;
  const tokenHash = sha256Hex(token);
  sessionCacheFor(db).delete(tokenHash);
  const session = await getSession(db, tokenHash);
  if (!session) return;
  const record = auditPut({
    actor: session.username,
    action: 'sign_out',
    entity: 'auth',
    entityId: session.username,
    summary: 'Signed out',
  });
  await deleteSession(db, tokenHash, [record]);
}

/** Settings > Security: checks the current password, then stores the new one hashed. */
export async function changePassword(db: Db, admin: AdminCredentials, rawInput: unknown, actor: string) {
  const input = changePasswordForm.parse(rawInput);
  const stored = await getAdminCredentials(db);
  const currentOk = stored
    ? await verifyPasswordHash(input.currentPassword, stored.passwordHash)
    : sameSecret(input.currentPassword, admin.password);
  if (!currentOk) throw new DomainError('invalid', 'The current password is not correct');
  try {
    const record = auditPut({ actor, action: 'password_change', entity: 'auth', entityId: actor, summary: 'Changed the password' });
    await putAdminCredentials(db, await hashPassword(input.newPassword), stored?.version, [record]);
  } catch (error) {
    if (failedConditions(error)?.includes(0)) {
      throw new DomainError('conflict', 'The password was changed at the same time elsewhere. Sign in again and retry.');
    }
    throw error;
  }
}
