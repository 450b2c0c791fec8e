import * as Report from '@event-admin/core/report/index';
import { adminProcedure, router } from '../init.ts';

export const reportsRouter = router({
  sales: adminProcedure.input(Report.sales.schema).query(({ ctx, input }) => Report.sales(ctx.db, input)),
  events: adminProcedure.input(Report.eventsReport.schema).query(({ ctx, input }) => Report.eventsReport(ctx.db, input)),
});
