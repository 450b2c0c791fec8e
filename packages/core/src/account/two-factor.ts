import * as ApiToken from '../api-token/index.ts';
import type { MemberActor } from '../audit/audit.repo.ts';
import { countedPasswordCheck } from '../credentials/check.ts';
import { clearFailures, recordFailure } from '../credentials/throttle.ts';
import type { Db } from '../db/client.ts';
import { DomainError } from '../error.ts';
import { fn } from '../fn.ts';
import * as Session from '../session/index.ts';
import * as TwoFactor from '../two-factor/index.ts';
import { disableTwoFactorForm, enableTwoFactorInput } from '../two-factor/two-factor.schema.ts';
import { getUser } from '../user/user.repo.ts';
import type { AccountContext } from './password.ts';
import { memberSecret } from './sign-in.ts';

/** The member's 2FA changed: this process reads their sessions and tokens afresh (the team's 2FA rule reads it; others within 4 s). */
function forget(db: Db, userId: string) {
  Session.forgetMember(db, userId);
  ApiToken.forgetOwner(db, userId);
}

/** POST /api/auth/2fa/enable: confirms the pending secret with a first code; answers the recovery codes, shown this once. */
export const enableTwoFactor = fn(enableTwoFactorInput, async (db, input, actor: MemberActor) => {
  const enabled = await TwoFactor.enable(db, input, actor);
  forget(db, actor.userId);
  return enabled;
});

/** Settings > Security > Disable 2FA: the password (counted like a sign-in), then a code. */
export const disableTwoFactor = fn(
  disableTwoFactorForm,
  async (db, input, { admin, actor, now = Date.now() }: Omit<AccountContext, 'session'>) => {
    if (!(await TwoFactor.isEnabled(db, actor.userId))) throw new DomainError('conflict', 'Two-factor sign-in is not on.');
    const user = await getUser(db, actor.userId);
    const attempt = { username: actor.username, address: actor.address, memberId: actor.userId };
    if (!(await countedPasswordCheck(db, attempt, memberSecret(admin, user), input.password, now, 'two-factor change'))) {
      throw new DomainError('invalid', 'The password is not correct');
    }
    try {
      await TwoFactor.disable(db, input.code, actor, now);
    } catch (error) {
      // a wrong code is a failed check too
      if (error instanceof DomainError && error.kind === 'invalid') await recordFailure(db, attempt, now, 'two-factor change');
      throw error;
    }
    await clearFailures(db, attempt, now);
    forget(db, actor.userId);
  },
);
