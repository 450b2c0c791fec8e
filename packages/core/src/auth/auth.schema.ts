import * as z from 'zod';
import { named } from '../shared.schema.ts';
import { loginRules } from './login.rules.ts';

export type { LoginInput } from './login.rules.ts';

/** POST /api/auth/login, from the rules the sign-in form checks in the browser. */
export const loginInput = z.object({
  username: z
    .string({ error: loginRules.username.required })
    .trim()
    .min(1, loginRules.username.required)
    .max(loginRules.username.maxLength, loginRules.username.tooLong),
  password: z
    .string({ error: loginRules.password.required })
    .min(1, loginRules.password.required)
    .max(loginRules.password.maxLength, loginRules.password.tooLong),
  code: z.string().trim().max(loginRules.code.maxLength, loginRules.code.tooLong).optional(),
});

export const minPasswordLength = 8;

/** The Security tab's form and auth.changePassword. */
export const changePasswordForm = z
  .object({
    currentPassword: z.string().min(1, 'Current password is required'),
    newPassword: z
      .string()
      .min(minPasswordLength, `New password must be at least ${minPasswordLength} characters`)
      .max(200, 'New password must be at most 200 characters'),
    confirmPassword: z.string().min(1, 'Please confirm the new password'),
    /** off by default: a new password also revokes the API tokens this user created */
    keepTokens: z.boolean({ error: 'keepTokens must be true or false' }).optional(),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: 'The new passwords do not match',
    path: ['confirmPassword'],
  });
export type ChangePasswordForm = z.infer<typeof changePasswordForm>;

/**
 * Account changes (API tokens, 2FA, sessions, the password) need the password given again within
 * this window in the same session: POST /api/auth/confirm opens it.
 */
export const confirmWindowMs = 10 * 60_000;
/** The 403 an account change answers outside the window; the web asks for the password on it. */
export const confirmationRequired = 'Confirm your password to continue';

/** POST /api/auth/confirm and the Confirm password dialog: the password, and a code when 2FA is on. */
export const confirmPasswordForm = z.object({
  password: z
    .string({ error: loginRules.password.required })
    .min(1, loginRules.password.required)
    .max(loginRules.password.maxLength, loginRules.password.tooLong),
  code: z.string().trim().max(loginRules.code.maxLength, loginRules.code.tooLong).optional(),
});
export type ConfirmPasswordForm = z.input<typeof confirmPasswordForm>;

/** Sign-in and accepting an invitation: who is now signed in. */
export const sessionUser = named('SessionUser', { username: z.string() });
export type SessionUser = z.output<typeof sessionUser>;

/** GET /api/auth/me */
export const me = named('Me', {
  username: z.string(),
  twoFactorEnabled: z.boolean(),
  /** the team requires two-factor sign-in and this member has not set it up: only setup is open */
  twoFactorSetupRequired: z.boolean(),
});
export type Me = z.output<typeof me>;
