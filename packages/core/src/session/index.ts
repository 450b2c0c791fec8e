import { randomBytes } from 'node:crypto';
import { changePasswordForm, loginInput, type SessionUser } from '../auth/auth.schema.ts';
import { twoFactorRequired } from '../auth/login.rules.ts';
import type { Db } from '../db/client.ts';
import { DomainError, notFound } from '../error.ts';
import * as TwoFactor from '../two-factor/index.ts';
import { SessionCache } from './cache.ts';
import { passwordMatches, type AdminCredentials } from './credentials.ts';
import { hashPassword, sameSecret, sha256Hex } from './password.ts';
import { revokeSessionInput, type SessionInfo } from './session.schema.ts';
import {
  deleteSession,
  getAdminCredentials,
  getSession,
  listSessionItems,
  putAdminCredentials,
  putSession,
  touchSession,
} from './session.repo.ts';
import { assertNotLocked, clearFailures, recordFailure } from './throttle.ts';

export type { AdminCredentials } from './credentials.ts';
export { maxFailedLogins } from './throttle.ts';

export const sessionMaxAgeSeconds = 12 * 60 * 60;
/** lastSeenAt is written at most this often per session (a write per call would double the cost). */
const lastSeenEveryMs = 60_000;

/** One cache per table (a process may serve several, e.g. in tests): a token is only ever looked up where it was issued. */
const caches = new WeakMap<Db, SessionCache>();
export function sessionCacheFor(db: Db) {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new SessionCache()));
  return cache;
}

/** Where a sign-in comes from: the runtime's client address and the browser's User-Agent. */
export interface ClientInfo {
  address: string;
  userAgent?: string;
}

/** The user of a live session, and which session it is. */
export interface SessionPrincipal extends SessionUser {
  sessionId: string;
}

const invalidLogin = () => new DomainError('unauthorized', 'Invalid username or password');

/**
 * Checks the credentials (and the second factor when it is on) and opens a 12-hour session.
 * Failures, wrong codes included, are counted per username and client address (throttle.ts).
 */
export async function login(db: Db, admin: AdminCredentials, rawInput: unknown, client: ClientInfo, now = Date.now()) {
  const { username, password, code } = loginInput.parse(rawInput);
  const attempt = { username, address: client.address };
  const hadFailures = await assertNotLocked(db, attempt, now);

  const userOk = sameSecret(username, admin.username);
  const passOk = await passwordMatches(db, admin, password);
  if (!userOk || !passOk) {
    await recordFailure(db, attempt, now);
    throw invalidLogin();
  }
  if (await TwoFactor.isEnabled(db)) {
    if (!code) throw new DomainError('unauthorized', twoFactorRequired);
    if (!(await TwoFactor.verifyCode(db, code, now))) {
      await recordFailure(db, attempt, now);
      throw new DomainError('unauthorized', 'Invalid two-factor code');
    }
  }
  if (hadFailures) await clearFailures(db, attempt);

  const token = randomBytes(32).toString('base64url');
  const expiresAt = now + sessionMaxAgeSeconds * 1000;
  const tokenHash = sha256Hex(token);
  const createdAt = new Date(now).toISOString();
  const id = await putSession(db, tokenHash, {
    username: admin.username,
    createdAt,
    expiresAt,
    userAgent: client.userAgent?.slice(0, 500) ?? '',
    ip: client.address,
  });
  sessionCacheFor(db).set(tokenHash, { username: admin.username, expiresAt, id }, now);
  return { token, user: { username: admin.username } satisfies SessionUser, expiresAt };
}

/**
 * The signed-in user of a session token, or null when it is unknown or expired. Served from the
 * in-process cache when it can be (session/cache.ts says what that trades).
 */
export async function resolve(db: Db, token: string | undefined, now = Date.now()): Promise<SessionPrincipal | null> {
  if (!token || token.length > 200) return null;
  const tokenHash = sha256Hex(token);
  const cache = sessionCacheFor(db);
  const cached = cache.get(tokenHash, now);
  if (cached) return { username: cached.username, sessionId: cached.id ?? '' };
  const session = await getSession(db, tokenHash);
  if (!session || session.expiresAt <= now) return null;
  if (now - Date.parse(session.lastSeenAt ?? session.createdAt) >= lastSeenEveryMs) {
    await touchSession(db, tokenHash, new Date(now).toISOString());
  }
  cache.set(tokenHash, { username: session.username, expiresAt: session.expiresAt, id: session.id }, now);
  return { username: session.username, sessionId: session.id };
}

/** Ends a session: its item goes, and this process forgets it at once. */
export async function logout(db: Db, token: string | undefined) {
  if (!token || token.length > 200) return;
  const tokenHash = sha256Hex(token);
  sessionCacheFor(db).delete(tokenHash);
  await deleteSession(db, tokenHash);
}

async function liveSessions(db: Db, now: number) {
  return (await listSessionItems(db)).filter((s) => s.expiresAt > now);
}

/** Manage Sessions: the live sessions, newest first, marking the caller's own. */
export async function list(db: Db, currentSessionId: string, now = Date.now()): Promise<SessionInfo[]> {
  return (await liveSessions(db, now)).map((s) => ({
    id: s.id,
    createdAt: s.createdAt,
    lastSeenAt: s.lastSeenAt ?? s.createdAt,
    userAgent: s.userAgent ?? '',
    ip: s.ip ?? '',
    current: s.id === currentSessionId,
  }));
}

async function end(db: Db, tokenHash: string) {
  sessionCacheFor(db).delete(tokenHash);
  await deleteSession(db, tokenHash);
}

/** Revokes one session by its id: its next call is refused at once (by this process; see docs/security.md). */
export async function revoke(db: Db, rawInput: unknown, now = Date.now()) {
  const { id } = revokeSessionInput.parse(rawInput);
  const session = (await liveSessions(db, now)).find((s) => s.id === id);
  if (!session) throw notFound('Session');
  await end(db, session.tokenHash);
}

/** Signs out everywhere else: every session but the caller's. */
export async function revokeOthers(db: Db, currentSessionId: string, now = Date.now()) {
  const others = (await liveSessions(db, now)).filter((s) => s.id !== currentSessionId);
  await Promise.all(others.map((s) => end(db, s.tokenHash)));
  return others.length;
}

/** Settings > Security: checks the current password, stores the new one hashed, and ends every other session. */
export async function changePassword(db: Db, admin: AdminCredentials, rawInput: unknown, currentSessionId: string) {
  const input = changePasswordForm.parse(rawInput);
  const stored = await getAdminCredentials(db);
  if (!(await passwordMatches(db, admin, input.currentPassword))) {
    throw new DomainError('invalid', 'The current password is not correct');
  }
  try {
    await putAdminCredentials(db, await hashPassword(input.newPassword), stored?.version);
  } catch (error) {
    if (error instanceof Error && error.name === 'ConditionalCheckFailedException') {
      throw new DomainError('conflict', 'The password was changed at the same time elsewhere. Sign in again and retry.');
    }
    throw error;
  }
  await revokeOthers(db, currentSessionId);
}
