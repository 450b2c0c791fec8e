import { Team } from '@event-admin/core/account/index';
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
  invite: confirmedProcedure
    .input(inviteUserForm)
    .mutation(({ ctx, input }) => User.invite(ctx.db, input, { actor: ctx.account, origin: originOf(ctx) })),
  disable: confirmedProcedure.input(userIdInput).mutation(async ({ ctx, input }) => {
    await Team.disable(ctx.db, input, ctx.account);
  }),
  enable: confirmedProcedure.input(userIdInput).mutation(async ({ ctx, input }) => {
    await Team.enable(ctx.db, input, ctx.account);
  }),
  reset: confirmedProcedure
    .input(userIdInput)
    .mutation(({ ctx, input }) => Team.reset(ctx.db, input, { actor: ctx.account, origin: originOf(ctx) })),
  delete: confirmedProcedure.input(userIdInput).mutation(async ({ ctx, input }) => {
    await User.remove(ctx.db, input, ctx.account);
  }),
  /** "Require two-factor sign-in for every member" (Settings > Security). */
  securityPolicy: sessionProcedure.query(({ ctx }) => getSecurityPolicy(ctx.db)),
  saveSecurityPolicy: confirmedProcedure
    .input(securityPolicyForm)
    .mutation(({ ctx, input }) => saveSecurityPolicy(ctx.db, input, { ...ctx.account, twoFactorEnabled: ctx.user.twoFactorEnabled })),
});
