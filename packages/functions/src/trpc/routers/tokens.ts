import * as z from 'zod';
import { apiTokenInfo, createApiTokenInput, createdApiToken, revokeApiTokenInput } from '@event-admin/core/api-token/api-token.schema';
import * as ApiToken from '@event-admin/core/api-token/index';
import { accountOf, answer, confirmedProcedure, router, sessionProcedure } from '../init.ts';

/**
 * API tokens for integrations: each member's own, managed from their session, never by a token.
 * Creating one needs a confirmed password (a stolen session must not mint lasting access).
 */
export const tokensRouter = router({
  list: sessionProcedure.output(answer(z.array(apiTokenInfo))).query(({ ctx }) => ApiToken.list(ctx.db, ctx.user.userId)),
  create: confirmedProcedure
    .input(createApiTokenInput)
    .output(answer(createdApiToken))
    .mutation(({ ctx, input }) => ApiToken.create(ctx.db, input, ctx.account)),
  delete: sessionProcedure
    .input(revokeApiTokenInput)
    .output(answer(z.void()))
    .mutation(async ({ ctx, input }) => {
      await ApiToken.revoke(ctx.db, input, accountOf(ctx));
    }),
});
