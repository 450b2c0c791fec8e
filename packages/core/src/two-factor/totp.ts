import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * One-time passwords as authenticator apps compute them: HOTP (RFC 4226) over a time step
 * (TOTP, RFC 6238). We issue SHA-1, 6 digits, 30 s, the parameters every app supports; the
 * algorithm and digits are parameters so the RFC's own test vectors can check this code.
 */
export const totpPeriodSeconds = 30;
export const totpDigits = 6;
export type TotpAlgorithm = 'sha1' | 'sha256' | 'sha512';

const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** RFC 4648 base32, upper case, without padding (as otpauth:// URLs carry secrets). */
export function base32Encode(bytes: Uint8Array) {
  let out = '';
  let bits = 0;
  let value = 0;
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += alphabet[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += alphabet[(value << (5 - bits)) & 31];
  return out;
}

/** Reads base32 as people type it: any case, spaces and padding ignored. Throws on other characters. */
export function base32Decode(text: string) {
  const clean = text.replace(/[\s=]/g, '').toUpperCase();
  const bytes: number[] = [];
  let bits = 0;
  let value = 0;
  for (const char of clean) {
    const index = alphabet.indexOf(char);
    if (index < 0) throw new Error('Not a base32 string');
    value = ((value << 5) | index) & 0xffff;
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(bytes);
}

/** RFC 4226 §5.3: HMAC over the 8-byte counter, dynamic truncation, the last `digits` digits. */
export function hotp(key: Uint8Array, counter: number, digits = totpDigits, algorithm: TotpAlgorithm = 'sha1') {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac(algorithm, key).update(message).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** digits).padStart(digits, '0');
}

/** The time step of a moment (ms since the epoch). */
export const timeStep = (nowMs: number) => Math.floor(nowMs / 1000 / totpPeriodSeconds);

/** RFC 6238: the code of the step `nowMs` falls in. */
export function totp(key: Uint8Array, nowMs: number, digits = totpDigits, algorithm: TotpAlgorithm = 'sha1') {
  return hotp(key, timeStep(nowMs), digits, algorithm);
}

/**
 * The time step a code belongs to, allowing one step of clock drift either way (RFC 6238 §5.2),
 * or null. The caller refuses a step it has already accepted, so a code works once.
 */
export function matchingStep(key: Uint8Array, code: string, nowMs: number, drift = 1): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const step = timeStep(nowMs);
  let found: number | null = null;
  for (let candidate = step - drift; candidate <= step + drift; candidate++) {
    // Every candidate is compared, in constant time, whichever matches.
    if (timingSafeEqual(Buffer.from(hotp(key, candidate)), Buffer.from(code)) && found === null) found = candidate;
  }
  return found;
}

/** The URL an authenticator app reads from the QR code (Key Uri Format). */
export function otpauthUrl(secret: string, account: string, issuer: string) {
  const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(account)}`;
  const params = new URLSearchParams({ secret, issuer, algorithm: 'SHA1', digits: String(totpDigits), period: String(totpPeriodSeconds) });
  return `otpauth://totp/${label}?${params.toString()}`;
}
