import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { randomBytes, randomUUID } from 'node:crypto';
import { auditPut, type MemberActor } from '../audit/audit.repo.ts';
import type { Db } from '../db/client.ts';
import { keys } from '../db/keys.ts';
import { failedConditions, type TransactItem } from '../db/write.ts';
import { DomainError, notFound } from '../error.ts';
import type { AdminCredentials } from '../session/credentials.ts';
import { hashPassword, sha256Hex } from '../session/password.ts';
import { getAdminCredentials } from '../session/session.repo.ts';
import { firstMemberId } from './first-member.ts';
import {
  getInvitation,
  getUser,
  invitationDelete,
  invitationPut,
  listUsers,
  newUserItems,
  publicUser,
  userUpdate,
  writeUser,
  type StoredUser,
} from './user.repo.ts';
import {
  acceptInviteForm,
  invitationInvalid,
  invitationLifetimeMs,
  inviteUserForm,
  userIdInput,
  type Invitation,
  type UserInfo,
} from './user.schema.ts';

export { getUser, getUserByUsername, publicUser, type StoredUser } from './user.repo.ts';

export { firstMemberId } from './first-member.ts';

const record = (actor: MemberActor, action: string, user: { id: string }, summary: string) =>
  auditPut({ actor: actor.username, action, entity: 'user', entityId: user.id, summary, address: actor.address });

const bootstrapped = new WeakMap<Db, Promise<void>>();

/**
 * Makes sure the first member exists: on a table from before members, the administrator becomes
 * that member with their password (set in Settings > Security, else the configured one) and their
 * second factor. Sessions and tokens from before name no member and are theirs. Idempotent: a
 * parallel instance doing the same loses the condition and both see one member.
 */
export function ensureFirstMember(db: Db, admin: AdminCredentials) {
  let done = bootstrapped.get(db);
  if (!done) {
    done = createFirstMember(db, admin).catch((error: unknown) => {
      bootstrapped.delete(db);
      throw error;
    });
    bootstrapped.set(db, done);
  }
  return done;
}

async function createFirstMember(db: Db, admin: AdminCredentials) {
  if (await getUser(db, firstMemberId)) return;
  const [credentials, legacyFactor] = await Promise.all([
    getAdminCredentials(db),
    db.doc.send(new GetCommand({ TableName: db.tableName, Key: keys.twoFactor(), ConsistentRead: true })),
  ]);
  const factor = legacyFactor.Item;
  const user: StoredUser = {
    id: firstMemberId,
    username: admin.username.toLowerCase(),
    name: admin.username,
    status: 'active',
    twoFactorEnabled: factor !== undefined,
    createdAt: new Date(0).toISOString(),
    lastSignInAt: null,
    ...(credentials ? { passwordHash: credentials.passwordHash } : {}),
    version: 1,
  };
  const copyFactor: TransactItem[] = factor
    ? [{ Put: { Item: { ...factor, ...keys.userTwoFactor(firstMemberId) }, ConditionExpression: 'attribute_not_exists(pk)' } }]
    : [];
  try {
    await writeUser(db, newUserItems(user, copyFactor));
  } catch (error) {
    if (failedConditions(error) === null) throw error;
  }
}

/** GET /api/users: the members, oldest first. */
export async function list(db: Db, admin: AdminCredentials): Promise<UserInfo[]> {
  await ensureFirstMember(db, admin);
  return (await listUsers(db)).map(publicUser);
}

const newInvitation = () => {
  const code = randomBytes(32).toString('base64url');
  return { code, hash: sha256Hex(code) };
};

const invitationOf = (user: StoredUser, code: string, origin: string, expiresAt: number): Invitation => ({
  user: publicUser(user),
  inviteCode: code,
  inviteUrl: `${origin}/accept-invite?code=${encodeURIComponent(code)}`,
  expiresAt: new Date(expiresAt).toISOString(),
});

/** POST /api/users: a new member, invited for 72 hours; the code is answered this once and stored hashed. */
export async function invite(db: Db, rawInput: unknown, actor: MemberActor, origin: string, now = Date.now()): Promise<Invitation> {
  const input = inviteUserForm.parse(rawInput);
  const { code, hash } = newInvitation();
  const expiresAt = now + invitationLifetimeMs;
  const user: StoredUser = {
    id: randomUUID(),
    username: input.username,
    name: input.name,
    status: 'invited',
    twoFactorEnabled: false,
    createdAt: new Date(now).toISOString(),
    lastSignInAt: null,
    inviteHash: hash,
    version: 1,
  };
  try {
    await writeUser(
      db,
      newUserItems(user, [
        invitationPut(hash, user.id, expiresAt),
        record(actor, 'invited', user, `Invited ${user.username} (${user.name})`),
      ]),
    );
  } catch (error) {
    if (failedConditions(error)?.includes(1)) throw new DomainError('conflict', `The username ${user.username} is taken`);
    throw error;
  }
  return invitationOf(user, code, origin, expiresAt);
}

/**
 * POST /api/auth/accept-invite: the code works once, within 72 hours, for the invitation still
 * waiting (a reset replaces it); the new password is set and the member is active.
 */
