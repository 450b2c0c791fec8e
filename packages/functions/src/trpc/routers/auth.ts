import { changePasswordForm, loginInput, type Me } from '@event-admin/core/auth/auth.schema';
import * as Session from '@event-admin/core/session/index';
import * as TwoFactor from '@event-admin/core/two-factor/index';
import { sessionCookie, type Context } from '../context.ts';
import { accountProcedure, router, sessionProcedure } from '../init.ts';

function setSessionCookie(ctx: Context, value: string, maxAgeSeconds: number) {
  const attributes = ['Path=/', 'HttpOnly', 'SameSite=Strict', `Max-Age=${maxAgeSeconds}`, ...(ctx.secure ? ['Secure'] : [])];
  ctx.resHeaders.append('Set-Cookie', `${sessionCookie}=${encodeURIComponent(value)}; ${attributes.join('; ')}`);
}

export const authRouter = router({
  login: accountProcedure.input(loginInput).mutation(async ({ ctx, input }) => {
    const client = { address: ctx.clientAddress ?? 'unknown', userAgent: ctx.userAgent };
    const session = await Session.login(ctx.db, ctx.config.admin, input, client);
    setSessionCookie(ctx, session.token, Session.sessionMaxAgeSeconds);
    return session.user;
  }),
  logout: accountProcedure.mutation(async ({ ctx }) => {
    await Session.logout(ctx.db, ctx.sessionToken);
    setSessionCookie(ctx, '', 0);
    return { ok: true as const };
  }),
  me: sessionProcedure.query(async ({ ctx }): Promise<Me> => ({
    username: ctx.user.username,
    twoFactorEnabled: await TwoFactor.isEnabled(ctx.db),
  })),
  changePassword: sessionProcedure
    .input(changePasswordForm)
    .mutation(async ({ ctx, input }) => {
      await Session.changePassword(ctx.db, ctx.config.admin, input, ctx.user.sessionId);
      return { ok: true as const };
    }),
});
