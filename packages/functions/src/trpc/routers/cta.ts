import * as Cta from '@event-admin/core/cta/index';
import { adminProcedure, router } from '../init.ts';

export const ctaRouter = router({
  get: adminProcedure.input(Cta.get.schema).query(({ ctx, input }) => Cta.get(ctx.db, input)),
  save: adminProcedure.input(Cta.save.schema).mutation(({ ctx, input }) => Cta.save(ctx.db, input, ctx.actor)),
});
