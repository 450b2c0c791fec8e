import { revokeSessionInput } from '@event-admin/core/session/session.schema';
import * as Session from '@event-admin/core/session/index';
import { router, sessionProcedure } from '../init.ts';

/** Manage Sessions: the administrator's signed-in browsers. */
export const sessionsRouter = router({
  list: sessionProcedure.query(({ ctx }) => Session.list(ctx.db, ctx.user.sessionId)),
  delete: sessionProcedure.input(revokeSessionInput).mutation(async ({ ctx, input }) => {
    await Session.revoke(ctx.db, input);
  }),
  revokeOthers: sessionProcedure.mutation(async ({ ctx }) => {
    await Session.revokeOthers(ctx.db, ctx.user.sessionId);
  }),
});
