import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from '../db/client.ts';
import { keys } from '../db/keys.ts';
import { transact, type TransactItem } from '../db/write.ts';

export interface TwoFactorItem {
  secret: string;
  /** the last time step a code was accepted for: no code of it or before works again */
  lastStep: number;
  /** each unused recovery code's salted slow hash ('scrypt$14$salt$hash'; a bare sha256 before) */
  recoveryHashes: string[];
  enabledAt: string;
}

const isConditionFailure = (error: unknown) =>
  error instanceof Error && (error.name === 'ConditionalCheckFailedException' || error.name === 'TransactionCanceledException');

/** The second factor, when it is on (read strongly: a code just spent must not pass twice). */
export async function getTwoFactor(db: Db, userId: string): Promise<TwoFactorItem | undefined> {
  const result = await db.doc.send(new GetCommand({ TableName: db.tableName, Key: keys.userTwoFactor(userId), ConsistentRead: true }));
  if (!result.Item) return undefined;
  const hashes = result.Item.recoveryHashes as Set<string> | undefined;
  return {
    secret: String(result.Item.secret),
    lastStep: Number(result.Item.lastStep ?? 0),
    recoveryHashes: hashes ? [...hashes] : [],
    enabledAt: String(result.Item.enabledAt),
  };
}

/** Remembers a secret handed out by setup until it is confirmed or expires. */
export async function putTwoFactorSetup(db: Db, userId: string, secret: string, expiresAt: number) {
  await db.doc.send(
    new PutCommand({
      TableName: db.tableName,
      Item: { ...keys.userTwoFactorSetup(userId), secret, expiresAt, ttl: Math.ceil(expiresAt / 1000) },
    }),
  );
}

export async function getTwoFactorSetup(db: Db, userId: string) {
  const result = await db.doc.send(new GetCommand({ TableName: db.tableName, Key: keys.userTwoFactorSetup(userId), ConsistentRead: true }));
  return result.Item as { secret: string; expiresAt: number } | undefined;
}

/** Turns the second factor on and forgets the pending setup, at once, with its history record; false when it was already on. */
export async function enableTwoFactorItem(db: Db, userId: string, item: TwoFactorItem, also: TransactItem[]) {
  try {
    await transact(db, [
      {
        Put: {
          Item: { ...keys.userTwoFactor(userId), ...item, recoveryHashes: new Set(item.recoveryHashes) },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      { Delete: { Key: keys.userTwoFactorSetup(userId) } },
      twoFactorFlag(userId, true),
      ...also,
    ]);
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** Spends a time step: true only for the first caller with a step later than any accepted before. */
export async function acceptStep(db: Db, userId: string, step: number) {
  try {
    await db.doc.send(
      new UpdateCommand({
        TableName: db.tableName,
        Key: keys.userTwoFactor(userId),
        UpdateExpression: 'SET lastStep = :step',
        ConditionExpression: 'attribute_exists(pk) AND lastStep < :step',
        ExpressionAttributeValues: { ':step': step },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** Spends a recovery code, with its history record: true only for the first caller while it is unused. */
export async function spendRecoveryCode(db: Db, userId: string, hash: string, also: TransactItem[]) {
  try {
    await transact(db, [
      {
        Update: {
          Key: keys.userTwoFactor(userId),
          UpdateExpression: 'DELETE recoveryHashes :set',
          ConditionExpression: 'contains(recoveryHashes, :hash)',
          ExpressionAttributeValues: { ':set': new Set([hash]), ':hash': hash },
        },
      },
      ...also,
    ]);
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

export async function deleteTwoFactor(db: Db, userId: string, also: TransactItem[]) {
  await transact(db, [{ Delete: { Key: keys.userTwoFactor(userId) } }, twoFactorFlag(userId, false), ...also]);
}

/** The member's item says whether 2FA is on (Settings > Team, the team's 2FA rule), moved with the factor itself. */
const twoFactorFlag = (userId: string, on: boolean): TransactItem => ({
  Update: {
    Key: keys.user(userId),
    UpdateExpression: 'SET twoFactorEnabled = :on',
    ConditionExpression: 'attribute_exists(pk)',
    ExpressionAttributeValues: { ':on': on },
  },
});
