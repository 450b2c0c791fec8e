import * as z from 'zod';
import { revokeSessionInput, sessionInfo } from '@event-admin/core/session/session.schema';
import * as Session from '@event-admin/core/session/index';
import { answer, confirmedProcedure, router, sessionProcedure } from '../init.ts';

/** Manage Sessions: the member's own signed-in browsers; revoking needs a confirmed password. */
export const sessionsRouter = router({
  list: sessionProcedure.output(answer(z.array(sessionInfo))).query(({ ctx }) => Session.list(ctx.db, ctx.user)),
  delete: confirmedProcedure
    .input(revokeSessionInput)
    .output(answer(z.void()))
    .mutation(async ({ ctx, input }) => {
      await Session.revoke(ctx.db, input, ctx.account);
    }),
  revokeOthers: confirmedProcedure.output(answer(z.void())).mutation(async ({ ctx }) => {
    await Session.revokeOthers(ctx.db, ctx.user.sessionId, ctx.account);
  }),
});
