import { disableTwoFactorForm, enableTwoFactorInput } from '@event-admin/core/two-factor/two-factor.schema';
import * as Account from '@event-admin/core/account/index';
import * as TwoFactor from '@event-admin/core/two-factor/index';
import { confirmedProcedure, router } from '../init.ts';

/** Two-factor sign-in (TOTP): set up, confirm with a first code, turn off; each needs a confirmed password. */
export const twoFactorRouter = router({
  setup: confirmedProcedure.mutation(({ ctx }) => TwoFactor.setup(ctx.db, ctx.account)),
  enable: confirmedProcedure.input(enableTwoFactorInput).mutation(({ ctx, input }) => Account.enableTwoFactor(ctx.db, input, ctx.account)),
  disable: confirmedProcedure.input(disableTwoFactorForm).mutation(async ({ ctx, input }) => {
    await Account.disableTwoFactor(ctx.db, input, { admin: ctx.config.admin, actor: ctx.account });
  }),
});
