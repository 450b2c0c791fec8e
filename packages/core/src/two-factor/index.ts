import { randomBytes } from 'node:crypto';
import type { Db } from '../db/client.ts';
import { DomainError } from '../error.ts';
import { securityEvent, type MemberActor } from '../audit/audit.repo.ts';
import { hashSecret, sha256Hex, verifySecretHash } from '../credentials/password.ts';
import { fn } from '../fn.ts';
import {
  acceptStep,
  deleteTwoFactor,
  enableTwoFactorItem,
  getTwoFactor,
  getTwoFactorSetup,
  putTwoFactorSetup,
  spendRecoveryCode,
} from './two-factor.repo.ts';
import { enableTwoFactorInput, recoveryCodeCount, twoFactorIssuer, type TwoFactorSetup } from './two-factor.schema.ts';
import { base32Decode, base32Encode, matchingStep, otpauthUrl } from './totp.ts';

/** A setup not confirmed within this time is forgotten. */
const setupLifetimeMs = 15 * 60_000;

const alreadyOn = () => new DomainError('conflict', 'Two-factor sign-in is already on. Turn it off first to set it up again.');
const wrongCode = () => new DomainError('invalid', 'The code is not correct. Check the time on your device and try again.');

export async function isEnabled(db: Db, userId: string) {
  return (await getTwoFactor(db, userId)) !== undefined;
}

/** A new 160-bit secret (RFC 4226 recommends 160) and its otpauth:// URL; nothing is on until `enable`. */
export async function setup(db: Db, actor: MemberActor, now = Date.now()): Promise<TwoFactorSetup> {
  if (await isEnabled(db, actor.userId)) throw alreadyOn();
  const secret = base32Encode(randomBytes(20));
  await putTwoFactorSetup(db, actor.userId, secret, now + setupLifetimeMs);
  return { secret, otpauthUrl: otpauthUrl(secret, actor.username, twoFactorIssuer) };
}

/** 'abcde-fghij': 50 random bits each, easy to read out and type. */
function newRecoveryCode() {
  const text = base32Encode(randomBytes(7)).slice(0, 10).toLowerCase();
  return `${text.slice(0, 5)}-${text.slice(5)}`;
}

/** A recovery code as typed: case, spaces and dashes do not matter. */
const normalRecoveryCode = (code: string) => code.toLowerCase().replace(/[\s-]/g, '');

/**
 * Recovery codes are stored like passwords, each with its own salt and a slow hash (scrypt at
 * N=2^14: 50 random bits are then out of reach of a stolen table). Codes issued before this were
 * stored as a bare sha256; they still work once, until spent.
 */
const recoveryLogN = 14;
const hashRecoveryCode = (code: string) => hashSecret(normalRecoveryCode(code), recoveryLogN);

/** The stored entry a typed recovery code matches, if any (checked against all, in parallel). */
async function matchingRecoveryEntry(stored: readonly string[], code: string) {
  const typed = normalRecoveryCode(code);
  const legacy = sha256Hex(typed);
  const matches = await Promise.all(
    stored.map((entry) => (entry.startsWith('scrypt$') ? verifySecretHash(typed, entry) : entry === legacy)),
  );
  return stored[matches.indexOf(true)];
}

/** Confirms the pending secret with a first code; answers the recovery codes, shown this once. */
export const enable = fn(enableTwoFactorInput, async (db, { code, secret }, actor: MemberActor) => {
  const now = Date.now();
  if (await isEnabled(db, actor.userId)) throw alreadyOn();
  const pending = await getTwoFactorSetup(db, actor.userId);
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
  const enabled = await enableTwoFactorItem(
    db,
    actor.userId,
    {
      secret: pending.secret,
      // The code that confirmed the setup cannot also sign in.
      lastStep: step,
      recoveryHashes: await Promise.all(recoveryCodes.map(hashRecoveryCode)),
      enabledAt: new Date(now).toISOString(),
    },
    [securityEvent(actor, 'two_factor_enabled', 'Turned two-factor sign-in on')],
  );
  if (!enabled) throw alreadyOn();
  return { recoveryCodes };
});

/**
 * Whether a code passes, spending it: an app code's time step (one step of drift allowed) can
 * never be used again, nor any earlier one; a recovery code is removed, and its use recorded in
 * the history (never the code itself). Answers which kind passed, or false.
 */
export async function verifyCode(db: Db, code: string, actor: MemberActor, now = Date.now()): Promise<'app' | 'recovery' | false> {
  const factor = await getTwoFactor(db, actor.userId);
  if (!factor) return false;
  const digits = code.replace(/\s/g, '');
  if (/^\d{6}$/.test(digits)) {
    const step = matchingStep(base32Decode(factor.secret), digits, now);
    return step !== null && step > factor.lastStep && (await acceptStep(db, actor.userId, step)) ? 'app' : false;
  }
  const entry = await matchingRecoveryEntry(factor.recoveryHashes, code);
  if (entry === undefined) return false;
  const left = factor.recoveryHashes.length - 1;
  const used = securityEvent(actor, 'recovery_code_used', `Used a recovery code (${left} left)`);
  return (await spendRecoveryCode(db, actor.userId, entry, [used])) ? 'recovery' : false;
}

/**
 * Turns the second factor off once a code (or a recovery code) has proved the phone. The password
 * is checked first, counted like a sign-in, by the entry (account/two-factor.ts).
 */
export async function disable(db: Db, code: string, actor: MemberActor, now = Date.now()) {
  if (!(await isEnabled(db, actor.userId))) throw new DomainError('conflict', 'Two-factor sign-in is not on.');
  if (!(await verifyCode(db, code, actor, now))) throw wrongCode();
  await deleteTwoFactor(db, actor.userId, [securityEvent(actor, 'two_factor_disabled', 'Turned two-factor sign-in off')]);
}
