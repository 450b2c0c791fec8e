import * as z from 'zod';
import { changePasswordForm, confirmPasswordForm, loginInput, me, sessionUser } from '@event-admin/core/auth/auth.schema';
import * as Account from '@event-admin/core/account/index';
import * as Session from '@event-admin/core/session/index';
import { okAnswer } from '@event-admin/core/shared.schema';
import { getSecurityPolicy } from '@event-admin/core/settings/security-policy';
import { acceptInviteForm } from '@event-admin/core/user/user.schema';
import { sessionCookie, type Context } from '../context.ts';
import { accountOf, accountProcedure, answer, confirmedProcedure, router, sessionProcedure } from '../init.ts';

function setSessionCookie(ctx: Context, value: string, maxAgeSeconds: number) {
  const attributes = ['Path=/', 'HttpOnly', 'SameSite=Strict', `Max-Age=${maxAgeSeconds}`, ...(ctx.secure ? ['Secure'] : [])];
  ctx.resHeaders.append('Set-Cookie', `${sessionCookie}=${encodeURIComponent(value)}; ${attributes.join('; ')}`);
}

const clientOf = (ctx: Context) => ({ address: ctx.clientAddress ?? 'unknown', userAgent: ctx.userAgent });

export const authRouter = router({
  login: accountProcedure
    .input(loginInput)
    .output(answer(sessionUser))
    .mutation(async ({ ctx, input }) => {
      const session = await Account.login(ctx.db, input, { admin: ctx.config.admin, client: clientOf(ctx) });
      setSessionCookie(ctx, session.token, Session.sessionMaxAgeSeconds);
      return session.user;
    }),
  /** Ends the session the cookie names, if one is sent. */
  logout: accountProcedure
    .meta({ access: 'optional' })
    .output(answer(okAnswer))
    .mutation(async ({ ctx }) => {
      await Session.logout(ctx.db, ctx.sessionToken, clientOf(ctx));
      setSessionCookie(ctx, '', 0);
      return { ok: true as const };
    }),
  me: sessionProcedure.output(answer(me)).query(async ({ ctx }) => ({
    username: ctx.user.username,
    twoFactorEnabled: ctx.user.twoFactorEnabled,
    // the team requires 2FA and this member has none yet: the app opens the setup dialog
    twoFactorSetupRequired: !ctx.user.twoFactorEnabled && (await getSecurityPolicy(ctx.db)).requireTwoFactor,
  })),
  /** An invited member sets their password (no session needed) and is signed in. */
  acceptInvite: accountProcedure
    .input(acceptInviteForm)
    .output(answer(sessionUser))
    .mutation(async ({ ctx, input }) => {
      const session = await Account.acceptInvite(ctx.db, input, { client: clientOf(ctx) });
      setSessionCookie(ctx, session.token, Session.sessionMaxAgeSeconds);
      return session.user;
    }),
  /** Opens the 10-minute window for account changes in this session (sudo mode). */
  confirm: sessionProcedure
    .input(confirmPasswordForm)
    .output(answer(z.void()))
    .mutation(async ({ ctx, input }) => {
      await Account.confirm(ctx.db, input, { admin: ctx.config.admin, client: clientOf(ctx), token: ctx.sessionToken });
    }),
  changePassword: confirmedProcedure
    .input(changePasswordForm)
    .output(answer(okAnswer))
    .mutation(async ({ ctx, input }) => {
      const session = { token: ctx.sessionToken, id: ctx.user.sessionId };
      await Account.changePassword(ctx.db, input, { admin: ctx.config.admin, actor: accountOf(ctx), session });
      return { ok: true as const };
    }),
});
