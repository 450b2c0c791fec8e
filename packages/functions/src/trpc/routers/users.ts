import { Team } from '@event-admin/core/account/index';
import { saveSecurityPolicy, getSecurityPolicy } from '@event-admin/core/settings/security-policy';
import * as User from '@event-admin/core/user/index';
import * as z from 'zod';
import { invitation, inviteUserForm, securityPolicy, securityPolicyForm, userIdInput, userInfo } from '@event-admin/core/user/user.schema';
import type { Context } from '../context.ts';
import { answer, confirmedProcedure, router, sessionProcedure } from '../init.ts';

const originOf = (ctx: Context) => ctx.origin ?? '';

/**
 * Settings > Team: the members, each an Administrator. Reading needs a member's session; every
 * change to the team needs the password confirmed (sudo mode), like an account change.
 */
export const usersRouter = router({
  list: sessionProcedure.output(answer(z.array(userInfo))).query(({ ctx }) => User.list(ctx.db, ctx.config.admin)),
  invite: confirmedProcedure
    .input(inviteUserForm)
    .output(answer(invitation))
    .mutation(({ ctx, input }) => User.invite(ctx.db, input, { actor: ctx.account, origin: originOf(ctx) })),
  disable: confirmedProcedure
    .input(userIdInput)
    .output(answer(z.void()))
    .mutation(async ({ ctx, input }) => {
      await Team.disable(ctx.db, input, ctx.account);
    }),
  enable: confirmedProcedure
    .input(userIdInput)
    .output(answer(z.void()))
    .mutation(async ({ ctx, input }) => {
      await Team.enable(ctx.db, input, ctx.account);
    }),
  reset: confirmedProcedure
    .input(userIdInput)
    .output(answer(invitation))
    .mutation(({ ctx, input }) => Team.reset(ctx.db, input, { actor: ctx.account, origin: originOf(ctx) })),
  delete: confirmedProcedure
    .input(userIdInput)
    .output(answer(z.void()))
    .mutation(async ({ ctx, input }) => {
      await User.remove(ctx.db, input, ctx.account);
    }),
  /** "Require two-factor sign-in for every member" (Settings > Security). */
  securityPolicy: sessionProcedure.output(answer(securityPolicy)).query(({ ctx }) => getSecurityPolicy(ctx.db)),
  saveSecurityPolicy: confirmedProcedure
    .input(securityPolicyForm)
    .output(answer(securityPolicy))
    .mutation(({ ctx, input }) => saveSecurityPolicy(ctx.db, input, { ...ctx.account, twoFactorEnabled: ctx.user.twoFactorEnabled })),
});
