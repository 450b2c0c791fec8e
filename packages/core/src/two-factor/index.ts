import { randomBytes } from 'node:crypto';
import type { Db } from '../db/client.ts';
import { DomainError } from '../error.ts';
import { passwordMatches, type AdminCredentials } from '../session/credentials.ts';
import { sha256Hex } from '../session/password.ts';
import {
  acceptStep,
  deleteTwoFactor,
  enableTwoFactorItem,
  getTwoFactor,
  getTwoFactorSetup,
  putTwoFactorSetup,
  spendRecoveryCode,
} from './two-factor.repo.ts';
import {
  disableTwoFactorForm,
  enableTwoFactorInput,
  recoveryCodeCount,
  twoFactorIssuer,
  type TwoFactorSetup,
} from './two-factor.schema.ts';
import { base32Decode, base32Encode, matchingStep, otpauthUrl } from './totp.ts';

/** A setup not confirmed within this time is forgotten. */
const setupLifetimeMs = 15 * 60_000;

const alreadyOn = () => new DomainError('conflict', 'Two-factor sign-in is already on. Turn it off first to set it up again.');
const wrongCode = () => new DomainError('invalid', 'The code is not correct. Check the time on your device and try again.');

export async function isEnabled(db: Db) {
  return (await getTwoFactor(db)) !== undefined;
}

/** A new 160-bit secret (RFC 4226 recommends 160) and its otpauth:// URL; nothing is on until `enable`. */
export async function setup(db: Db, account: string, now = Date.now()): Promise<TwoFactorSetup> {
  if (await isEnabled(db)) throw alreadyOn();
  const secret = base32Encode(randomBytes(20));
  await putTwoFactorSetup(db, secret, now + setupLifetimeMs);
  return { secret, otpauthUrl: otpauthUrl(secret, account, twoFactorIssuer) };
}

/** 'abcde-fghij': 50 random bits each, easy to read out and type. */
function newRecoveryCode() {
  const text = base32Encode(randomBytes(7)).slice(0, 10).toLowerCase();
  return `${text.slice(0, 5)}-${text.slice(5)}`;
}

/** A recovery code as typed: case, spaces and dashes do not matter. */
const recoveryHash = (code: string) => sha256Hex(code.toLowerCase().replace(/[\s-]/g, ''));

/** Confirms the pending secret with a first code; answers the recovery codes, shown this once. */
export async function enable(db: Db, rawInput: unknown, now = Date.now()) {
  const { code, secret } = enableTwoFactorInput.parse(rawInput);
  if (await isEnabled(db)) throw alreadyOn();
  const pending = await getTwoFactorSetup(db);
  if (!pending || pending.expiresAt <= now) {
    throw new DomainError('invalid', 'Start the two-factor setup first: the secret it gave has expired or was never issued.');
  }
  if (secret !== undefined && secret.replace(/\s/g, '').toUpperCase() !== pending.secret) {
    throw new DomainError(
      'conflict',
      'Two-factor setup was started again (in another tab or window), so this secret is no longer the one waiting. Close this and open Enable 2FA again.',
    );
  }
  const step = matchingStep(base32Decode(pending.secret), code, now);
  if (step === null) throw wrongCode();
  const recoveryCodes = Array.from({ length: recoveryCodeCount }, newRecoveryCode);
  const enabled = await enableTwoFactorItem(db, {
    secret: pending.secret,
    // The code that confirmed the setup cannot also sign in.
    lastStep: step,
    recoveryHashes: recoveryCodes.map(recoveryHash),
    enabledAt: new Date(now).toISOString(),
  });
  if (!enabled) throw alreadyOn();
  return { recoveryCodes };
}

/**
 * Whether a code passes, spending it: an app code's time step (one step of drift allowed) can
 * never be used again, nor any earlier one; a recovery code is removed.
 */
export async function verifyCode(db: Db, code: string, now = Date.now()) {
  const factor = await getTwoFactor(db);
  if (!factor) return false;
  const digits = code.replace(/\s/g, '');
  if (/^\d{6}$/.test(digits)) {
    const step = matchingStep(base32Decode(factor.secret), digits, now);
    return step !== null && step > factor.lastStep && (await acceptStep(db, step));
  }
  const hash = recoveryHash(code);
  return factor.recoveryHashes.includes(hash) && (await spendRecoveryCode(db, hash));
}

/** Turns the second factor off: needs the password and a code (or a recovery code). */
export async function disable(db: Db, admin: AdminCredentials, rawInput: unknown, now = Date.now()) {
  const { password, code } = disableTwoFactorForm.parse(rawInput);
  if (!(await isEnabled(db))) throw new DomainError('conflict', 'Two-factor sign-in is not on.');
  if (!(await passwordMatches(db, admin, password))) throw new DomainError('invalid', 'The password is not correct');
  if (!(await verifyCode(db, code, now))) throw wrongCode();
  await deleteTwoFactor(db);
}
