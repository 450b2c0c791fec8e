import { securityEvent, type MemberActor } from '../audit/audit.repo.ts';
import { failedConditions } from '../db/write.ts';
import { randomBytes } from 'node:crypto';
import {
  changePasswordForm,
  confirmationRequired,
  confirmPasswordForm,
  confirmWindowMs,
  loginInput,
  type SessionUser,
} from '../auth/auth.schema.ts';
import * as ApiToken from '../api-token/index.ts';
import { twoFactorRequired } from '../auth/login.rules.ts';
import type { Db } from '../db/client.ts';
import { DomainError, notFound } from '../error.ts';
import * as TwoFactor from '../two-factor/index.ts';
import { disableTwoFactorForm } from '../two-factor/two-factor.schema.ts';
import { SessionCache } from './cache.ts';
import { type AdminCredentials } from './credentials.ts';
import { hashPassword, needsRehash, sameSecret, sha256Hex, verifyPasswordHash } from './password.ts';
import { revokeSessionInput, type SessionInfo } from './session.schema.ts';
import {
  confirmSession,
  deleteSession,
  getSession,
  listSessionItems,
  putSession,
  touchSession,
  type StoredSession,
} from './session.repo.ts';
import * as User from '../user/index.ts';
import { getUser, userUpdate, writeUser, type StoredUser } from '../user/user.repo.ts';
import { firstMemberId } from '../user/first-member.ts';
import { admitAttempt, clearFailures, recordFailure, releaseAttempt, type Attempt } from './throttle.ts';

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

/** The member of a live session, and which session it is. */
export interface SessionPrincipal extends SessionUser {
  userId: string;
  sessionId: string;
  twoFactorEnabled: boolean;
}

const invalidLogin = () => new DomainError('unauthorized', 'Invalid username or password');
const wrongPassword = () => new DomainError('invalid', 'The password is not correct');

/** Whether a password is this member's: their own hash, or for the first member before they set one, the configured password. */
async function isMembersPassword(admin: AdminCredentials, user: StoredUser | undefined, password: string) {
  if (user?.status === 'active' && user.passwordHash) return verifyPasswordHash(password, user.passwordHash);
  if (user?.status === 'active' && user.id === firstMemberId) return sameSecret(password, admin.password);
  // No such member (or not active): spend what a real check costs, so the time taken does not
  // tell an attacker which usernames exist.
  await verifyPasswordHash(password, await decoyHash());
  return false;
}

let decoy: Promise<string> | undefined;
const decoyHash = () => (decoy ??= hashPassword(randomBytes(16).toString('base64url')));

/**
 * Checks a member's password, counted against the lockout before it is looked at (throttle.ts):
 * a wrong one is recorded (429 from the fifth). True when it is right; the caller clears the
 * count once the whole check (a second factor too) has passed. An unknown, invited or disabled
 * member fails exactly like a wrong password.
 */
async function countedPasswordCheck(
  db: Db,
  admin: AdminCredentials,
  attempt: Attempt,
  user: StoredUser | undefined,
  password: string,
  now: number,
  what: string,
) {
  await admitAttempt(db, attempt, now);
  if (await isMembersPassword(admin, user, password)) return true;
  await recordFailure(db, attempt, now, what);
  return false;
}

/**
 * The second factor of a check whose password was right: a missing code gives the attempt back
 * (the caller asks for it), a wrong one is counted as a failure.
 */
async function secondFactor(db: Db, attempt: Attempt, user: StoredUser, code: string | undefined, now: number, what: string) {
  if (!(await TwoFactor.isEnabled(db, user.id))) return 'none' as const;
  if (!code) {
    await releaseAttempt(db, attempt);
    return 'missing' as const;
  }
  if (await TwoFactor.verifyCode(db, code, { userId: user.id, username: user.username, address: attempt.address }, now))
    return 'passed' as const;
  await recordFailure(db, attempt, now, what);
  return 'wrong' as const;
}

/**
 * After a successful sign-in: the time, and a stored hash of an older, cheaper cost hashed again
 * at today's (the password is only known now). Best effort: a change made meanwhile wins.
 */
async function afterSignIn(db: Db, user: StoredUser, password: string, now: number) {
  const set: Record<string, unknown> = { lastSignInAt: new Date(now).toISOString() };
  if (user.passwordHash && needsRehash(user.passwordHash)) set.passwordHash = await hashPassword(password);
  try {
    await writeUser(db, [userUpdate(user, set)]);
  } catch (error) {
    if (failedConditions(error) === null) throw error;
  }
}

/**
 * Checks a member's credentials (and their second factor when it is on) and opens a 12-hour
 * session. Every password check is counted before it is made, per username and client address.
 */
