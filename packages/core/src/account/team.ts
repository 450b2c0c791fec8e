import * as ApiToken from '../api-token/index.ts';
import type { MemberActor } from '../audit/audit.repo.ts';
import { fn } from '../fn.ts';
import * as Session from '../session/index.ts';
import { disableMember, enableMember, resetMember } from '../user/membership.ts';
import { userIdInput } from '../user/user.schema.ts';

/**
 * Settings > Team's changes to another member, with what must come with them whoever calls:
 * their sessions end and their epochs move on (user/membership.ts), so nothing of theirs from
 * before works again, listed or not.
 */

/**
 * POST /api/users/{id}/disable: the member is signed out everywhere and their API tokens are
 * revoked; both epochs move on, so nothing issued before works again, even after an enable.
 */
export const disable = fn(userIdInput, async (db, { id }, actor: MemberActor) => {
  const user = await disableMember(db, id, actor);
  Session.retireSessionsBefore(db, user.id, user.sessionEpoch);
  ApiToken.retireTokensBefore(db, user.id, user.tokenEpoch);
  await Session.endAllOf(db, user.id, actor, `Ended when ${user.username} was disabled`);
  await ApiToken.revokeAllOf(db, user.id, actor, `when ${user.username} was disabled`);
});

/** POST /api/users/{id}/enable: they sign in again with their password; no earlier session or token comes back. */
export const enable = fn(userIdInput, async (db, { id }, actor: MemberActor) => {
  await enableMember(db, id, actor);
});

/** What a reset needs beyond the member: where the new invitation's link points. */
export interface ResetContext {
  actor: MemberActor;
  origin: string;
  now?: number;
}

/**
 * POST /api/users/{id}/reset: a new invitation replaces the password and the 2FA; the member's
 * sessions end and their API tokens are revoked, and neither works again after they accept.
 */
export const reset = fn(userIdInput, async (db, { id }, { actor, origin, now = Date.now() }: ResetContext) => {
  const { user, invitation } = await resetMember(db, id, actor, origin, now);
  Session.retireSessionsBefore(db, user.id, user.sessionEpoch);
  ApiToken.retireTokensBefore(db, user.id, user.tokenEpoch);
  await Session.endAllOf(db, user.id, actor, `Ended when ${user.username} was reset`);
  await ApiToken.revokeAllOf(db, user.id, actor, `when ${user.username} was reset`);
  return invitation;
});
