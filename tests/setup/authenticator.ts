import { createHmac } from 'node:crypto';

/**
 * What an authenticator app does with the secret it scanned, written here from RFC 4226 / 6238
 * independently of core's implementation: base32-decode it, HMAC-SHA1 the 30-second step,
 * truncate to 6 digits. `stepOffset` asks for a neighbouring step (the server allows one of drift).
 */
export function authenticatorCode(secret: string, stepOffset = 0, now = Date.now()) {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const char of secret.replace(/\s|=/g, '').toUpperCase()) bits += alphabet.indexOf(char).toString(2).padStart(5, '0');
  const key = Buffer.from((bits.match(/.{8}/g) ?? []).map((byte) => parseInt(byte, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(now / 30_000) + stepOffset));
  const mac = createHmac('sha1', key).update(counter).digest();
  const offset = mac[19]! & 0xf;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

/** Seconds left in the current 30-second step. */
export const secondsLeftInStep = (now = Date.now()) => 30 - (Math.floor(now / 1000) % 30);
