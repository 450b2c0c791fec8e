import * as ContentBlock from '@event-admin/core/content-block/index';
import { adminProcedure, router } from '../init.ts';

export const contentBlocksRouter = router({
  get: adminProcedure.input(ContentBlock.get.schema).query(({ ctx, input }) => ContentBlock.get(ctx.db, input)),
  save: adminProcedure.input(ContentBlock.save.schema).mutation(({ ctx, input }) => ContentBlock.save(ctx.db, input, ctx.actor)),
});
