import * as z from 'zod';
import { minPasswordLength } from '../auth/auth.schema.ts';
import { isoTime, named } from '../shared.schema.ts';

/** A member of the team: every member is an Administrator, SPEC's one role. */
export const userStatuses = ['invited', 'active', 'disabled'] as const;
export type UserStatus = (typeof userStatuses)[number];

const usernameMessage = 'Username must be 3 to 32 characters: lowercase letters, digits, dots, underscores or hyphens';

/** Unique regardless of case: stored as typed in lowercase. */
export const usernameSchema = z
  .string({ error: 'Username is required' })
  .trim()
  .min(1, 'Username is required')
  .transform((v) => v.toLowerCase())
  .pipe(z.string().regex(/^[a-z0-9._-]{3,32}$/, usernameMessage));

/** POST /api/users and the Invite member form. */
export const inviteUserForm = z.object({
  username: usernameSchema,
  name: z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(100, 'Name must be at most 100 characters'),
});
export type InviteUserForm = z.input<typeof inviteUserForm>;

/** POST /api/auth/accept-invite and the /accept-invite page: SPEC's rules for a new password. */
export const acceptInviteForm = z
  .object({
    code: z.string({ error: 'This invitation is no longer valid' }).trim().min(1, 'This invitation is no longer valid').max(200),
    password: z
      .string({ error: `New password must be at least ${minPasswordLength} characters` })
      .min(minPasswordLength, `New password must be at least ${minPasswordLength} characters`)
      .max(200, 'New password must be at most 200 characters'),
    confirmPassword: z.string({ error: 'Please confirm the new password' }).min(1, 'Please confirm the new password'),
  })
  .refine((v) => v.password === v.confirmPassword, { message: 'The new passwords do not match', path: ['confirmPassword'] });
export type AcceptInviteForm = z.input<typeof acceptInviteForm>;

export const userIdInput = z.object({
  id: z.string().trim().min(1, 'A member id is required').max(100, 'Member ids are at most 100 characters'),
});

/** GET /api/users: a member as listed, never a password hash, secret or code. */
export const userInfo = named('UserInfo', {
  id: z.string(),
  username: z.string(),
  name: z.string(),
  status: z.enum(userStatuses),
  twoFactorEnabled: z.boolean(),
  createdAt: isoTime,
  lastSignInAt: isoTime.nullable(),
});
export type UserInfo = z.output<typeof userInfo>;

/** POST /api/users and /api/users/{id}/reset: the invitation, shown this once. */
export const invitation = named('Invitation', {
  user: userInfo,
  inviteCode: z.string(),
  inviteUrl: z.string(),
  /** when the code stops working (72 hours on) */
  expiresAt: isoTime,
});
export type Invitation = z.output<typeof invitation>;

export const invitationLifetimeMs = 72 * 60 * 60_000;
export const invitationInvalid = 'This invitation is no longer valid';
export const twoFactorSetupRequired = 'Two-factor setup required';

/** Settings > Security's team rule, stored with the app settings. */
export const securityPolicyForm = z.object({
  requireTwoFactor: z.boolean({ error: 'requireTwoFactor must be true or false' }),
});

/** GET and PUT /api/security-settings: the rule as stored. */
export const securityPolicy = named('SecurityPolicy', { requireTwoFactor: z.boolean() });
export type SecurityPolicy = z.output<typeof securityPolicy>;
