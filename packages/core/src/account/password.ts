import { securityEvent, type MemberActor } from '../audit/audit.repo.ts';
import * as ApiToken from '../api-token/index.ts';
import { changePasswordForm } from '../auth/auth.schema.ts';
import type { AdminCredentials } from '../credentials/admin.ts';
import { countedPasswordCheck } from '../credentials/check.ts';
import { hashPassword, sha256Hex } from '../credentials/password.ts';
import { clearFailures } from '../credentials/throttle.ts';
import { failedConditions } from '../db/write.ts';
import { DomainError } from '../error.ts';
import { fn } from '../fn.ts';
import * as Session from '../session/index.ts';
import { sessionEpochUpdate } from '../session/session.repo.ts';
import { getUser, userUpdate, writeUser } from '../user/user.repo.ts';
import { memberSecret } from './sign-in.ts';

/** What an account change needs to know of the call: the configured administrator, the member, and their session. */
export interface AccountContext {
  admin: AdminCredentials;
  actor: MemberActor;
  /** the session that asks (its token, and its public id) */
  session: { token: string | undefined; id: string };
  now?: number;
}

/**
 * Settings > Security: checks the current password (counted like a sign-in) and stores the new
 * one hashed. The member's session epoch moves on, so every other session ends, listed or not,
 * while the one that asked moves on with it in the same transaction; unless `keepTokens`, their
 * token epoch too, and the API tokens they own are revoked: whoever learnt the old password may
 * have made one.
 */
export const changePassword = fn(changePasswordForm, async (db, input, { admin, actor, session, now = Date.now() }: AccountContext) => {
  const user = await getUser(db, actor.userId);
  const attempt = { username: actor.username, address: actor.address, memberId: actor.userId };
  if (!(await countedPasswordCheck(db, attempt, memberSecret(admin, user), input.currentPassword, now, 'password change')) || !user) {
    throw new DomainError('invalid', 'The current password is not correct');
  }
  await clearFailures(db, attempt, now);
  const sessionEpoch = user.sessionEpoch + 1;
  const tokenEpoch = input.keepTokens ? user.tokenEpoch : user.tokenEpoch + 1;
  try {
    await writeUser(db, [
      userUpdate(user, { passwordHash: await hashPassword(input.newPassword), sessionEpoch, tokenEpoch }),
      ...(session.token ? [sessionEpochUpdate(sha256Hex(session.token), sessionEpoch)] : []),
      securityEvent(actor, 'password_change', 'Changed the password'),
    ]);
  } catch (error) {
    const failed = failedConditions(error);
    if (failed?.includes(0))
      throw new DomainError('conflict', 'The password was changed at the same time elsewhere. Sign in again and retry.');
    if (failed?.includes(1)) throw new DomainError('unauthorized', 'Please sign in to continue');
    throw error;
  }
  Session.retireSessionsBefore(db, user.id, sessionEpoch);
  await Session.revokeOthers(db, session.id, actor, 'Ended with the password change', now);
  if (!input.keepTokens) {
    ApiToken.retireTokensBefore(db, user.id, tokenEpoch);
    await ApiToken.revokeAllOf(db, user.id, actor, 'with the password change');
  }
});
