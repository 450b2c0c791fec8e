import { contentBlocksInfo } from '@event-admin/core/content-block/content-block.schema';
import * as ContentBlock from '@event-admin/core/content-block/index';
import { adminProcedure, answer, router } from '../init.ts';

export const contentBlocksRouter = router({
  get: adminProcedure
    .input(ContentBlock.get.schema)
    .output(answer(contentBlocksInfo))
    .query(({ ctx, input }) => ContentBlock.get(ctx.db, input)),
  save: adminProcedure
    .input(ContentBlock.save.schema)
    .output(answer(contentBlocksInfo))
    .mutation(({ ctx, input }) => ContentBlock.save(ctx.db, input, ctx.actor)),
});
