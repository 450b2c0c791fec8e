import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { MemberActor } from '../audit/audit.repo.ts';
import type { AdminCredentials } from '../credentials/admin.ts';
import { hashPassword, sha256Hex } from '../credentials/password.ts';
import type { Db } from '../db/client.ts';
import { keys } from '../db/keys.ts';
import { failedConditions, type TransactItem } from '../db/write.ts';
import { DomainError } from '../error.ts';
import { fn } from '../fn.ts';
import { firstMemberId } from './first-member.ts';
import { change, memberRecord, newInvitation, invitationOf, target } from './membership.ts';
import {
  getAdminCredentials,
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
  invitationInvalid,
  invitationLifetimeMs,
  inviteUserForm,
  userIdInput,
  type acceptInviteForm,
  type UserInfo,
} from './user.schema.ts';

export { getUser, getUserByUsername, publicUser, type StoredUser } from './user.repo.ts';

export { firstMemberId } from './first-member.ts';

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
    sessionEpoch: 0,
    tokenEpoch: 0,
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

/** Who invites, and where the link points (the origin the browser believes it talks to). */
export interface InviteContext {
  actor: MemberActor;
  origin: string;
  now?: number;
}

/** POST /api/users: a new member, invited for 72 hours; the code is answered this once and stored hashed. */
export const invite = fn(inviteUserForm, async (db, input, { actor, origin, now = Date.now() }: InviteContext) => {
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
    sessionEpoch: 0,
    tokenEpoch: 0,
    version: 1,
  };
  try {
    await writeUser(
      db,
      newUserItems(user, [
        invitationPut(hash, user.id, expiresAt),
        memberRecord(actor, 'invited', user, `Invited ${user.username} (${user.name})`),
      ]),
    );
  } catch (error) {
    if (failedConditions(error)?.includes(1)) throw new DomainError('conflict', `The username ${user.username} is taken`);
    throw error;
  }
  return invitationOf(user, code, origin, expiresAt);
});

/**
 * The member side of POST /api/auth/accept-invite (account/sign-in.ts signs them in): the code
 * works once, within 72 hours, for the invitation still waiting (a reset replaces it); the new
 * password is set and the member is active.
 */
export async function acceptInvitation(
  db: Db,
  input: z.output<typeof acceptInviteForm>,
  address: string,
  now = Date.now(),
): Promise<StoredUser> {
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
      memberRecord(actor, 'accepted', user, `${user.username} accepted the invitation`),
    ]);
  } catch (error) {
    if (failedConditions(error) !== null) throw new DomainError('invalid', invitationInvalid);
    throw error;
  }
  return { ...user, status: 'active', lastSignInAt: new Date(now).toISOString(), version: user.version + 1 };
}

/** DELETE /api/users/{id}: an invitation only; a member who has been active stays, for the history. */
export const remove = fn(userIdInput, async (db, { id }, actor: MemberActor) => {
  const user = await target(db, id, actor, 'delete');
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
    memberRecord(actor, 'deleted', user, `Deleted the invitation of ${user.username}`),
  ]);
});
