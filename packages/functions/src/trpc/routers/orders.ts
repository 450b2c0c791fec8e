import * as Hold from '@event-admin/core/hold/index';
import { holdInfo } from '@event-admin/core/hold/hold.schema';
import * as Order from '@event-admin/core/order/index';
import { orderInfo } from '@event-admin/core/order/order.schema';
import * as z from 'zod';
import { adminProcedure, answer, router } from '../init.ts';

export const ordersRouter = router({
  create: adminProcedure
    .input(Order.create.schema)
    .output(answer(orderInfo))
    .mutation(({ ctx, input }) => Order.create(ctx.db, input, ctx.actor)),
});

/** Holds for a storefront's checkout: kept, read, released, confirmed into an order. */
export const holdsRouter = router({
  create: adminProcedure
    .input(Hold.create.schema)
    .output(answer(holdInfo))
    .mutation(({ ctx, input }) => Hold.create(ctx.db, input, ctx.actor)),
  get: adminProcedure
    .input(Hold.get.schema)
    .output(answer(holdInfo))
    .query(({ ctx, input }) => Hold.get(ctx.db, input)),
  release: adminProcedure
    .input(Hold.release.schema)
    .output(answer(z.void()))
    .mutation(({ ctx, input }) => Hold.release(ctx.db, input, ctx.actor)),
  confirm: adminProcedure
    .input(Order.confirmHold.schema)
    .output(answer(orderInfo))
    .mutation(({ ctx, input }) => Order.confirmHold(ctx.db, input, ctx.actor)),
});
