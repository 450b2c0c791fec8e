import { initTRPC, TRPCError } from '@trpc/server';
import * as ApiToken from '@event-admin/core/api-token/index';
import * as Session from '@event-admin/core/session/index';
import type { Context } from './context.ts';
import { toPublicError } from './errors.ts';

// Created once; https://trpc.io/docs/server/routers
const t = initTRPC.context<Context>().create({
  errorFormatter({ shape, error }) {
    // The cause (a zod issue list, a stack) stays on the server.
    return { ...shape, data: { code: shape.data.code, httpStatus: shape.data.httpStatus, path: shape.data.path } , message: error.message };
  },
});

/** Every domain error and validation failure leaves as one typed error with a readable message. */
const publicErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok) throw toPublicError(result.error);
  return result;
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
export const publicProcedure = t.procedure.use(publicErrors);

const signInRequired = () => new TRPCError({ code: 'UNAUTHORIZED', message: 'Please sign in to continue' });

/** The account itself (sign-in, sessions, 2FA, tokens) is the administrator's own: never an API token's. */
export const accountProcedure = publicProcedure.use(({ ctx, next }) => {
  if (ctx.bearerToken !== undefined) {
    throw new TRPCError({ code: 'FORBIDDEN', message: 'API tokens cannot be used here: this needs the administrator signed in' });
  }
  return next();
});

/** The administrator's own session only (the cookie): what /api/auth/* and /api/tokens need. */
export const sessionProcedure = accountProcedure.use(async ({ ctx, next }) => {
  const user = await Session.resolve(ctx.db, ctx.sessionToken);
  if (!user) throw signInRequired();
  return next({ ctx: { ...ctx, user, actor: user.username } });
});

/**
 * Every data call: a live session, or an API token (`Authorization: Bearer`), which wins when
 * both are sent. A read token may only query. `actor` names who acts, for change history.
 */
export const adminProcedure = publicProcedure.use(async ({ ctx, type, next }) => {
  if (ctx.bearerToken !== undefined) {
    const token = await ApiToken.resolve(ctx.db, ctx.bearerToken);
    if (!token) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'The API token is not valid: it is unknown, revoked or expired' });
    if (token.scope === 'read' && type !== 'query') {
      throw new TRPCError({ code: 'FORBIDDEN', message: 'This API token can only read: create a write token to make changes' });
    }
    return next({ ctx: { ...ctx, actor: `token:${token.name}` } });
  }
  const user = await Session.resolve(ctx.db, ctx.sessionToken);
  if (!user) throw signInRequired();
  return next({ ctx: { ...ctx, actor: user.username } });
});
