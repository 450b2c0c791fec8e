import { randomBytes } from 'node:crypto';
import { securityEvent, type MemberActor } from '../audit/audit.repo.ts';
import type { SessionUser } from '../auth/auth.schema.ts';
import { sha256Hex } from '../credentials/password.ts';
import type { Db } from '../db/client.ts';
import { notFound } from '../error.ts';
import { fn } from '../fn.ts';
import { firstMemberId } from '../user/first-member.ts';
import { getUser, type StoredUser } from '../user/user.repo.ts';
import { SessionCache, type CachedSession } from './cache.ts';
import { revokeSessionInput, type SessionInfo } from './session.schema.ts';
import { deleteSession, getSession, listSessionItems, putSession, touchSession, type StoredSession } from './session.repo.ts';

export { assertConfirmed, markConfirmed } from './confirm-window.ts';

export const sessionMaxAgeSeconds = 12 * 60 * 60;
/** lastSeenAt is written at most this often per session (a write per call would double the cost). */
const lastSeenEveryMs = 60_000;

/** One cache per table (a process may serve several, e.g. in tests): a token is only ever looked up where it was issued. */
const caches = new WeakMap<Db, SessionCache>();
export function sessionCacheFor(db: Db) {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new SessionCache<CachedSession>((session) => session.userId)));
  return cache;
}

/** Where a sign-in comes from: the runtime's client address and the browser's User-Agent. */
export interface ClientInfo {
  address: string;
  userAgent?: string;
}

/** The member of a live session, and which session it is. */
export interface SessionPrincipal extends SessionUser {
  userId: string;
  sessionId: string;
  twoFactorEnabled: boolean;
}

const principalOf = (entry: CachedSession): SessionPrincipal => ({
  username: entry.username,
  userId: entry.userId,
  sessionId: entry.id ?? '',
  twoFactorEnabled: entry.twoFactorEnabled,
});

/**
 * A new 12-hour session for a member who has just proved who they are (sign-in, or accepting an
 * invitation), under the member's current session epoch.
 */
export async function openSession(db: Db, user: StoredUser, client: ClientInfo, now: number) {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = now + sessionMaxAgeSeconds * 1000;
  const tokenHash = sha256Hex(token);
  const actor = { userId: user.id, username: user.username, address: client.address };
  const signedIn = securityEvent(actor, 'sign_in', `Signed in from ${client.address}`);
  const session = {
    username: user.username,
    userId: user.id,
    createdAt: new Date(now).toISOString(),
    expiresAt,
    userAgent: client.userAgent?.slice(0, 500) ?? '',
    ip: client.address,
    epoch: user.sessionEpoch,
  };
  const id = await putSession(db, tokenHash, session, [signedIn]);
  const cached = {
    username: user.username,
    userId: user.id,
    twoFactorEnabled: user.twoFactorEnabled,
    expiresAt,
    epoch: user.sessionEpoch,
    id,
  };
  sessionCacheFor(db).set(tokenHash, cached, now);
  return { token, user: { username: user.username } satisfies SessionUser, expiresAt };
}

/** Sessions from before members name no member: they are the first member's. */
const memberOf = (session: { userId?: string }) => session.userId ?? firstMemberId;

/**
 * The signed-in member of a session token, or null when it is unknown, expired, its member is no
 * longer active, or it was issued under an earlier epoch of theirs (a reset, a disable or a
 * password change since). Served from the in-process cache when it can be (cache.ts: a revoke or
 * a disable elsewhere is seen within 4 s; here at once).
 */
export async function resolve(db: Db, token: string | undefined, now = Date.now()): Promise<SessionPrincipal | null> {
  if (!token || token.length > 200) return null;
  const tokenHash = sha256Hex(token);
  const cache = sessionCacheFor(db);
  const cached = cache.get(tokenHash, now);
  if (cached) return principalOf(cached);
  const session = await getSession(db, tokenHash);
  if (!session || session.expiresAt <= now) return null;
  const user = await getUser(db, memberOf(session));
  if (!user || user.status !== 'active' || session.epoch !== user.sessionEpoch) return null;
  if (now - Date.parse(session.lastSeenAt ?? session.createdAt) >= lastSeenEveryMs) {
    await touchSession(db, tokenHash, new Date(now).toISOString());
  }
  const entry = {
    username: user.username,
    userId: user.id,
    twoFactorEnabled: user.twoFactorEnabled,
    expiresAt: session.expiresAt,
    epoch: user.sessionEpoch,
    id: session.id,
  };
  cache.set(tokenHash, entry, now);
  return principalOf(entry);
}