export async function login(db: Db, admin: AdminCredentials, rawInput: unknown, client: ClientInfo, now = Date.now()) {
  const { username, password, code } = loginInput.parse(rawInput);
  await User.ensureFirstMember(db, admin);
  const attempt = { username, address: client.address };
  // a username that is not valid is no member: it fails like a wrong password
  const user = await User.getUserByUsername(db, username);
  if (!(await countedPasswordCheck(db, admin, attempt, user, password, now, 'sign-in')) || !user) throw invalidLogin();
  const factor = await secondFactor(db, attempt, user, code, now, 'sign-in');
  if (factor === 'missing') throw new DomainError('unauthorized', twoFactorRequired);
  if (factor === 'wrong') throw new DomainError('unauthorized', 'Invalid two-factor code');
  await clearFailures(db, attempt);
  await afterSignIn(db, user, password, now);
  return openSession(db, user, client, now);
}

/** A new session for a member who has just proved who they are (sign-in, or accepting an invitation). */
async function openSession(db: Db, user: StoredUser, client: ClientInfo, now: number) {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = now + sessionMaxAgeSeconds * 1000;
  const tokenHash = sha256Hex(token);
  const createdAt = new Date(now).toISOString();
  const signedIn = securityEvent({ username: user.username, address: client.address }, 'sign_in', `Signed in from ${client.address}`);
  const session = {
    username: user.username,
    userId: user.id,
    createdAt,
    expiresAt,
    userAgent: client.userAgent?.slice(0, 500) ?? '',
    ip: client.address,
  };
  const id = await putSession(db, tokenHash, session, [signedIn]);
  sessionCacheFor(db).set(
    tokenHash,
    { username: user.username, userId: user.id, twoFactorEnabled: user.twoFactorEnabled, expiresAt, id },
    now,
  );
  return { token, user: { username: user.username } satisfies SessionUser, expiresAt };
}

/** POST /api/auth/accept-invite: sets the new member's password and signs them in. */
export async function acceptInvite(db: Db, rawInput: unknown, client: ClientInfo, now = Date.now()) {
  const user = await User.acceptInvite(db, rawInput, client.address, now);
  return openSession(db, user, client, now);
}

/** Sessions from before members name no member: they are the first member's. */
const memberOf = (session: { userId?: string }) => session.userId ?? firstMemberId;

/**
 * The signed-in member of a session token, or null when it is unknown, expired, or its member is
 * no longer active. Served from the in-process cache when it can be (session/cache.ts: a revoke
 * or a disable elsewhere is seen within 4 s).
 */
export async function resolve(db: Db, token: string | undefined, now = Date.now()): Promise<SessionPrincipal | null> {
  if (!token || token.length > 200) return null;
  const tokenHash = sha256Hex(token);
  const cache = sessionCacheFor(db);
  const cached = cache.get(tokenHash, now);
  if (cached)
    return { username: cached.username, userId: cached.userId, sessionId: cached.id ?? '', twoFactorEnabled: cached.twoFactorEnabled };
  const session = await getSession(db, tokenHash);
  if (!session || session.expiresAt <= now) return null;
  const user = await getUser(db, memberOf(session));
  if (!user || user.status !== 'active') return null;
  if (now - Date.parse(session.lastSeenAt ?? session.createdAt) >= lastSeenEveryMs) {
    await touchSession(db, tokenHash, new Date(now).toISOString());
  }
  const entry = {
    username: user.username,
    userId: user.id,
    twoFactorEnabled: user.twoFactorEnabled,
    expiresAt: session.expiresAt,
    id: session.id,
  };
  cache.set(tokenHash, entry, now);
  return { username: user.username, userId: user.id, sessionId: session.id, twoFactorEnabled: user.twoFactorEnabled };
}

/**
 * Account changes (API tokens, 2FA, sessions, the password) go ahead only when this session's
 * password was confirmed within the last 10 minutes; otherwise 403 with the words the web
 * answers with its Confirm password dialog. Read from the item itself, never the cache.
 */
export async function assertConfirmed(db: Db, token: string | undefined, now = Date.now()) {
  const session = token && token.length <= 200 ? await getSession(db, sha256Hex(token)) : undefined;
  if (!session || session.expiresAt <= now) throw new DomainError('unauthorized', 'Please sign in to continue');
  if (!session.confirmedAt || now - session.confirmedAt > confirmWindowMs) throw new DomainError('forbidden', confirmationRequired);
}

/**
 * POST /api/auth/confirm: the password (and a code when 2FA is on) again, counted against the
 * lockout like a sign-in, opens the window for account changes in this session.
 */
export async function confirm(
  db: Db,
  admin: AdminCredentials,
  rawInput: unknown,
  token: string | undefined,
  client: ClientInfo,
  now = Date.now(),
) {
  const { password, code } = confirmPasswordForm.parse(rawInput);
  const principal = await resolve(db, token, now);
  if (!principal || !token) throw new DomainError('unauthorized', 'Please sign in to continue');
  const user = await getUser(db, principal.userId);
  const attempt = { username: principal.username, address: client.address };
  if (!(await countedPasswordCheck(db, admin, attempt, user, password, now, 'password confirmation')) || !user) throw wrongPassword();
  const factor = await secondFactor(db, attempt, user, code, now, 'password confirmation');
  if (factor === 'missing') throw new DomainError('invalid', twoFactorRequired);
  if (factor === 'wrong') throw new DomainError('invalid', 'Invalid two-factor code');
  await clearFailures(db, attempt);
  const record = securityEvent(attempt, 'confirm', 'Confirmed the password for account changes');
  if (!(await confirmSession(db, sha256Hex(token), now, [record]))) throw new DomainError('unauthorized', 'Please sign in to continue');
}

