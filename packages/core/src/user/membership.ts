import { randomBytes } from 'node:crypto';
import { auditPut, memberActor, type MemberActor } from '../audit/audit.repo.ts';
import { sha256Hex } from '../credentials/password.ts';
import type { Db } from '../db/client.ts';
import { keys } from '../db/keys.ts';
import { failedConditions, type TransactItem } from '../db/write.ts';
import { DomainError, notFound } from '../error.ts';
import { getUser, invitationDelete, invitationPut, listUsers, publicUser, userUpdate, writeUser, type StoredUser } from './user.repo.ts';
import { invitationLifetimeMs, type Invitation } from './user.schema.ts';

/**
 * Changes to a member made by another member: the member item's writes. Ending the member's
 * sessions and tokens with them is account/team.ts's, the entry every caller goes through.
 */

/** A membership change's history record (entity `user`). */
export const memberRecord = (actor: MemberActor, action: string, user: { id: string }, summary: string) =>
  auditPut({ actor: memberActor(actor), action, entity: 'user', entityId: user.id, summary, address: actor.address });

export const newInvitation = () => {
  const code = randomBytes(32).toString('base64url');
  return { code, hash: sha256Hex(code) };
};

export const invitationOf = (user: StoredUser, code: string, origin: string, expiresAt: number): Invitation => ({
  user: publicUser(user),
  inviteCode: code,
  inviteUrl: `${origin}/accept-invite?code=${encodeURIComponent(code)}`,
  expiresAt: new Date(expiresAt).toISOString(),
});

/** The member another member acts on: never oneself. */
export async function target(db: Db, id: string, actor: MemberActor, verb: string) {
  if (id === actor.userId) throw new DomainError('conflict', `You cannot ${verb} your own account`);
  const user = await getUser(db, id);
  if (!user) throw notFound('Member');
  return user;
}

/** The acting member is still active when the change lands: two members cannot disable each other into no one. */
const actorStillActive = (actor: MemberActor): TransactItem => ({
  ConditionCheck: {
    Key: keys.user(actor.userId),
    ConditionExpression: '#status = :active',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: { ':active': 'active' },
  },
});

export async function change(db: Db, items: TransactItem[]) {
  try {
    await writeUser(db, items);
  } catch (error) {
    const failed = failedConditions(error);
    if (failed?.includes(0)) throw new DomainError('conflict', 'This member was changed at the same time elsewhere. Reload and try again.');
    if (failed !== null) throw new DomainError('conflict', 'Your own account is no longer active');
    throw error;
  }
}

/**
 * Disables a member: sign-in then answers 401 as for a wrong password, and both their epochs
 * move on, so no session or API token from before works again, even after an enable
 * (docs/team.md). Never oneself, never the last active member.
 */
export async function disableMember(db: Db, id: string, actor: MemberActor) {
  const othersActive = (await listUsers(db)).filter((u) => u.status === 'active' && u.id !== id).length;
  if (othersActive === 0) throw new DomainError('conflict', 'The last active member cannot be disabled: someone must be able to sign in');
  const user = await target(db, id, actor, 'disable');
  if (user.status === 'disabled') return user;
  if (user.status !== 'active') throw new DomainError('conflict', 'Only an active member can be disabled; delete an invitation instead');
  const epochs = { sessionEpoch: user.sessionEpoch + 1, tokenEpoch: user.tokenEpoch + 1 };
  await change(db, [
    userUpdate(user, { status: 'disabled', ...epochs }),
    actorStillActive(actor),
    memberRecord(actor, 'disabled', user, `Disabled ${user.username}`),
  ]);
  return { ...user, ...epochs, status: 'disabled' as const, version: user.version + 1 };
}

export async function enableMember(db: Db, id: string, actor: MemberActor) {
  const user = await target(db, id, actor, 'enable');
  if (user.status === 'active') return user;
  if (user.status !== 'disabled') throw new DomainError('conflict', 'Only a disabled member can be enabled');
  await change(db, [userUpdate(user, { status: 'active' }), memberRecord(actor, 'enabled', user, `Enabled ${user.username}`)]);
  return user;
}

/**
 * A forgotten password or a lost phone: a new invitation replaces the password and any earlier
 * invitation, their second factor is cleared, and both their epochs move on: no session or API
 * token from before works again, after they accept too.
 */
export async function resetMember(db: Db, id: string, actor: MemberActor, origin: string, now: number) {
  const user = await target(db, id, actor, 'reset');
  const { code, hash } = newInvitation();
  const expiresAt = now + invitationLifetimeMs;
  const epochs = { sessionEpoch: user.sessionEpoch + 1, tokenEpoch: user.tokenEpoch + 1 };
  await change(db, [
    userUpdate(user, { status: 'invited', inviteHash: hash, twoFactorEnabled: false, ...epochs }, ['passwordHash']),
    actorStillActive(actor),
    invitationPut(hash, user.id, expiresAt),
    { Delete: { Key: keys.userTwoFactor(user.id) } },
    ...(user.inviteHash ? [invitationDelete(user.inviteHash)] : []),
    memberRecord(actor, 'reset', user, `Reset ${user.username}: a new invitation, two-factor sign-in cleared`),
  ]);
  const invited: StoredUser = { ...user, ...epochs, status: 'invited', twoFactorEnabled: false, version: user.version + 1 };
  return { user: invited, invitation: invitationOf(invited, code, origin, expiresAt) };
}
