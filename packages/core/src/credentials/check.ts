import { randomBytes } from 'node:crypto';
import type { Db } from '../db/client.ts';
import { hashPassword, sameSecret, verifyPasswordHash } from './password.ts';
import { admitAttempt, recordFailure, releaseAttempt, type Attempt } from './throttle.ts';

/** What a password is checked against: a stored hash, or the configured password (the first member before they set one). */
export type StoredSecret = { hash: string } | { configured: string };

let decoy: Promise<string> | undefined;
function decoyHash() {
  // made once per process; made again later if the hashing line was full the first time
  decoy ??= hashPassword(randomBytes(16).toString('base64url')).catch((error: unknown) => {
    decoy = undefined;
    throw error;
  });
  return decoy;
}

async function matches(secret: StoredSecret | undefined, password: string) {
  if (secret && 'hash' in secret) return verifyPasswordHash(password, secret.hash);
  if (secret) return sameSecret(password, secret.configured);
  // No such member (or not active): spend what a real check costs, so the time taken does not
  // tell an attacker which usernames exist.
  await verifyPasswordHash(password, await decoyHash());
  return false;
}

/**
 * A password check counted against the lockout before it is made (throttle.ts): a wrong one is
 * recorded (429 from the fifth). True when it is right; the caller clears the count once the
 * whole check (a second factor too) has passed. Without a secret (no such member, or one who may
 * not sign in) it fails exactly like a wrong password. A check the hashing line refuses (503)
 * was never made: its place is given back.
 */
export async function countedPasswordCheck(
  db: Db,
  attempt: Attempt,
  secret: StoredSecret | undefined,
  password: string,
  now: number,
  what: string,
) {
  await admitAttempt(db, attempt, now);
  let right: boolean;
  try {
    right = await matches(secret, password);
  } catch (error) {
    await releaseAttempt(db, attempt, now);
    throw error;
  }
  if (right) return true;
  await recordFailure(db, attempt, now, what);
  return false;
}

/**
 * The second factor of a check whose password was right: a missing code gives the attempt back
 * (the caller asks for it), a wrong one is counted as a failure.
 */
export async function countedCodeCheck(
  db: Db,
  attempt: Attempt,
  code: string | undefined,
  verify: (code: string) => Promise<unknown>,
  now: number,
  what: string,
) {
  if (!code) {
    await releaseAttempt(db, attempt, now);
    return 'missing' as const;
  }
  if (await verify(code)) return 'passed' as const;
  await recordFailure(db, attempt, now, what);
  return 'wrong' as const;
}
