import { ctaInfo } from '@event-admin/core/cta/cta.schema';
import * as Cta from '@event-admin/core/cta/index';
import { adminProcedure, answer, router } from '../init.ts';

export const ctaRouter = router({
  get: adminProcedure
    .input(Cta.get.schema)
    .output(answer(ctaInfo.nullable()))
    .query(({ ctx, input }) => Cta.get(ctx.db, input)),
  save: adminProcedure
    .input(Cta.save.schema)
    .output(answer(ctaInfo))
    .mutation(({ ctx, input }) => Cta.save(ctx.db, input, ctx.actor)),
});
