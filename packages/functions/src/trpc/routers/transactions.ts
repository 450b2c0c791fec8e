import * as Transaction from '@event-admin/core/transaction/index';
import * as Stats from '@event-admin/core/stats/index';
import { adminProcedure, router } from '../init.ts';

export const transactionsRouter = router({
  list: adminProcedure.query(({ ctx }) => Transaction.list(ctx.db)),
  listPage: adminProcedure.input(Transaction.listPage.schema).query(({ ctx, input }) => Transaction.listPage(ctx.db, input)),
  page: adminProcedure.input(Transaction.page.schema).query(({ ctx, input }) => Transaction.page(ctx.db, input)),
  totals: adminProcedure.query(({ ctx }) => Stats.transactionTotals(ctx.db)),
  create: adminProcedure.input(Transaction.create.schema).mutation(({ ctx, input }) => Transaction.create(ctx.db, input)),
});
