import * as Transaction from '@event-admin/core/transaction/index';
import * as Stats from '@event-admin/core/stats/index';
import { adminProcedure, router } from '../init.ts';

export const transactionsRouter = router({
  // A page, never the whole table: GET /api/transactions streams that.
  list: adminProcedure.input(Transaction.listPage.schema).query(({ ctx, input }) => Transaction.listPage(ctx.db, input)),
  page: adminProcedure.input(Transaction.page.schema).query(({ ctx, input }) => Transaction.page(ctx.db, input)),
  totals: adminProcedure.query(({ ctx }) => Stats.transactionTotals(ctx.db)),
  get: adminProcedure.input(Transaction.get.schema).query(({ ctx, input }) => Transaction.get(ctx.db, input)),
  create: adminProcedure.input(Transaction.create.schema).mutation(({ ctx, input }) => Transaction.create(ctx.db, input, ctx.actor)),
  updateStatus: adminProcedure
    .input(Transaction.updateStatus.schema)
    .mutation(({ ctx, input }) => Transaction.updateStatus(ctx.db, input, ctx.actor)),
  createRefund: adminProcedure
    .input(Transaction.createRefund.schema)
    .mutation(({ ctx, input }) => Transaction.createRefund(ctx.db, input, ctx.actor)),
  bulk: adminProcedure.input(Transaction.bulk.schema).mutation(({ ctx, input }) => Transaction.bulk(ctx.db, input, ctx.actor)),
});
