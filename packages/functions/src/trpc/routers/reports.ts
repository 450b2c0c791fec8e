import * as Report from '@event-admin/core/report/index';
import { eventsReport, salesReport } from '@event-admin/core/report/report.schema';
import { adminProcedure, answer, router } from '../init.ts';

export const reportsRouter = router({
  sales: adminProcedure
    .input(Report.sales.schema)
    .output(answer(salesReport))
    .query(({ ctx, input }) => Report.sales(ctx.db, input)),
  events: adminProcedure
    .input(Report.eventsReport.schema)
    .output(answer(eventsReport))
    .query(({ ctx, input }) => Report.eventsReport(ctx.db, input)),
});
