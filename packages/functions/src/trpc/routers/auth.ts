import { changePasswordForm, loginInput } from '@event-admin/core/auth/auth.schema';
import * as Session from '@event-admin/core/session/index';
import { sessionCookie, type Context } from '../context.ts';
import { actorOf } from '../actor.ts';
import { adminProcedure, publicProcedure, router } from '../init.ts';

function setSessionCookie(ctx: Context, value: string, maxAgeSeconds: number) {
  const attributes = ['Path=/', 'HttpOnly', 'SameSite=Strict', `Max-Age=${maxAgeSeconds}`, ...(ctx.secure ? ['Secure'] : [])];
  ctx.resHeaders.append('Set-Cookie', `${sessionCookie}=${encodeURIComponent(value)}; ${attributes.join('; ')}`);
}

export const authRouter = router({
  login: publicProcedure.input(loginInput).mutation(async ({ ctx, input }) => {
    const session = await Session.login(ctx.db, ctx.config.admin, input);
    setSessionCookie(ctx, session.token, Session.sessionMaxAgeSeconds);
    return session.user;
  }),
  logout: publicProcedure.mutation(async ({ ctx }) => {
    await Session.logout(ctx.db, ctx.sessionToken);
    setSessionCookie(ctx, '', 0);
    return { ok: true as const };
  }),
  me: adminProcedure.query(({ ctx }) => ctx.user),
  changePassword: adminProcedure.input(changePasswordForm).mutation(async ({ ctx, input }) => {
    await Session.changePassword(ctx.db, ctx.config.admin, input, actorOf(ctx));
    return { ok: true as const };
  }),
});
