import { conditional } from '../db/write.ts';
import { DeleteCommand, GetCommand, UpdateCommand, type UpdateCommandInput } from '@aws-sdk/lib-dynamodb';
import { addressWindow, giveBackAddressCheck, takeAddressCheck, throttleAddress } from './address-limit.ts';
import { recordFailedCheck } from './failure-record.ts';
import type { Db } from '../db/client.ts';
import { keys } from '../db/keys.ts';
import { DomainError } from '../error.ts';

/**
 * Password checks are counted per username AND client address: a flood of wrong passwords from
 * one address locks out that address only, so nobody can lock the administrator out from
 * elsewhere (and per address across usernames: address-limit.ts). Every check is counted *before* the password is looked at, by a conditional write
 * that refuses past the allowance: of any number of parallel guesses at most five are checked.
 * The wait grows with each failure past the fifth and is capped.
 */
export const maxFailedLogins = 5;
export const firstLockoutMs = 60_000;
export const maxLockoutMs = 15 * 60_000;
/** A day without attempts and the count starts again. */
const forgetAfterMs = 24 * 60 * 60_000;

/** How long a name is locked after its `failures`-th failure in a row: 0, then 1, 2, 4, 8, 15 minutes. */
export function lockoutMsAfter(failures: number) {
  if (failures < maxFailedLogins) return 0;
  return Math.min(maxLockoutMs, firstLockoutMs * 2 ** (failures - maxFailedLogins));
}

const lockedOut = (until: number, now: number) =>
  new DomainError(
    'rate_limited',
    `Too many failed sign-in attempts. Try again in ${Math.max(1, Math.ceil((until - now) / 60_000))} minute(s).`,
  );

/** Who is checking a password: the username and the client address the runtime saw. */
export interface Attempt {
  username: string;
  address: string;
  /** the username names no member: its failures fold into one history record per address and hour */
  unknownName?: boolean;
  /** the signed-in member checking their own password again (confirm, a password change, Disable 2FA) */
  memberId?: string;
}

export { throttleAddress } from './address-limit.ts';

const throttleKey = (attempt: Attempt) => keys.loginThrottle(attempt.username, throttleAddress(attempt.address));

interface ThrottleItem {
  /** password checks let through since the last success (each a failure unless it succeeds) */
  attempts?: number;
  /** the allowance once a lock has run out: one more check each time */
  allowed?: number;
  lockedUntil?: number;
}

async function readThrottle(db: Db, attempt: Attempt) {
  const result = await db.doc.send(new GetCommand({ TableName: db.tableName, Key: throttleKey(attempt), ConsistentRead: true }));
  return result.Item as ThrottleItem | undefined;
}

/** One conditional update of this name and address's count: false when its condition does not hold. */
const updateIf = (
  db: Db,
  attempt: Attempt,
  update: Pick<UpdateCommandInput, 'UpdateExpression' | 'ConditionExpression' | 'ExpressionAttributeNames' | 'ExpressionAttributeValues'>,
) => conditional(db.doc.send(new UpdateCommand({ TableName: db.tableName, Key: throttleKey(attempt), ...update })));

/** One conditional ADD: succeeds only while the checks let through are fewer than allowed. */
const takeAttempt = (db: Db, attempt: Attempt, now: number) =>
  updateIf(db, attempt, {
    UpdateExpression: 'ADD attempts :one SET #ttl = :ttl',
    ConditionExpression: 'attribute_not_exists(attempts) OR attempts < :max OR attempts < allowed',
    ExpressionAttributeNames: { '#ttl': 'ttl' },
    ExpressionAttributeValues: { ':one': 1, ':max': maxFailedLogins, ':ttl': Math.ceil((now + forgetAfterMs) / 1000) },
  });

/** A lock that has run out allows one more check: the first to see it opens it, the others wait. */
const reopen = (db: Db, attempt: Attempt, item: ThrottleItem) =>
  updateIf(db, attempt, {
    UpdateExpression: 'SET allowed = :allowed REMOVE lockedUntil',
    ConditionExpression: 'lockedUntil = :seen',
    ExpressionAttributeValues: { ':allowed': Number(item.attempts ?? 0) + 1, ':seen': item.lockedUntil },
  });

/**
 * Counts a password check before it is made, or refuses it (429): against this username and
 * address's allowance, while locked, and while the checks already let through are still running
 * (they are failures until one succeeds); then against the client address's allowance across all
 * usernames (address-limit.ts). Nothing is hashed for a refused check. The name goes first: a
 * flood at one locked name is refused without touching the address's count.
 */
export async function admitAttempt(db: Db, attempt: Attempt, now: number) {
  await admitName(db, attempt, now);
  if (await takeAddressCheck(db, attempt.address, now)) return;
  await giveBackName(db, attempt);
  throw lockedOut(addressWindow(now).end, now);
}

async function admitName(db: Db, attempt: Attempt, now: number) {
  if (await takeAttempt(db, attempt, now)) return;
  const item = (await readThrottle(db, attempt)) ?? {};
  const lockedUntil = Number(item.lockedUntil ?? 0);
  if (lockedUntil > now) throw lockedOut(lockedUntil, now);
  if (item.lockedUntil !== undefined && (await reopen(db, attempt, item)) && (await takeAttempt(db, attempt, now))) return;
  throw lockedOut(now + firstLockoutMs, now);
}

/**
 * Records a check that failed: its history record (failure-record.ts), and from the fifth
 * failure on a lock, answered with 429. The failure was counted when it was admitted.
 */
export async function recordFailure(db: Db, attempt: Attempt, now: number, what = 'sign-in') {
  await recordFailedCheck(db, attempt, now, what);
  const failures = Number((await readThrottle(db, attempt))?.attempts ?? 1);
  const wait = lockoutMsAfter(failures);
  if (wait === 0) return;
  // a longer lock set by a parallel failure stands; a success meanwhile cleared the count
  await updateIf(db, attempt, {
    UpdateExpression: 'SET lockedUntil = :until',
    ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(lockedUntil) OR lockedUntil < :until)',
    ExpressionAttributeValues: { ':until': now + wait },
  });
  throw lockedOut(now + wait, now);
}

/**
 * Gives back an admitted check that did not fail (the password was right and a second factor is
 * still to come, or the hashing line was full): it is not a failure, so it counts toward no lock.
 */
export async function releaseAttempt(db: Db, attempt: Attempt, now: number) {
  await giveBackName(db, attempt);
  await giveBackAddressCheck(db, attempt.address, now);
}

const giveBackName = (db: Db, attempt: Attempt) =>
  updateIf(db, attempt, {
    UpdateExpression: 'ADD attempts :minus',
    ConditionExpression: 'attempts > :zero',
    ExpressionAttributeValues: { ':minus': -1, ':zero': 0 },
  });

/**
 * A successful check forgets the failures of this name and address, and gives its own place
 * back to the address; the address's other failures stand until their window ends.
 */
export async function clearFailures(db: Db, attempt: Attempt, now: number) {
  await db.doc.send(new DeleteCommand({ TableName: db.tableName, Key: throttleKey(attempt) }));
  await giveBackAddressCheck(db, attempt.address, now);
}
