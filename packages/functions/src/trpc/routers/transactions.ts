import * as Purchase from '@event-admin/core/purchase/index';
import * as Stats from '@event-admin/core/stats/index';
import { adminProcedure, router } from '../init.ts';

export const transactionsRouter = router({
  list: adminProcedure.query(({ ctx }) => Purchase.list(ctx.db)),
  page: adminProcedure.input(Purchase.page.schema).query(({ ctx, input }) => Purchase.page(ctx.db, input)),
  totals: adminProcedure.query(({ ctx }) => Stats.transactionTotals(ctx.db)),
  create: adminProcedure.input(Purchase.create.schema).mutation(({ ctx, input }) => Purchase.create(ctx.db, input)),
});
