import * as z from 'zod';
import { eventInfo } from '@event-admin/core/event/event.schema';
import * as Event from '@event-admin/core/event/index';
import { eventWithDetails } from '@event-admin/core/seo/seo.schema';
import { pageOf, searchPageOf } from '@event-admin/core/shared.schema';
import * as Seo from '@event-admin/core/seo/index';
import { adminProcedure, answer, router } from '../init.ts';

export const eventsRouter = router({
  // A page ({limit, cursor} -> {items, nextCursor}), never the whole table: GET /api/events streams that.
  list: adminProcedure
    .input(Event.listPage.schema)
    .output(answer(pageOf(eventInfo)))
    .query(({ ctx, input }) => Event.listPage(ctx.db, input)),
  page: adminProcedure
    .input(Event.page.schema)
    .output(answer(searchPageOf(eventInfo)))
    .query(({ ctx, input }) => Event.page(ctx.db, input)),
  recent: adminProcedure
    .input(Event.recent.schema)
    .output(answer(z.array(eventInfo)))
    .query(({ ctx, input }) => Event.recent(ctx.db, input)),
  get: adminProcedure
    .input(Event.get.schema)
    .output(answer(eventInfo))
    .query(({ ctx, input }) => Event.get(ctx.db, input)),
  listWithDetails: adminProcedure
    .input(Seo.listWithDetailsPage.schema)
    .output(answer(pageOf(eventWithDetails)))
    .query(({ ctx, input }) => Seo.listWithDetailsPage(ctx.db, input)),
  create: adminProcedure
    .input(Event.create.schema)
    .output(answer(eventInfo))
    .mutation(({ ctx, input }) => Event.create(ctx.db, input, ctx.actor)),
  update: adminProcedure
    .input(Event.update.schema)
    .output(answer(eventInfo))
    .mutation(async ({ ctx, input }) => {
      const event = await Event.update(ctx.db, input, ctx.actor);
      // A new title is put on the event's purchases by a job queued with the save: start it, do not wait.
      await ctx.jobs?.kick();
      return event;
    }),
  archive: adminProcedure
    .input(Event.archive.schema)
    .output(answer(eventInfo))
    .mutation(({ ctx, input }) => Event.archive(ctx.db, input, ctx.actor)),
  unarchive: adminProcedure
    .input(Event.unarchive.schema)
    .output(answer(eventInfo))
    .mutation(({ ctx, input }) => Event.unarchive(ctx.db, input, ctx.actor)),
  delete: adminProcedure
    .input(Event.remove.schema)
    .output(answer(z.void()))
    .mutation(async ({ ctx, input }) => {
      await Event.remove(ctx.db, input, ctx.actor);
    }),
  addViews: adminProcedure
    .input(Event.addViews.schema)
    .output(answer(eventInfo))
    .mutation(({ ctx, input }) => Event.addViews(ctx.db, input)),
});
