import * as z from 'zod';
import { disableTwoFactorForm, enableTwoFactorInput, recoveryCodes, twoFactorSetup } from '@event-admin/core/two-factor/two-factor.schema';
import * as Session from '@event-admin/core/session/index';
import * as TwoFactor from '@event-admin/core/two-factor/index';
import { answer, confirmedProcedure, router } from '../init.ts';

/** Two-factor sign-in (TOTP): set up, confirm with a first code, turn off; each needs a confirmed password. */
export const twoFactorRouter = router({
  setup: confirmedProcedure.output(answer(twoFactorSetup)).mutation(({ ctx }) => TwoFactor.setup(ctx.db, ctx.account)),
  enable: confirmedProcedure
    .input(enableTwoFactorInput)
    .output(answer(recoveryCodes))
    .mutation(async ({ ctx, input }) => {
      const enabled = await TwoFactor.enable(ctx.db, input, ctx.account);
      Session.forgetMember(ctx.db, ctx.account.userId);
      return enabled;
    }),
  disable: confirmedProcedure
    .input(disableTwoFactorForm)
    .output(answer(z.void()))
    .mutation(async ({ ctx, input }) => {
      await Session.disableTwoFactor(ctx.db, ctx.config.admin, input, ctx.account);
      Session.forgetMember(ctx.db, ctx.account.userId);
    }),
});
