import { z } from 'zod';

export const loginInput = z.object({
  username: z.string({ error: 'Username is required' }).trim().min(1, 'Username is required').max(100, 'Username must be at most 100 characters'),
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(200, 'Password must be at most 200 characters'),
});
export type LoginInput = z.infer<typeof loginInput>;

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
