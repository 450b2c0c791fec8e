import { route } from '../row.ts';

/** Health, signing in and out, and the signed-in member's own account. */
export const accountRoutes = [
  route('GET', '/api/health', 'health.check', {
    doc: {
      operationId: 'health',
      tag: 'Health',
      summary: 'Whether the API and its store answer',
      description: 'Answers within 2 seconds: 200 when DynamoDB answers, else 503.',
      answer: 'The store answers.',
    },
  }),

  route('POST', '/api/auth/login', 'auth.login', {
    doc: {
      operationId: 'login',
      tag: 'Sign-in',
      summary: 'Sign in',
      description:
        'Checks the password (and the two-factor code when it is on) and sets the `session` cookie (HttpOnly, SameSite=Strict, 12 hours). Failures are counted per username and client address (an IPv6 client by its /64): the fifth in a row locks that username for that address only, for 1 minute, then 2, 4, 8 and at most 15 minutes after each further failure; while locked every attempt is 429 `Too many failed sign-in attempts. Try again in N minute(s).` A success clears the count. Each address also has at most 20 checks per quarter hour across all usernames (then 429 until the quarter ends), and when the server is already checking too many passwords at once it answers 503 `Too many sign-ins at once. Try again in a few seconds.` with `Retry-After`.',
      answer: 'Signed in: the session cookie is set.',
      headers: ['Set-Cookie'],
      errors: [401, 429],
    },
  }),
  route('POST', '/api/auth/logout', 'auth.logout', {
    doc: {
      operationId: 'logout',
      tag: 'Sign-in',
      summary: 'Sign out',
      description: 'Ends this session (if any) and clears the cookie. Takes no body.',
      answer: 'Signed out: the session cookie is cleared.',
      headers: ['Set-Cookie'],
    },
  }),
  route('GET', '/api/auth/me', 'auth.me', {
    doc: { operationId: 'me', tag: 'Sign-in', summary: 'The signed-in member', answer: 'The member of this session.' },
  }),
  route('POST', '/api/auth/accept-invite', 'auth.acceptInvite', {
    status: 201,
    doc: {
      operationId: 'acceptInvite',
      tag: 'Sign-in',
      summary: 'Accept an invitation',
      description:
        "An invited member sets their password with the invitation's code and is signed in. A code that is unknown, already used (a request at the same moment included), replaced by a reset or older than 72 hours is 400 `This invitation is no longer valid`; a password the rules refuse is 400 with the rule, e.g. `New password must be at least 8 characters`.",
      answer: 'The member is active and signed in.',
      headers: ['Set-Cookie'],
      errors: [409],
    },
  }),

  route('POST', '/api/auth/confirm', 'auth.confirm', {
    status: 204,
    doc: {
      operationId: 'confirmPassword',
      tag: 'Account',
      summary: 'Confirm the password',
      description:
        'Opens the 10-minute window that account changes (tokens, 2FA, sessions, the password, the team) need in this session; without it they answer 403 `Confirm your password to continue`.',
      answer: 'The window is open.',
      errors: [429],
    },
  }),
  route('POST', '/api/auth/password', 'auth.changePassword', {
    doc: {
      operationId: 'changePassword',
      tag: 'Account',
      summary: 'Change the password',
      description: "Also revokes the member's API tokens unless `keepTokens` is true. Needs a confirmed password.",
      answer: 'The new password is set.',
      errors: [409, 429],
    },
  }),
  route('POST', '/api/auth/2fa/setup', 'twoFactor.setup', {
    doc: {
      operationId: 'setUpTwoFactor',
      tag: 'Account',
      summary: 'Start two-factor setup',
      description: 'A new TOTP secret, pending until a first code enables it (15 minutes). Needs a confirmed password.',
      answer: 'The secret to add to an authenticator app.',
      errors: [409],
    },
  }),
  route('POST', '/api/auth/2fa/enable', 'twoFactor.enable', {
    doc: {
      operationId: 'enableTwoFactor',
      tag: 'Account',
      summary: 'Turn two-factor sign-in on',
      description: "The first code from the app proves it holds the setup's secret. Needs a confirmed password.",
      answer: 'On; the recovery codes, shown this once.',
      errors: [409],
    },
  }),
  route('POST', '/api/auth/2fa/disable', 'twoFactor.disable', {
    status: 204,
    doc: {
      operationId: 'disableTwoFactor',
      tag: 'Account',
      summary: 'Turn two-factor sign-in off',
      description: 'Needs the password, a code (or a recovery code), and a confirmed password.',
      answer: 'Off.',
      errors: [409, 429],
    },
  }),
  route('GET', '/api/auth/sessions', 'sessions.list', {
    doc: { operationId: 'listSessions', tag: 'Account', summary: "The member's signed-in browsers", answer: 'Live sessions.' },
  }),
  route('POST', '/api/auth/sessions/revoke-others', 'sessions.revokeOthers', {
    status: 204,
    doc: {
      operationId: 'revokeOtherSessions',
      tag: 'Account',
      summary: 'Sign out everywhere else',
      description: 'Needs a confirmed password.',
      answer: 'Every other session of the member has ended.',
    },
  }),
  route('DELETE', '/api/auth/sessions/:id', 'sessions.delete', {
    status: 204,
    doc: {
      operationId: 'revokeSession',
      tag: 'Account',
      summary: 'End one session',
      description: 'Needs a confirmed password.',
      answer: 'The session has ended.',
    },
  }),
  route('GET', '/api/tokens', 'tokens.list', {
    doc: { operationId: 'listApiTokens', tag: 'Account', summary: "The member's API tokens", answer: 'The tokens, never their values.' },
  }),
  route('POST', '/api/tokens', 'tokens.create', {
    status: 201,
    doc: {
      operationId: 'createApiToken',
      tag: 'Account',
      summary: 'Create an API token',
      description: 'A `read` token may only read; a `write` token may also change data. Needs a confirmed password.',
      answer: 'The token, its value shown this once.',
    },
  }),
  route('DELETE', '/api/tokens/:id', 'tokens.delete', {
    status: 204,
    doc: { operationId: 'revokeApiToken', tag: 'Account', summary: 'Revoke an API token', answer: 'Revoked.' },
  }),
];
