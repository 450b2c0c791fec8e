import * as Session from '@event-admin/core/session/index';
import { saveSecurityPolicy, getSecurityPolicy } from '@event-admin/core/settings/security-policy';
import * as User from '@event-admin/core/user/index';
import { inviteUserForm, securityPolicyForm, userIdInput } from '@event-admin/core/user/user.schema';
import type { Context } from '../context.ts';
import { confirmedProcedure, router, sessionProcedure } from '../init.ts';

const originOf = (ctx: Context) => ctx.origin ?? '';

/**
 * Settings > Team: the members, each an Administrator. Reading needs a member's session; every
 * change to the team needs the password confirmed (sudo mode), like an account change.
 */
export const usersRouter = router({
  list: sessionProcedure.query(({ ctx }) => User.list(ctx.db, ctx.config.admin)),
  invite: confirmedProcedure.input(inviteUserForm).mutation(({ ctx, input }) => User.invite(ctx.db, input, ctx.account, originOf(ctx))),
  disable: confirmedProcedure.input(userIdInput).mutation(async ({ ctx, input }) => {
    const user = await User.disable(ctx.db, input, ctx.account);
    await Session.endAllOf(ctx.db, user.id, ctx.account, `Ended when ${user.username} was disabled`);
  }),
  enable: confirmedProcedure.input(userIdInput).mutation(async ({ ctx, input }) => {
    await User.enable(ctx.db, input, ctx.account);
  }),
  reset: confirmedProcedure.input(userIdInput).mutation(async ({ ctx, input }) => {
    const invitation = await User.reset(ctx.db, input, ctx.account, originOf(ctx));
    await Session.endAllOf(ctx.db, invitation.user.id, ctx.account, `Ended when ${invitation.user.username} was reset`);
    return invitation;
  }),
  delete: confirmedProcedure.input(userIdInput).mutation(async ({ ctx, input }) => {
    await User.remove(ctx.db, input, ctx.account);
  }),
  /** "Require two-factor sign-in for every member" (Settings > Security). */
  securityPolicy: sessionProcedure.query(({ ctx }) => getSecurityPolicy(ctx.db)),
  saveSecurityPolicy: confirmedProcedure
    .input(securityPolicyForm)
    .mutation(({ ctx, input }) => saveSecurityPolicy(ctx.db, input, { ...ctx.account, twoFactorEnabled: ctx.user.twoFactorEnabled })),
});
