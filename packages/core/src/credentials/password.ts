import { createHash, randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { inHashPool } from './hash-pool.ts';

/**
 * scrypt's cost as OWASP recommends it: N=2^17, r=8, p=1 (128 MiB and about half a second per
 * hash here). Stored as 'scrypt$17$salt$hash'; the older 'scrypt$salt$hash' was N=2^14 and is
 * re-hashed at the next successful sign-in (needsRehash).
 */
const currentLogN = 17;
const legacyLogN = 14;
const blockSize = 8;

async function scryptAsync(secret: string, salt: Buffer, logN: number) {
  const N = 2 ** logN;
  // Node refuses more than 32 MiB unless told: 128 * N * r bytes, plus room.
  const maxmem = 256 * N * blockSize;
  const run = () =>
    new Promise<Buffer>((resolve, reject) =>
      scrypt(secret, salt, 32, { N, r: blockSize, p: 1, maxmem }, (error, key) => (error ? reject(error) : resolve(key))),
    );
  // full-cost hashes wait their turn in a bounded line (hash-pool.ts); cheaper ones run at once
  return logN >= currentLogN ? inHashPool(run) : run();
}

/** A salted slow hash of a secret: 'scrypt$<log2 N>$salt$hash', salt and hash base64url. */
export async function hashSecret(secret: string, logN = currentLogN) {
  const salt = randomBytes(16);
  const key = await scryptAsync(secret, salt, logN);
  return `scrypt$${logN}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

export const hashPassword = (password: string) => hashSecret(password);

function parseHash(stored: string) {
  const parts = stored.split('$');
  if (parts[0] !== 'scrypt') return undefined;
  const [logN, salt, hash] = parts.length === 3 ? [legacyLogN, parts[1], parts[2]] : [Number(parts[1]), parts[2], parts[3]];
  if (!salt || !hash || !Number.isInteger(logN) || logN < 10 || logN > 20) return undefined;
  return { logN, salt: Buffer.from(salt, 'base64url'), hash: Buffer.from(hash, 'base64url') };
}

export async function verifySecretHash(secret: string, stored: string) {
  const parsed = parseHash(stored);
  if (!parsed) return false;
  const key = await scryptAsync(secret, parsed.salt, parsed.logN);
  return key.length === parsed.hash.length && timingSafeEqual(key, parsed.hash);
}

export const verifyPasswordHash = verifySecretHash;

/** Whether a stored password hash is of an older, cheaper cost than passwords get today. */
export function needsRehash(stored: string) {
  return (parseHash(stored)?.logN ?? 0) < currentLogN;
}

/** Compares two secrets in constant time (by their digests, so lengths do not leak). */
export function sameSecret(a: string, b: string) {
  return timingSafeEqual(sha256(a), sha256(b));
}

export const sha256 = (value: string) => createHash('sha256').update(value).digest();
export const sha256Hex = (value: string) => createHash('sha256').update(value).digest('hex');
