import * as Settings from '@event-admin/core/settings/index';
import { appSettingsInfo } from '@event-admin/core/settings/settings.schema';
import { adminProcedure, answer, router } from '../init.ts';

export const settingsRouter = router({
  get: adminProcedure.output(answer(appSettingsInfo)).query(({ ctx }) => Settings.get(ctx.db)),
  save: adminProcedure
    .input(Settings.save.schema)
    .output(answer(appSettingsInfo))
    .mutation(async ({ ctx, input }) => {
      const saved = await Settings.save(ctx.db, input, ctx.actor);
      // A new zone queued the rebuild of the day figures with the save: start it, do not wait.
      await ctx.jobs?.kick();
      return saved;
    }),
});
