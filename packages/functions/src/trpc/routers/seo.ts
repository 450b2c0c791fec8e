import { eventWithDetails, seoInfo } from '@event-admin/core/seo/seo.schema';
import { searchPageOf } from '@event-admin/core/shared.schema';
import * as Seo from '@event-admin/core/seo/index';
import { adminProcedure, answer, router } from '../init.ts';

export const seoRouter = router({
  page: adminProcedure
    .input(Seo.page.schema)
    .output(answer(searchPageOf(eventWithDetails)))
    .query(({ ctx, input }) => Seo.page(ctx.db, input)),
  get: adminProcedure
    .input(Seo.get.schema)
    .output(answer(seoInfo.nullable()))
    .query(({ ctx, input }) => Seo.get(ctx.db, input)),
  save: adminProcedure
    .input(Seo.save.schema)
    .output(answer(seoInfo))
    .mutation(({ ctx, input }) => Seo.save(ctx.db, input, ctx.actor)),
});
