import * as Address from '@event-admin/core/address/index';
import * as Customer from '@event-admin/core/customer/index';
import { adminProcedure, router } from '../init.ts';

export const customersRouter = router({
  // A page, never the whole table: GET /api/customers streams that.
  list: adminProcedure.input(Customer.listPage.schema).query(({ ctx, input }) => Customer.listPage(ctx.db, input)),
  page: adminProcedure.input(Customer.page.schema).query(({ ctx, input }) => Customer.page(ctx.db, input)),
  totals: adminProcedure.query(({ ctx }) => Customer.totals(ctx.db)),
  get: adminProcedure.input(Customer.get.schema).query(({ ctx, input }) => Customer.get(ctx.db, input)),
  create: adminProcedure.input(Customer.create.schema).mutation(({ ctx, input }) => Customer.create(ctx.db, input, ctx.actor)),
  update: adminProcedure.input(Customer.update.schema).mutation(async ({ ctx, input }) => {
    const customer = await Customer.update(ctx.db, input, ctx.actor);
    // A new name is put on the customer's purchases by a job queued with the save: start it, do not wait.
    await ctx.jobs?.kick();
    return customer;
  }),
  erase: adminProcedure.input(Customer.erase.schema).mutation(async ({ ctx, input }) => {
    const customer = await Customer.erase(ctx.db, input, ctx.actor);
    // What the request did not finish (a long history) goes on in the background: start it now.
    if (customer.erasure === 'in_progress') await ctx.jobs?.kick();
    return customer;
  }),
  delete: adminProcedure.input(Customer.delete.schema).mutation(({ ctx, input }) => Customer.delete(ctx.db, input, ctx.actor)),
  transactions: adminProcedure.input(Customer.transactions.schema).query(({ ctx, input }) => Customer.transactions(ctx.db, input)),
  transactionHistory: adminProcedure
    .input(Customer.transactionHistory.schema)
    .query(({ ctx, input }) => Customer.transactionHistory(ctx.db, input)),
  addresses: adminProcedure.input(Customer.addresses.schema).query(({ ctx, input }) => Customer.addresses(ctx.db, input)),
  createAddress: adminProcedure.input(Address.create.schema).mutation(({ ctx, input }) => Address.create(ctx.db, input, ctx.actor)),
});
