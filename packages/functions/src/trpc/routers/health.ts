import * as Health from '@event-admin/core/health';
import { publicProcedure, router } from '../init.ts';

export const healthRouter = router({
  check: publicProcedure.query(({ ctx }) => Health.check(ctx.db)),
});
