import { auditPage } from '@event-admin/core/audit/audit.schema';
import * as Audit from '@event-admin/core/audit/index';
import { adminProcedure, answer, router } from '../init.ts';

export const auditRouter = router({
  list: adminProcedure
    .input(Audit.list.schema)
    .output(answer(auditPage))
    .query(({ ctx, input }) => Audit.list(ctx.db, input)),
});
