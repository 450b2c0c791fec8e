import * as Address from '@event-admin/core/address/index';
import { addressInfo } from '@event-admin/core/address/address.schema';
import { customerInfo, customerTotals } from '@event-admin/core/customer/customer.schema';
import * as Customer from '@event-admin/core/customer/index';
import { pageOf, searchPageOf } from '@event-admin/core/shared.schema';
import { transactionInfo, transactionRow } from '@event-admin/core/transaction/transaction.schema';
import * as z from 'zod';
import { adminProcedure, answer, router } from '../init.ts';

export const customersRouter = router({
  // A page, never the whole table: GET /api/customers streams that.
  list: adminProcedure
    .input(Customer.listPage.schema)
    .output(answer(pageOf(customerInfo)))
    .query(({ ctx, input }) => Customer.listPage(ctx.db, input)),
  page: adminProcedure
    .input(Customer.page.schema)
    .output(answer(searchPageOf(customerInfo)))
    .query(({ ctx, input }) => Customer.page(ctx.db, input)),
  totals: adminProcedure.output(answer(customerTotals)).query(({ ctx }) => Customer.totals(ctx.db)),
  get: adminProcedure
    .input(Customer.get.schema)
    .output(answer(customerInfo))
    .query(({ ctx, input }) => Customer.get(ctx.db, input)),
  create: adminProcedure
    .input(Customer.create.schema)
    .output(answer(customerInfo))
    .mutation(({ ctx, input }) => Customer.create(ctx.db, input, ctx.actor)),
  update: adminProcedure
    .input(Customer.update.schema)
    .output(answer(customerInfo))
    .mutation(async ({ ctx, input }) => {
      const customer = await Customer.update(ctx.db, input, ctx.actor);
      // A new name is put on the customer's purchases by a job queued with the save: start it, do not wait.
      await ctx.jobs?.kick();
      return customer;
    }),
  erase: adminProcedure
    .input(Customer.erase.schema)
    .output(answer(customerInfo))
    .mutation(async ({ ctx, input }) => {
      const customer = await Customer.erase(ctx.db, input, ctx.actor);
      // What the request did not finish (a long history) goes on in the background: start it now.
      if (customer.erasure === 'in_progress') await ctx.jobs?.kick();
      return customer;
    }),
  delete: adminProcedure
    .input(Customer.delete.schema)
    .output(answer(z.void()))
    .mutation(({ ctx, input }) => Customer.delete(ctx.db, input, ctx.actor)),
  transactions: adminProcedure
    .input(Customer.transactions.schema)
    .output(answer(z.array(transactionInfo)))
    .query(({ ctx, input }) => Customer.transactions(ctx.db, input)),
  transactionHistory: adminProcedure
    .input(Customer.transactionHistory.schema)
    .output(answer(z.array(transactionRow)))
    .query(({ ctx, input }) => Customer.transactionHistory(ctx.db, input)),
  addresses: adminProcedure
    .input(Customer.addresses.schema)
    .output(answer(z.array(addressInfo)))
    .query(({ ctx, input }) => Customer.addresses(ctx.db, input)),
  createAddress: adminProcedure
    .input(Address.create.schema)
    .output(answer(addressInfo))
    .mutation(({ ctx, input }) => Address.create(ctx.db, input, ctx.actor)),
});