/** Ends a session: its item goes, and this process forgets it at once. */
export async function logout(db: Db, token: string | undefined, client?: ClientInfo) {
  if (!token || token.length > 200) return;
  const tokenHash = sha256Hex(token);
  sessionCacheFor(db).delete(tokenHash);
  const session = await getSession(db, tokenHash);
  if (!session) return;
  const record = securityEvent({ username: session.username, address: client?.address ?? session.ip ?? '' }, 'sign_out', 'Signed out');
  await deleteSession(db, tokenHash, [record]);
}

/** One member's live sessions, newest first. */
async function liveSessionsOf(db: Db, userId: string, now: number) {
  return (await listSessionItems(db)).filter((s) => s.expiresAt > now && memberOf(s) === userId);
}

/** Manage Sessions: the caller's own live sessions, newest first, marking this one. */
export async function list(db: Db, principal: { userId: string; sessionId: string }, now = Date.now()): Promise<SessionInfo[]> {
  return (await liveSessionsOf(db, principal.userId, now)).map((s) => ({
    id: s.id,
    createdAt: s.createdAt,
    lastSeenAt: s.lastSeenAt ?? s.createdAt,
    userAgent: s.userAgent ?? '',
    ip: s.ip ?? '',
    current: s.id === principal.sessionId,
  }));
}

async function end(db: Db, session: StoredSession, actor: { username: string; address: string }, why: string) {
  sessionCacheFor(db).delete(session.tokenHash);
  const summary = `${why}: the session of ${session.username} from ${session.ip || 'an unknown address'} signed in at ${session.createdAt}`;
  await deleteSession(db, session.tokenHash, [securityEvent(actor, 'session_revoked', summary)]);
}

/** Revokes one of the caller's sessions by its id: refused at once here, within seconds everywhere (docs/security.md). */
export async function revoke(db: Db, rawInput: unknown, actor: MemberActor, now = Date.now()) {
  const { id } = revokeSessionInput.parse(rawInput);
  const session = (await liveSessionsOf(db, actor.userId, now)).find((s) => s.id === id);
  if (!session) throw notFound('Session');
  await end(db, session, actor, 'Revoked a session');
}

/** Signs out everywhere else: every session of the caller's but this one. */
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

/** Ends every session of a member (disabled or reset by someone else), and forgets their tokens here at once. */
export async function endAllOf(db: Db, userId: string, actor: { username: string; address: string }, why: string, now = Date.now()) {
  for (const session of await liveSessionsOf(db, userId, now)) await end(db, session, actor, why);
  ApiToken.forgetOwner(db, userId);
}

/**
 * Settings > Security: checks the current password (counted like a sign-in), stores the new one
 * hashed, ends the member's other sessions and, unless `keepTokens`, revokes the API tokens they
 * created: whoever learnt the old password may have made one.
 */
export async function changePassword(
  db: Db,
  admin: AdminCredentials,
  rawInput: unknown,
  currentSessionId: string,
  actor: MemberActor,
  now = Date.now(),
) {
  const input = changePasswordForm.parse(rawInput);
  const user = await getUser(db, actor.userId);
  const attempt = { username: actor.username, address: actor.address };
  if (!(await countedPasswordCheck(db, admin, attempt, user, input.currentPassword, now, 'password change')) || !user) {
    throw new DomainError('invalid', 'The current password is not correct');
  }
  await clearFailures(db, attempt);
  try {
    const record = securityEvent(actor, 'password_change', 'Changed the password');
    await writeUser(db, [userUpdate(user, { passwordHash: await hashPassword(input.newPassword) }), record]);
  } catch (error) {
    if (failedConditions(error)?.includes(0)) {
      throw new DomainError('conflict', 'The password was changed at the same time elsewhere. Sign in again and retry.');
    }
    throw error;
  }
  await revokeOthers(db, currentSessionId, actor, 'Ended with the password change', now);
  if (!input.keepTokens) await ApiToken.revokeCreatedBy(db, actor);
}

/** Settings > Security > Disable 2FA: the password (counted like a sign-in), then a code. */
export async function disableTwoFactor(db: Db, admin: AdminCredentials, rawInput: unknown, actor: MemberActor, now = Date.now()) {
  const input = disableTwoFactorForm.parse(rawInput);
  if (!(await TwoFactor.isEnabled(db, actor.userId))) throw new DomainError('conflict', 'Two-factor sign-in is not on.');
  const user = await getUser(db, actor.userId);
  const attempt = { username: actor.username, address: actor.address };
  if (!(await countedPasswordCheck(db, admin, attempt, user, input.password, now, 'two-factor change'))) throw wrongPassword();
  try {
    await TwoFactor.disable(db, input, actor, now);
  } catch (error) {
    // a wrong code is a failed check too
    if (error instanceof DomainError && error.kind === 'invalid') await recordFailure(db, attempt, now, 'two-factor change');
    throw error;
  }
  await clearFailures(db, attempt);
}
