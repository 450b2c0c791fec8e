import * as Audit from '@event-admin/core/audit/index';
import { adminProcedure, router } from '../init.ts';

export const auditRouter = router({
  list: adminProcedure.input(Audit.list.schema).query(({ ctx, input }) => Audit.list(ctx.db, input)),
});
