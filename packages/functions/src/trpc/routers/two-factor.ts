import { disableTwoFactorForm, enableTwoFactorInput } from '@event-admin/core/two-factor/two-factor.schema';
import * as TwoFactor from '@event-admin/core/two-factor/index';
import { router, sessionProcedure } from '../init.ts';

/** Two-factor sign-in (TOTP): set up, confirm with a first code, turn off. */
export const twoFactorRouter = router({
  setup: sessionProcedure.mutation(({ ctx }) => TwoFactor.setup(ctx.db, ctx.user.username)),
  enable: sessionProcedure.input(enableTwoFactorInput).mutation(({ ctx, input }) => TwoFactor.enable(ctx.db, input)),
  disable: sessionProcedure.input(disableTwoFactorForm).mutation(async ({ ctx, input }) => {
    await TwoFactor.disable(ctx.db, ctx.config.admin, input);
  }),
});
