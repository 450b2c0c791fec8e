import { initTRPC, TRPCError } from '@trpc/server';
import type * as z from 'zod';
import * as ApiToken from '@event-admin/core/api-token/index';
import type { Actor } from '@event-admin/core/fn';
import * as Session from '@event-admin/core/session/index';
import { getSecurityPolicy } from '@event-admin/core/settings/security-policy';
import * as User from '@event-admin/core/user/index';
import { twoFactorSetupRequired } from '@event-admin/core/user/user.schema';
import type { Context } from './context.ts';
import { toPublicError, withReference } from './errors.ts';

/**
 * Who may call a procedure, set by the builder it is made with (read by the OpenAPI document):
 * - `public`: anyone (sign-in, health);
 * - `optional`: anyone, a session cookie is used when sent (sign-out);
 * - `member`: a member's own session cookie, never an API token (the account and the team);
 * - `data`: a session cookie or an API token (`Authorization: Bearer`); a read token only reads.
 */
export type Access = 'public' | 'optional' | 'member' | 'data';
export interface ProcedureMeta {
  access: Access;
}

// Created once; https://trpc.io/docs/server/routers
const t = initTRPC
  .context<Context>()
  .meta<ProcedureMeta>()
  .create({
    errorFormatter({ shape, error, ctx }) {
      // The cause (a zod issue list, a stack) stays on the server; a 500 names the request's id.
      const data = { code: shape.data.code, httpStatus: shape.data.httpStatus, path: shape.data.path };
      return { ...shape, data, message: withReference(error, ctx?.requestId) };
    },
  });

/** Every domain error and validation failure leaves as one typed error with a readable message. */
const publicErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok) throw toPublicError(result.error);
  return result;
});

/**
 * A procedure's answer schema as its output parser (`.output(answer(schema))`): tRPC would call
 * zod's parseAsync, which skips zod's compiled fast path (about three times slower on a page of
 * 100 items); this parses synchronously, and keeps the schema for the OpenAPI document.
 */
export function answer<S extends z.ZodType>(schema: S) {
  return Object.assign((value: unknown): z.output<S> => schema.parse(value), { schema });
}

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
export const publicProcedure = t.procedure.use(publicErrors).meta({ access: 'public' });

const signInRequired = () => new TRPCError({ code: 'UNAUTHORIZED', message: 'Please sign in to continue' });

const tokenRefused = () => new TRPCError({ code: 'FORBIDDEN', message: 'API tokens cannot be used here: this needs a member signed in' });

/** The account itself (sign-in, sessions, 2FA, tokens, the team) is a member's own: never an API token's. */
export const accountProcedure = publicProcedure.use(async ({ ctx, next }) => {
  if (ctx.bearerToken !== undefined) throw tokenRefused();
  await User.ensureFirstMember(ctx.db, ctx.config.admin);
  return next();
});

/** What a member without 2FA may still reach while the team requires it: enough to set it up. */
const beforeTwoFactor = new Set(['auth.me', 'auth.logout', 'auth.confirm', 'twoFactor.setup', 'twoFactor.enable']);

/**
 * The team's 2FA rule ("Require two-factor sign-in for every member"): a member without 2FA, and
 * every API token of theirs, reaches nothing but the setup.
 */
async function holdToTwoFactorRule(ctx: Context, twoFactorEnabled: boolean) {
  if (!twoFactorEnabled && (await getSecurityPolicy(ctx.db)).requireTwoFactor) {
    throw new TRPCError({ code: 'FORBIDDEN', message: twoFactorSetupRequired });
  }
}

/** The member of this session, held to the team's 2FA rule. */
async function sessionMember(ctx: Context, path: string) {
  const user = await Session.resolve(ctx.db, ctx.sessionToken);
  if (!user) throw signInRequired();
  if (!beforeTwoFactor.has(path)) await holdToTwoFactorRule(ctx, user.twoFactorEnabled);
  return user;
}

/** Who acts for the history: a member, with their id. */
const memberActor = (user: { userId: string; username: string }): Actor => ({ name: user.username, memberId: user.userId });

/** A member's own session only (the cookie): what /api/auth/*, /api/tokens and /api/users need. */
export const sessionProcedure = accountProcedure
  .use(async ({ ctx, path, next }) => {
    const user = await sessionMember(ctx, path);
    return next({ ctx: { ...ctx, user, actor: memberActor(user) } });
  })
  .meta({ access: 'member' });

/** The signed-in member acting on their own account or the team, and from where (history, throttle). */
export const accountOf = (ctx: { user: { userId: string; username: string }; clientAddress?: string }) => ({
  userId: ctx.user.userId,
  username: ctx.user.username,
  address: ctx.clientAddress ?? 'unknown',
});

/**
 * Account changes (creating API tokens, 2FA, revoking sessions, the password, the team): the
 * session's password confirmed within the last 10 minutes (POST /api/auth/confirm), else 403
 * `Confirm your password to continue`. `account` names who acts and from where.
 */
export const confirmedProcedure = sessionProcedure.use(async ({ ctx, next }) => {
  await Session.assertConfirmed(ctx.db, ctx.sessionToken);
  return next({ ctx: { ...ctx, account: accountOf(ctx) } });
});

/**
 * Every data call: a live session, or an API token (`Authorization: Bearer`), which wins when
 * both are sent. A read token may only query; a token of a member without 2FA is held to the
 * team's 2FA rule like their session. `actor` names who acts, for change history: the member's
 * username, or `token:<name> (<owner>)`, with their ids (the token's too).
 */
export const adminProcedure = publicProcedure
  .use(async ({ ctx, type, path, next }) => {
    // a table from before members gets its first member before anyone is looked up (once per process)
    await User.ensureFirstMember(ctx.db, ctx.config.admin);
    if (ctx.bearerToken !== undefined) {
      const token = await ApiToken.resolve(ctx.db, ctx.bearerToken);
      if (!token) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'The API token is not valid: it is unknown, revoked or expired' });
      if (token.scope === 'read' && type !== 'query') {
        throw new TRPCError({ code: 'FORBIDDEN', message: 'This API token can only read: create a write token to make changes' });
      }
      await holdToTwoFactorRule(ctx, token.ownerTwoFactorEnabled);
      const actor: Actor = { name: `token:${token.name} (${token.ownerUsername})`, memberId: token.ownerId, tokenId: token.id };
      return next({ ctx: { ...ctx, actor } });
    }
    const user = await sessionMember(ctx, path);
    return next({ ctx: { ...ctx, actor: memberActor(user) } });
  })
  .meta({ access: 'data' });

/**
 * confirmedProcedure's checks, asked for inside a data procedure when its input makes the call an
 * account change (a webhook delivery sent to another URL than it was meant for).
 */
export async function confirmedMember(ctx: Context, path: string) {
  if (ctx.bearerToken !== undefined) throw tokenRefused();
  const user = await sessionMember(ctx, path);
  await Session.assertConfirmed(ctx.db, ctx.sessionToken);
  return accountOf({ ...ctx, user });
}
