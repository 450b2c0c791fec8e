import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from '../db/client.ts';
import { keys } from '../db/keys.ts';
import { queryPartition } from '../db/query.ts';
import { transact, type TransactItem } from '../db/write.ts';
import type { UserInfo, UserStatus } from './user.schema.ts';

/** A member as stored: the listed fields, and what never leaves the server. */
export interface StoredUser extends UserInfo {
  /** absent for the first member until they set a password: the configured one holds */
  passwordHash?: string;
  /** the hash of the one invitation that may still be accepted */
  inviteHash?: string;
  /**
   * The credential epochs: every session (`sessionEpoch`) and API token (`tokenEpoch`) records the
   * one it was issued under and works only while it is still the member's. A reset, a disable and
   * a password change move them on, so nothing issued before works again (account/team.ts).
   */
  sessionEpoch: number;
  tokenEpoch: number;
  version: number;
}

const fromItem = (item: Record<string, unknown>): StoredUser => ({
  id: String(item.id),
  username: String(item.username),
  name: String(item.name ?? ''),
  status: item.status as UserStatus,
  twoFactorEnabled: item.twoFactorEnabled === true,
  createdAt: String(item.createdAt),
  lastSignInAt: (item.lastSignInAt as string | undefined) ?? null,
  ...(typeof item.passwordHash === 'string' ? { passwordHash: item.passwordHash } : {}),
  ...(typeof item.inviteHash === 'string' ? { inviteHash: item.inviteHash } : {}),
  sessionEpoch: Number(item.sessionEpoch ?? 0),
  tokenEpoch: Number(item.tokenEpoch ?? 0),
  version: Number(item.version ?? 1),
});

export const publicUser = ({ id, username, name, status, twoFactorEnabled, createdAt, lastSignInAt }: StoredUser): UserInfo => ({
  id,
  username,
  name,
  status,
  twoFactorEnabled,
  createdAt,
  lastSignInAt,
});

/** A member by id, read strongly: a disable must be seen by the very next read. */
export async function getUser(db: Db, id: string) {
  const result = await db.doc.send(new GetCommand({ TableName: db.tableName, Key: keys.user(id), ConsistentRead: true }));
  return result.Item ? fromItem(result.Item) : undefined;
}

/** A member by username, any case (sign-in): its claim, then the member. */
export async function getUserByUsername(db: Db, username: string) {
  const claim = await db.doc.send(new GetCommand({ TableName: db.tableName, Key: keys.username(username), ConsistentRead: true }));
  return claim.Item ? getUser(db, String(claim.Item.userId)) : undefined;
}

/** Settings > Team: every member, oldest first (a team is dozens, not thousands). */
export async function listUsers(db: Db) {
  const items = await queryPartition(db, 'gsi1', 'USERS', 'oldest');
  return items.map(fromItem);
}

/** A new member's item and the claim of their username, together: a taken username fails the claim (index 1). */
export function newUserItems(user: StoredUser, also: TransactItem[] = []): TransactItem[] {
  const { lastSignInAt, ...stored } = user;
  return [
    {
      Put: {
        Item: {
          ...keys.user(user.id),
          ...keys.usersByCreated(user.createdAt, user.id),
          ...stored,
          ...(lastSignInAt ? { lastSignInAt } : {}),
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    { Put: { Item: { ...keys.username(user.username), userId: user.id }, ConditionExpression: 'attribute_not_exists(pk)' } },
    ...also,
  ];
}

/**
 * One change to a member, conditional on the version read (a change made meanwhile wins and this
 * one is refused, never silently merged), with whatever else rides along.
 */
export function userUpdate(
  user: StoredUser,
  set: Record<string, unknown>,
  remove: string[] = [],
  extraCondition?: { expression: string; values: Record<string, unknown> },
): TransactItem {
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = { ':v': user.version, ':next': user.version + 1 };
  const sets = Object.entries(set).map(([field, value], i) => {
    names[`#s${i}`] = field;
    values[`:s${i}`] = value;
    return `#s${i} = :s${i}`;
  });
  const removes = remove.map((field, i) => {
    names[`#r${i}`] = field;
    return `#r${i}`;
  });
  return {
    Update: {
      Key: keys.user(user.id),
      UpdateExpression: `SET ${[...sets, 'version = :next'].join(', ')}${removes.length ? ` REMOVE ${removes.join(', ')}` : ''}`,
      ConditionExpression: `version = :v${extraCondition ? ` AND ${extraCondition.expression}` : ''}`,
      ...(Object.keys(names).length ? { ExpressionAttributeNames: names } : {}),
      ExpressionAttributeValues: { ...values, ...(extraCondition?.values ?? {}) },
    },
  };
}

export const writeUser = (db: Db, items: TransactItem[]) => transact(db, items);

/** An invitation by the hash of its code. */
export async function getInvitation(db: Db, codeHash: string) {
  const result = await db.doc.send(new GetCommand({ TableName: db.tableName, Key: keys.invitation(codeHash), ConsistentRead: true }));
  return result.Item as { userId: string; expiresAt: number } | undefined;
}

export const invitationPut = (codeHash: string, userId: string, expiresAt: number): TransactItem => ({
  Put: { Item: { ...keys.invitation(codeHash), userId, expiresAt, ttl: Math.ceil(expiresAt / 1000) } },
});

export const invitationDelete = (codeHash: string): TransactItem => ({ Delete: { Key: keys.invitation(codeHash) } });

/** Before members: the password set from Settings > Security, if any; the first member takes it over (index.ts). */
export async function getAdminCredentials(db: Db) {
  const result = await db.doc.send(new GetCommand({ TableName: db.tableName, Key: keys.adminCredentials(), ConsistentRead: true }));
  return result.Item as { passwordHash: string; version: number } | undefined;
}
