import * as z from 'zod';
import { named } from '../shared.schema.ts';

/** The name authenticator apps show beside the account. */
export const twoFactorIssuer = 'Northstar Events';
export const recoveryCodeCount = 10;

const authenticatorCode = z
  .string({ error: 'Enter the 6-digit code from your authenticator app' })
  .transform((v) => v.replace(/\s/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app'));

/** A code from the app, or one of the recovery codes. */
export const codeOrRecoveryCode = z
  .string({ error: 'Enter a code from your authenticator app or a recovery code' })
  .trim()
  .min(1, 'Enter a code from your authenticator app or a recovery code')
  .max(32, 'That is not a code from your authenticator app or a recovery code');

/**
 * POST /api/auth/2fa/enable: the first code proves the app holds the secret. `secret`, when sent
 * (the dialog sends the one it shows), names which setup the code is for: a setup started again
 * elsewhere is then told apart from a wrong code.
 */
export const enableTwoFactorInput = z.object({ code: authenticatorCode, secret: z.string().max(64).optional() });
export type EnableTwoFactorInput = z.input<typeof enableTwoFactorInput>;

/** POST /api/auth/2fa/disable and the Disable 2FA form. */
export const disableTwoFactorForm = z.object({
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(200, 'Password must be at most 200 characters'),
  code: codeOrRecoveryCode,
});
export type DisableTwoFactorForm = z.input<typeof disableTwoFactorForm>;

export const twoFactorSetup = named('TwoFactorSetup', {
  /** base32, 160 bits */
  secret: z.string(),
  otpauthUrl: z.string().regex(/^otpauth:\/\//),
});
export type TwoFactorSetup = z.output<typeof twoFactorSetup>;

/** POST /api/auth/2fa/enable: on, and the recovery codes, shown this once. */
export const recoveryCodes = named('RecoveryCodes', {
  recoveryCodes: z.array(z.string()),
});
export type RecoveryCodes = z.output<typeof recoveryCodes>;
