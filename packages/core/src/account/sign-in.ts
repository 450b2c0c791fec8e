import { securityEvent } from '../audit/audit.repo.ts';
import { confirmPasswordForm, loginInput } from '../auth/auth.schema.ts';
import { twoFactorRequired } from '../auth/login.rules.ts';
import type { AdminCredentials } from '../credentials/admin.ts';
import { countedCodeCheck, countedPasswordCheck, type StoredSecret } from '../credentials/check.ts';
import { hashPassword, needsRehash } from '../credentials/password.ts';
import { clearFailures, type Attempt } from '../credentials/throttle.ts';
import type { Db } from '../db/client.ts';
import { failedConditions } from '../db/write.ts';
import { DomainError } from '../error.ts';
import { fn } from '../fn.ts';
import * as Session from '../session/index.ts';
import * as TwoFactor from '../two-factor/index.ts';
import * as User from '../user/index.ts';
import { firstMemberId } from '../user/first-member.ts';
import { getUser, userUpdate, writeUser, type StoredUser } from '../user/user.repo.ts';
import { acceptInviteForm } from '../user/user.schema.ts';

/** What a sign-in needs to know of the call: the configured administrator and the client. */
export interface SignInContext {
  admin: AdminCredentials;
  client: Session.ClientInfo;
  now?: number;
}

const invalidLogin = () => new DomainError('unauthorized', 'Invalid username or password');

/** What a member's password is checked against: their own hash, or for the first member before they set one, the configured password. */
export function memberSecret(admin: AdminCredentials, user: StoredUser | undefined): StoredSecret | undefined {
  if (user?.status !== 'active') return undefined;
  if (user.passwordHash) return { hash: user.passwordHash };
  return user.id === firstMemberId ? { configured: admin.password } : undefined;
}

/** The second factor of a check whose password was right, when the member has one on. */
async function secondFactor(db: Db, attempt: Attempt, user: StoredUser, code: string | undefined, now: number, what: string) {
  if (!(await TwoFactor.isEnabled(db, user.id))) return 'none' as const;
  const member = { userId: user.id, username: user.username, address: attempt.address };
  return countedCodeCheck(db, attempt, code, (typed) => TwoFactor.verifyCode(db, typed, member, now), now, what);
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
 * POST /api/auth/login: checks a member's credentials (and their second factor when it is on)
 * and opens a 12-hour session. Every password check is counted before it is made, per client
 * address and per username and address (credentials/throttle.ts). A username that is no member
 * fails like a wrong password.
 */
export const login = fn(loginInput, async (db, { username, password, code }, { admin, client, now = Date.now() }: SignInContext) => {
  await User.ensureFirstMember(db, admin);
  const user = await User.getUserByUsername(db, username);
  const attempt: Attempt = { username, address: client.address, ...(user ? {} : { unknownName: true }) };
  if (!(await countedPasswordCheck(db, attempt, memberSecret(admin, user), password, now, 'sign-in')) || !user) throw invalidLogin();
  const factor = await secondFactor(db, attempt, user, code, now, 'sign-in');
  if (factor === 'missing') throw new DomainError('unauthorized', twoFactorRequired);
  if (factor === 'wrong') throw new DomainError('unauthorized', 'Invalid two-factor code');
  await clearFailures(db, attempt, now);
  await afterSignIn(db, user, password, now);
  return Session.openSession(db, user, client, now);
});

/** POST /api/auth/accept-invite: sets the new member's password and signs them in. */
export const acceptInvite = fn(acceptInviteForm, async (db, input, { client, now = Date.now() }: Omit<SignInContext, 'admin'>) => {
  const user = await User.acceptInvitation(db, input, client.address, now);
  return Session.openSession(db, user, client, now);
});

/**
 * POST /api/auth/confirm: the password (and a code when 2FA is on) again, counted against the
 * lockout like a sign-in, opens the window for account changes in this session.
 */
export const confirm = fn(
  confirmPasswordForm,
  async (db, { password, code }, { admin, client, token, now = Date.now() }: SignInContext & { token: string | undefined }) => {
    const principal = await Session.resolve(db, token, now);
    if (!principal || !token) throw new DomainError('unauthorized', 'Please sign in to continue');
    const user = await getUser(db, principal.userId);
    const attempt = { username: principal.username, address: client.address, memberId: principal.userId };
    const wrongPassword = new DomainError('invalid', 'The password is not correct');
    if (!(await countedPasswordCheck(db, attempt, memberSecret(admin, user), password, now, 'password confirmation')) || !user) {
      throw wrongPassword;
    }
    const factor = await secondFactor(db, attempt, user, code, now, 'password confirmation');
    if (factor === 'missing') throw new DomainError('invalid', twoFactorRequired);
    if (factor === 'wrong') throw new DomainError('invalid', 'Invalid two-factor code');
    await clearFailures(db, attempt, now);
    const member = { userId: principal.userId, username: principal.username, address: client.address };
    await Session.markConfirmed(db, token, now, [securityEvent(member, 'confirm', 'Confirmed the password for account changes')]);
  },
);
