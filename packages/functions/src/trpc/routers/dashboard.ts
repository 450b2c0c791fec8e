import * as z from 'zod';
import { eventInfo } from '@event-admin/core/event/event.schema';
import { dashboardStats, eventsByStatus, topEvent } from '@event-admin/core/stats/stats.schema';
import * as Stats from '@event-admin/core/stats/index';
import { adminProcedure, answer, router } from '../init.ts';

export const dashboardRouter = router({
  stats: adminProcedure.output(answer(dashboardStats)).query(({ ctx }) => Stats.dashboard(ctx.db)),
  topEvents: adminProcedure.output(answer(z.array(topEvent))).query(({ ctx }) => Stats.topEvents(ctx.db)),
  eventsByStatus: adminProcedure.output(answer(eventsByStatus)).query(({ ctx }) => Stats.eventsByStatus(ctx.db)),
  upcoming: adminProcedure
    .input(Stats.upcoming.schema)
    .output(answer(z.array(eventInfo)))
    .query(({ ctx, input }) => Stats.upcoming(ctx.db, input)),
});
