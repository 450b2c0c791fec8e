import * as Seo from '@event-admin/core/seo/index';
import { adminProcedure, router } from '../init.ts';

export const seoRouter = router({
  page: adminProcedure.input(Seo.page.schema).query(({ ctx, input }) => Seo.page(ctx.db, input)),
  get: adminProcedure.input(Seo.get.schema).query(({ ctx, input }) => Seo.get(ctx.db, input)),
  save: adminProcedure.input(Seo.save.schema).mutation(({ ctx, input }) => Seo.save(ctx.db, input, ctx.actor)),
});
