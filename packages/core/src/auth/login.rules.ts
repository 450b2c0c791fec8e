/**
 * The sign-in form's rules, written once. The browser checks them with react-hook-form's own
 * rules, so a first visit to /login downloads no schema library; the server builds its zod schema
 * (auth.schema.ts) from the same table, so the two cannot disagree.
 */
export const loginRules = {
  username: { required: 'Username is required', maxLength: 100, tooLong: 'Username must be at most 100 characters' },
  password: { required: 'Password is required', maxLength: 200, tooLong: 'Password must be at most 200 characters' },
  /** asked for only when two-factor sign-in is on: an app code or a recovery code */
  code: { required: 'Enter the code from your authenticator app', maxLength: 32, tooLong: 'Code must be at most 32 characters' },
} as const;

/** The server's answer when the password was right and a second factor is needed. */
export const twoFactorRequired = 'Two-factor code required';

export interface LoginInput {
  username: string;
  password: string;
  code?: string;
}
