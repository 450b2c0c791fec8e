import { createApiTokenInput, revokeApiTokenInput } from '@event-admin/core/api-token/api-token.schema';
import * as ApiToken from '@event-admin/core/api-token/index';
import { router, sessionProcedure } from '../init.ts';

/** API tokens for integrations: managed by the administrator's own session, never by a token. */
export const tokensRouter = router({
  list: sessionProcedure.query(({ ctx }) => ApiToken.list(ctx.db)),
  create: sessionProcedure.input(createApiTokenInput).mutation(({ ctx, input }) => ApiToken.create(ctx.db, input)),
  delete: sessionProcedure.input(revokeApiTokenInput).mutation(async ({ ctx, input }) => {
    await ApiToken.revoke(ctx.db, input);
  }),
});
