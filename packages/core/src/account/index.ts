/**
 * Account changes and sign-in: the entries that combine credentials (checks counted against the
 * lockout), sessions, members, second factors and API tokens. Nothing below imports this folder.
 */
export { acceptInvite, confirm, login, type SignInContext } from './sign-in.ts';
export { changePassword, type AccountContext } from './password.ts';
export { disableTwoFactor, enableTwoFactor } from './two-factor.ts';
export * as Team from './team.ts';