export async function acceptInvite(db: Db, rawInput: unknown, address: string, now = Date.now()): Promise<StoredUser> {
  const input = acceptInviteForm.parse(rawInput);
  const hash = sha256Hex(input.code);
  const invitation = await getInvitation(db, hash);
  const user = invitation && invitation.expiresAt > now ? await getUser(db, invitation.userId) : undefined;
  if (!user || user.status !== 'invited' || user.inviteHash !== hash) throw new DomainError('invalid', invitationInvalid);
  const actor = { userId: user.id, username: user.username, address };
  try {
    await writeUser(db, [
      // accepting signs the member in: from now on they are in the history and cannot be deleted
      userUpdate(
        user,
        { status: 'active', passwordHash: await hashPassword(input.password), lastSignInAt: new Date(now).toISOString() },
        ['inviteHash'],
        {
          expression: 'inviteHash = :hash',
          values: { ':hash': hash },
        },
      ),
      invitationDelete(hash),
      record(actor, 'accepted', user, `${user.username} accepted the invitation`),
    ]);
  } catch (error) {
    if (failedConditions(error) !== null) throw new DomainError('invalid', invitationInvalid);
    throw error;
  }
  return { ...user, status: 'active', lastSignInAt: new Date(now).toISOString(), version: user.version + 1 };
}

async function target(db: Db, rawInput: unknown, actor: MemberActor, verb: string) {
  const { id } = userIdInput.parse(rawInput);
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

async function change(db: Db, items: TransactItem[]) {
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
 * POST /api/users/{id}/disable: sign-in then answers 401 as for a wrong password, and the caller
 * ends the member's sessions (their tokens are refused while they are not active). Never oneself,
 * never the last active member.
 */
export async function disable(db: Db, rawInput: unknown, actor: MemberActor) {
  const { id } = userIdInput.parse(rawInput);
  const othersActive = (await listUsers(db)).filter((u) => u.status === 'active' && u.id !== id).length;
  if (othersActive === 0) throw new DomainError('conflict', 'The last active member cannot be disabled: someone must be able to sign in');
  const user = await target(db, rawInput, actor, 'disable');
  if (user.status === 'disabled') return user;
  if (user.status !== 'active') throw new DomainError('conflict', 'Only an active member can be disabled; delete an invitation instead');
  await change(db, [
    userUpdate(user, { status: 'disabled' }),
    actorStillActive(actor),
    record(actor, 'disabled', user, `Disabled ${user.username}`),
  ]);
  return user;
}

/** POST /api/users/{id}/enable */
export async function enable(db: Db, rawInput: unknown, actor: MemberActor) {
  const user = await target(db, rawInput, actor, 'enable');
  if (user.status === 'active') return user;
  if (user.status !== 'disabled') throw new DomainError('conflict', 'Only a disabled member can be enabled');
  await change(db, [userUpdate(user, { status: 'active' }), record(actor, 'enabled', user, `Enabled ${user.username}`)]);
  return user;
}

/**
 * POST /api/users/{id}/reset: a forgotten password or a lost phone. A new invitation replaces the
 * password and any earlier invitation, their second factor is cleared, and the caller ends their
 * sessions.
 */
export async function reset(db: Db, rawInput: unknown, actor: MemberActor, origin: string, now = Date.now()): Promise<Invitation> {
  const user = await target(db, rawInput, actor, 'reset');
  const { code, hash } = newInvitation();
  const expiresAt = now + invitationLifetimeMs;
  await change(db, [
    userUpdate(user, { status: 'invited', inviteHash: hash, twoFactorEnabled: false }, ['passwordHash']),
    actorStillActive(actor),
    invitationPut(hash, user.id, expiresAt),
    { Delete: { Key: keys.userTwoFactor(user.id) } },
    ...(user.inviteHash ? [invitationDelete(user.inviteHash)] : []),
    record(actor, 'reset', user, `Reset ${user.username}: a new invitation, two-factor sign-in cleared`),
  ]);
  const invited: StoredUser = { ...user, status: 'invited', twoFactorEnabled: false, version: user.version + 1 };
  return invitationOf(invited, code, origin, expiresAt);
}

/** DELETE /api/users/{id}: an invitation only; a member who has been active stays, for the history. */
export async function remove(db: Db, rawInput: unknown, actor: MemberActor) {
  const user = await target(db, rawInput, actor, 'delete');
  if (user.status !== 'invited' || user.passwordHash !== undefined || user.lastSignInAt !== null) {
    throw new DomainError(
      'conflict',
      'Only an invited member can be deleted; disable a member who has signed in: the history keeps their name',
    );
  }
  await change(db, [
    { Delete: { Key: keys.user(user.id), ConditionExpression: 'version = :v', ExpressionAttributeValues: { ':v': user.version } } },
    { Delete: { Key: keys.username(user.username) } },
    ...(user.inviteHash ? [invitationDelete(user.inviteHash)] : []),
    record(actor, 'deleted', user, `Deleted the invitation of ${user.username}`),
  ]);
}
