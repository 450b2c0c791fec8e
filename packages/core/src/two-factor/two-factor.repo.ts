import { DeleteCommand, GetCommand, PutCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from '../db/client.ts';
import { keys } from '../db/keys.ts';

export interface TwoFactorItem {
  secret: string;
  /** the last time step a code was accepted for: no code of it or before works again */
  lastStep: number;
  /** sha256 of each unused recovery code */
  recoveryHashes: string[];
  enabledAt: string;
}

const isConditionFailure = (error: unknown) =>
  error instanceof Error && (error.name === 'ConditionalCheckFailedException' || error.name === 'TransactionCanceledException');

/** The second factor, when it is on (read strongly: a code just spent must not pass twice). */
export async function getTwoFactor(db: Db): Promise<TwoFactorItem | undefined> {
  const result = await db.doc.send(new GetCommand({ TableName: db.tableName, Key: keys.twoFactor(), ConsistentRead: true }));
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
export async function putTwoFactorSetup(db: Db, secret: string, expiresAt: number) {
  await db.doc.send(
    new PutCommand({ TableName: db.tableName, Item: { ...keys.twoFactorSetup(), secret, expiresAt, ttl: Math.ceil(expiresAt / 1000) } }),
  );
}

export async function getTwoFactorSetup(db: Db) {
  const result = await db.doc.send(new GetCommand({ TableName: db.tableName, Key: keys.twoFactorSetup(), ConsistentRead: true }));
  return result.Item as { secret: string; expiresAt: number } | undefined;
}

/** Turns the second factor on and forgets the pending setup, at once; false when it was already on. */
export async function enableTwoFactorItem(db: Db, item: TwoFactorItem) {
  try {
    await db.doc.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: db.tableName,
              Item: { ...keys.twoFactor(), ...item, recoveryHashes: new Set(item.recoveryHashes) },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
          { Delete: { TableName: db.tableName, Key: keys.twoFactorSetup() } },
        ],
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** Spends a time step: true only for the first caller with a step later than any accepted before. */
export async function acceptStep(db: Db, step: number) {
  try {
    await db.doc.send(
      new UpdateCommand({
        TableName: db.tableName,
        Key: keys.twoFactor(),
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

/** Spends a recovery code: true only for the first caller while it is unused. */
export async function spendRecoveryCode(db: Db, hash: string) {
  try {
    await db.doc.send(
      new UpdateCommand({
        TableName: db.tableName,
        Key: keys.twoFactor(),
        UpdateExpression: 'DELETE recoveryHashes :set',
        ConditionExpression: 'contains(recoveryHashes, :hash)',
        ExpressionAttributeValues: { ':set': new Set([hash]), ':hash': hash },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

export async function deleteTwoFactor(db: Db) {
  await db.doc.send(new DeleteCommand({ TableName: db.tableName, Key: keys.twoFactor() }));
}
