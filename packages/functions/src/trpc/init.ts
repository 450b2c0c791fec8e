import { initTRPC, TRPCError } from '@trpc/server';
import * as Session from '@event-admin/core/session/index';
import type { Context } from './context.ts';
import { toPublicError } from './errors.ts';

// Created once; https://trpc.io/docs/server/routers
const t = initTRPC.context<Context>().create({
  errorFormatter({ shape, error }) {
    // The cause (a zod issue list, a stack) stays on the server.
    return { ...shape, data: { code: shape.data.code, httpStatus: shape.data.httpStatus, path: shape.data.path }, message: error.message };
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

/** Signed-in calls only: the session cookie must name a live session. */
export const adminProcedure = publicProcedure.use(async ({ ctx, next }) => {
  const user = await Session.resolve(ctx.db, ctx.sessionToken);
  if (!user) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Please sign in to continue' });
  return next({ ctx: { ...ctx, user } });
});
