import * as Settings from '@event-admin/core/settings/index';
import { adminProcedure, router } from '../init.ts';

export const settingsRouter = router({
  get: adminProcedure.query(({ ctx }) => Settings.get(ctx.db)),
  save: adminProcedure.input(Settings.save.schema).mutation(({ ctx, input }) => Settings.save(ctx.db, input, ctx.actor)),
});