/** Ends a session: its item goes, and this process forgets it at once. */
export async function logout(db: Db, token: string | undefined, client?: ClientInfo) {
  if (!token || token.length > 200) return;
  const tokenHash = sha256Hex(token);
  sessionCacheFor(db).delete(tokenHash);
  const session = await getSession(db, tokenHash);
  if (!session) return;
  const actor = { userId: memberOf(session), username: session.username, address: client?.address ?? session.ip ?? '' };
  await deleteSession(db, tokenHash, [securityEvent(actor, 'sign_out', 'Signed out')]);
}

/** One member's live sessions, newest first. */
async function liveSessionsOf(db: Db, userId: string, now: number) {
  return (await listSessionItems(db)).filter((s) => s.expiresAt > now && memberOf(s) === userId);
}

/** Manage Sessions: the caller's own live sessions (of their current epoch), newest first, marking this one. */
export async function list(db: Db, principal: { userId: string; sessionId: string }, now = Date.now()): Promise<SessionInfo[]> {
  const [sessions, user] = await Promise.all([liveSessionsOf(db, principal.userId, now), getUser(db, principal.userId)]);
  return sessions
    .filter((s) => s.epoch === user?.sessionEpoch)
    .map((s) => ({
      id: s.id,
      createdAt: s.createdAt,
      lastSeenAt: s.lastSeenAt ?? s.createdAt,
      userAgent: s.userAgent ?? '',
      ip: s.ip ?? '',
      current: s.id === principal.sessionId,
    }));
}

async function end(db: Db, session: StoredSession, actor: MemberActor, why: string) {
  sessionCacheFor(db).delete(session.tokenHash);
  const summary = `${why}: the session of ${session.username} from ${session.ip || 'an unknown address'} signed in at ${session.createdAt}`;
  await deleteSession(db, session.tokenHash, [securityEvent(actor, 'session_revoked', summary)]);
}

/** DELETE /api/auth/sessions/{id}: one of the caller's sessions, refused at once here, within seconds everywhere (docs/security.md). */
export const revoke = fn(revokeSessionInput, async (db, { id }, actor: MemberActor) => {
  const session = (await liveSessionsOf(db, actor.userId, Date.now())).find((s) => s.id === id);
  if (!session) throw notFound('Session');
  await end(db, session, actor, 'Revoked a session');
});

/** Signs out everywhere else: every listed session of the caller's but this one. */
export async function revokeOthers(
  db: Db,
  currentSessionId: string,
  actor: MemberActor,
  why = 'Signed out everywhere else',
  now = Date.now(),
) {
  const others = (await liveSessionsOf(db, actor.userId, now)).filter((s) => s.id !== currentSessionId);
  for (const session of others) await end(db, session, actor, why);
  return others.length;
}

/** A member's 2FA was turned on or off: this process reads their sessions afresh (others within 4 s). */
export function forgetMember(db: Db, userId: string) {
  sessionCacheFor(db).deleteWhere((entry) => entry.userId === userId);
}

/**
 * A member's session epoch has moved on (a reset, a disable, a password change): no session of
 * an earlier one is served from this process's cache again; their items are refused everywhere.
 */
export function retireSessionsBefore(db: Db, userId: string, epoch: number) {
  sessionCacheFor(db).retire(userId, epoch);
}

/**
 * Ends every listed session of a member (disabled or reset by someone else). One the listing
 * misses (its index is eventually consistent) is refused all the same: its epoch is past.
 */
export async function endAllOf(db: Db, userId: string, actor: MemberActor, why: string, now = Date.now()) {
  for (const session of await liveSessionsOf(db, userId, now)) await end(db, session, actor, why);
}
