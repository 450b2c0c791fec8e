import { pageOf, searchPageOf } from '@event-admin/core/shared.schema';
import { transactionTotals } from '@event-admin/core/stats/stats.schema';
import * as Transaction from '@event-admin/core/transaction/index';
import { bulkResults, transactionDetail, transactionInfo, transactionRow } from '@event-admin/core/transaction/transaction.schema';
import * as Stats from '@event-admin/core/stats/index';
import * as TicketPdf from '@event-admin/core/ticket/pdf.print';
import { printableTickets } from '@event-admin/core/ticket/pdf.schema';
import { adminProcedure, answer, router } from '../init.ts';

export const transactionsRouter = router({
  // A page, never the whole table: GET /api/transactions streams that.
  list: adminProcedure
    .input(Transaction.listPage.schema)
    .output(answer(pageOf(transactionInfo)))
    .query(({ ctx, input }) => Transaction.listPage(ctx.db, input)),
  page: adminProcedure
    .input(Transaction.page.schema)
    .output(answer(searchPageOf(transactionRow)))
    .query(({ ctx, input }) => Transaction.page(ctx.db, input)),
  totals: adminProcedure.output(answer(transactionTotals)).query(({ ctx }) => Stats.transactionTotals(ctx.db)),
  get: adminProcedure
    .input(Transaction.get.schema)
    .output(answer(transactionDetail))
    .query(({ ctx, input }) => Transaction.get(ctx.db, input)),
  /** What GET /api/transactions/{id}/tickets.pdf prints (the REST route draws the PDF of it). */
  printableTickets: adminProcedure
    .input(TicketPdf.printableTickets.schema)
    .output(answer(printableTickets))
    .query(({ ctx, input }) => TicketPdf.printableTickets(ctx.db, input)),
  create: adminProcedure
    .input(Transaction.create.schema)
    .output(answer(transactionInfo))
    .mutation(({ ctx, input }) => Transaction.create(ctx.db, input, ctx.actor)),
  updateStatus: adminProcedure
    .input(Transaction.updateStatus.schema)
    .output(answer(transactionDetail))
    .mutation(({ ctx, input }) => Transaction.updateStatus(ctx.db, input, ctx.actor)),
  createRefund: adminProcedure
    .input(Transaction.createRefund.schema)
    .output(answer(transactionDetail))
    .mutation(({ ctx, input }) => Transaction.createRefund(ctx.db, input, ctx.actor)),
  bulk: adminProcedure
    .input(Transaction.bulk.schema)
    .output(answer(bulkResults))
    .mutation(({ ctx, input }) => Transaction.bulk(ctx.db, input, ctx.actor)),
});
