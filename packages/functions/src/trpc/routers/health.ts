import * as Health from '@event-admin/core/health';
import { healthStatus } from '@event-admin/core/health.schema';
import { answer, publicProcedure, router } from '../init.ts';

export const healthRouter = router({
  check: publicProcedure.output(answer(healthStatus)).query(({ ctx }) => Health.check(ctx.db)),
});
