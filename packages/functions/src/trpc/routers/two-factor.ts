import * as z from 'zod';
import { disableTwoFactorForm, enableTwoFactorInput, recoveryCodes, twoFactorSetup } from '@event-admin/core/two-factor/two-factor.schema';
import * as Account from '@event-admin/core/account/index';
import * as TwoFactor from '@event-admin/core/two-factor/index';
import { answer, confirmedProcedure, router } from '../init.ts';

/** Two-factor sign-in (TOTP): set up, confirm with a first code, turn off; each needs a confirmed password. */
export const twoFactorRouter = router({
  setup: confirmedProcedure.output(answer(twoFactorSetup)).mutation(({ ctx }) => TwoFactor.setup(ctx.db, ctx.account)),
  enable: confirmedProcedure
    .input(enableTwoFactorInput)
    .output(answer(recoveryCodes))
    .mutation(({ ctx, input }) => Account.enableTwoFactor(ctx.db, input, ctx.account)),
  disable: confirmedProcedure
    .input(disableTwoFactorForm)
    .output(answer(z.void()))
    .mutation(async ({ ctx, input }) => {
      await Account.disableTwoFactor(ctx.db, input, { admin: ctx.config.admin, actor: ctx.account });
    }),
});
