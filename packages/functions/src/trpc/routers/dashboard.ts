import * as Stats from '@event-admin/core/stats/index';
import { adminProcedure, router } from '../init.ts';

export const dashboardRouter = router({
  stats: adminProcedure.query(({ ctx }) => Stats.dashboard(ctx.db)),
  topEvents: adminProcedure.query(({ ctx }) => Stats.topEvents(ctx.db)),
  eventsByStatus: adminProcedure.query(({ ctx }) => Stats.eventsByStatus(ctx.db)),
  upcoming: adminProcedure.input(Stats.upcoming.schema).query(({ ctx, input }) => Stats.upcoming(ctx.db, input)),
});
