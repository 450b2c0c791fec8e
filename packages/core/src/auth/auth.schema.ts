import * as z from 'zod';

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
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: 'The new passwords do not match',
    path: ['confirmPassword'],
  });
export type ChangePasswordForm = z.infer<typeof changePasswordForm>;

export interface SessionUser {
  username: string;
}

/** GET /api/auth/me */
export interface Me extends SessionUser {
  twoFactorEnabled: boolean;
}
