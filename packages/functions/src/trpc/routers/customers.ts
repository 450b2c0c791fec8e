import * as Address from '@event-admin/core/address/index';
import * as Customer from '@event-admin/core/customer/index';
import { adminProcedure, router } from '../init.ts';

export const customersRouter = router({
  list: adminProcedure.query(({ ctx }) => Customer.list(ctx.db)),
  page: adminProcedure.input(Customer.page.schema).query(({ ctx, input }) => Customer.page(ctx.db, input)),
  totals: adminProcedure.query(({ ctx }) => Customer.totals(ctx.db)),
  byId: adminProcedure.input(Customer.get.schema).query(({ ctx, input }) => Customer.get(ctx.db, input)),
  create: adminProcedure.input(Customer.create.schema).mutation(({ ctx, input }) => Customer.create(ctx.db, input)),
  update: adminProcedure.input(Customer.update.schema).mutation(({ ctx, input }) => Customer.update(ctx.db, input)),
  purchases: adminProcedure.input(Customer.purchases.schema).query(({ ctx, input }) => Customer.purchases(ctx.db, input)),
  purchaseHistory: adminProcedure.input(Customer.purchaseHistory.schema).query(({ ctx, input }) => Customer.purchaseHistory(ctx.db, input)),
  addresses: adminProcedure.input(Customer.addresses.schema).query(({ ctx, input }) => Customer.addresses(ctx.db, input)),
  addAddress: adminProcedure.input(Address.add.schema).mutation(({ ctx, input }) => Address.add(ctx.db, input)),
});
