import { createHash, randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

const scryptAsync = (password: string, salt: Buffer) =>
  new Promise<Buffer>((resolve, reject) =>
    scrypt(password, salt, 32, { N: 16384, r: 8, p: 1 }, (error, key) => (error ? reject(error) : resolve(key))),
  );

/** 'scrypt$salt$hash', both base64url. */
export async function hashPassword(password: string) {
  const salt = randomBytes(16);
  const key = await scryptAsync(password, salt);
  return `scrypt$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

export async function verifyPasswordHash(password: string, stored: string) {
  const [scheme, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const key = await scryptAsync(password, Buffer.from(salt, 'base64url'));
  const expected = Buffer.from(hash, 'base64url');
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** Compares two secrets in constant time (by their digests, so lengths do not leak). */
export function sameSecret(a: string, b: string) {
  return timingSafeEqual(sha256(a), sha256(b));
}

export const sha256 = (value: string) => createHash('sha256').update(value).digest();
export const sha256Hex = (value: string) => createHash('sha256').update(value).digest('hex');
